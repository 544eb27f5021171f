package dev.videoautomation.clone.videos;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.common.JobOptions;
import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.clone.sources.ProviderFiles.ProviderFile;
import dev.videoautomation.clone.sources.ProviderFiles;
import dev.videoautomation.clone.sources.Sources;
import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.token.Caller;

/** Clone renders: a generated video (mode {@code clone}) made by the motion-control model, then given its soundtrack. */
@ApplicationScoped
public class VideoService {
  static final int MAX_PROMPT = 2500;

  private final TaskService tasks;
  private final QueueProvider provider;
  private final Sources sources;
  private final ProviderFiles files;
  private final JobOptions options;
  private final CloneConfig config;
  private final DryRuns dryRuns;

  public VideoService(TaskService tasks, QueueProvider provider, Sources sources, ProviderFiles files,
      JobOptions options, CloneConfig config, DryRuns dryRuns) {
    this.tasks = tasks;
    this.provider = provider;
    this.sources = sources;
    this.files = files;
    this.options = options;
    this.config = config;
    this.dryRuns = dryRuns;
  }

  /** Charges and queues a render; its answer carries the webhook secret, shown this once, when a webhook was given. */
  public VideoDtos.Started start(String clientId, VideoDtos.CloneVideoRequest request) {
    if (request == null) {
      throw new ApiException(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object.");
    }
    var image = image(request, clientId);
    var prompt = request.prompt() == null || request.prompt().isBlank() ? null : request.prompt().strip();
    if (prompt != null && prompt.length() > MAX_PROMPT) {
      throw ApiException.invalidField("prompt", "must be at most " + MAX_PROMPT + " characters");
    }
    var deadline = options.deadline("video", request.deadlineSeconds());
    var webhookUrl = options.webhookUrl(request.webhookUrl());
    var sourceVideo = sources.check(request.sourceVideoUrl(), "sourceVideoUrl");
    // Only a request that is right in every field learns what this deployment lacks.
    options.requireWebhookKey(webhookUrl);
    provider.requireConfigured("Clone rendering");
    var own = sources.own(sourceVideo, "sourceVideoUrl", clientId);
    if (own.isEmpty()) {
      // An outside source is staged before the task is charged, so the charge is judged first: a dry run ends here
      // with its quote, and a charge billing would refuse is refused before the staging. Its own source is judged
      // further, and ends where the task would be charged (TaskService.start).
      dryRuns.judgeBeforeWork(clientId, SpendingOperation.CREATE_CLONE_VIDEO, 1, Map.of());
    }
    var source = own.orElseGet(() -> sources.stage(sourceVideo, "sourceVideoUrl", clientId, List.of("video/*")));
    var duration = source.durationSeconds();
    if (duration != null && (duration < config.check().minDurationSeconds()
        || duration > config.check().maxDurationSeconds())) {
      throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE, "The source video is " + duration + " s long; clone "
          + "renders take " + config.check().minDurationSeconds() + " to " + config.check().maxDurationSeconds()
          + " s. Check it with POST /v1/clones/check.").with("field", "sourceVideoUrl"));
    }
    var arguments = new LinkedHashMap<String, Object>();
    if (prompt != null) {
      arguments.put("prompt", prompt);
    }
    var video = files.stored(source.id(), source.url(), source.sizeBytes(), "sourceVideoUrl");
    arguments.put("image_url", image.argument());
    arguments.put("video_url", video.argument());
    arguments.put("character_orientation", config.models().motionOrientation());
    arguments.put("keep_original_sound", false);
    var input = new HashMap<String, Object>();
    input.put("arguments", arguments);
    input.put(Task.INLINE, ProviderFile.inlined(List.of(image, video)));
    input.put("sourceMediaId", source.id());
    input.put("sourceUrl", source.url());
    var id = Ids.newId(IdPrefix.VID);
    var task = tasks.start(new TaskService.Draft(id, "video", "clone", clientId, config.models().motion(), "clone",
        prompt, input, SpendingOperation.CREATE_CLONE_VIDEO.billingOperationName(), Map.of(), webhookUrl, deadline));
    return new VideoDtos.Started(task.id, task.id, task.status, task.mode, task.model, task.creditsCharged,
        "/v1/clones/video/" + task.id, options.webhookSecret(id, webhookUrl));
  }

  /**
   * A generated video as records reads it (docs/internal-api.md §3.11): any with a service subject, only its own with
   * a client subject; another client's is as absent (404) as one that never existed.
   */
  public VideoDtos.InternalVideo internal(String id, Caller who) {
    return tasks.find(id).filter(t -> "video".equals(t.kind))
        .filter(t -> who.isService() || t.clientId.equals(who.clientId())).map(VideoDtos.InternalVideo::from)
        .orElseThrow(() -> ApiException.notFound("Video " + id));
  }

  private ProviderFile image(VideoDtos.CloneVideoRequest request, String clientId) {
    var frame = request.startingFrameUrl();
    var character = request.characterImageUrl();
    if (frame != null && character != null) {
      throw ApiException.invalidField("characterImageUrl", "must not be given with startingFrameUrl; send one of them");
    }
    if (frame == null && character == null) {
      throw ApiException.invalidField("startingFrameUrl", "or characterImageUrl is required");
    }
    var field = frame != null ? "startingFrameUrl" : "characterImageUrl";
    var image = files.image(frame != null ? frame : character, field, clientId);
    if (image == null) {
      throw ApiException.invalidField(field, "must be an http(s) URL or a med_ id");
    }
    return image;
  }
}
