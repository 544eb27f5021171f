package dev.videoautomation.clone.images;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.common.JobOptions;
import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.clone.sources.ProviderFiles.ProviderFile;
import dev.videoautomation.clone.sources.ProviderFiles;
import dev.videoautomation.clone.sources.Sources;
import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Image tasks: {@code POST /v1/images/generate}, and the clone workflow's character and starting frame, which are
 * image tasks too (polled at {@code GET /v1/images/{id}}). Each is charged as its row of platform's spending table
 * says ({@code image.generate}), at its resolution: the caller's for generate, {@code clone.images.clone-resolution}
 * for character and frame.
 */
@ApplicationScoped
public class ImageService {
  static final Set<String> RESOLUTIONS = Set.of("1K", "2K", "4K");
  static final Set<String> FORMATS = Set.of("png", "jpg");
  static final Set<String> ASPECT_RATIOS = Set.of("auto", "21:9", "16:9", "3:2", "4:3", "5:4", "1:1", "4:5", "3:4",
      "2:3", "9:16");
  static final int MAX_PROMPT = 4000;

  private final TaskService tasks;
  private final QueueProvider provider;
  private final Sources sources;
  private final ProviderFiles files;
  private final MediaCalls media;
  private final MediaTools tools;
  private final JobOptions options;
  private final CloneConfig config;
  private final DryRuns dryRuns;

  public ImageService(TaskService tasks, QueueProvider provider, Sources sources, ProviderFiles files,
      MediaCalls media, MediaTools tools, JobOptions options, CloneConfig config, DryRuns dryRuns) {
    this.tasks = tasks;
    this.provider = provider;
    this.sources = sources;
    this.files = files;
    this.media = media;
    this.tools = tools;
    this.options = options;
    this.config = config;
    this.dryRuns = dryRuns;
  }

  /** What a caller asked of the job itself: its one-off receiver (checked) and its deadline. */
  private record Job(String webhookUrl, Duration deadline) {
  }

  /** The job fields of a request, checked with its other fields; the webhook key is required only after them. */
  private Job job(String webhookUrl, Integer deadlineSeconds) {
    return new Job(options.webhookUrl(webhookUrl), options.deadline("image", deadlineSeconds));
  }

  public ImageDtos.Started generate(String clientId, ImageDtos.GenerateRequest request) {
    requireBody(request);
    var prompt = prompt(request.prompt());
    var imageInput = files.image(request.imageInput(), "imageInput", clientId);
    var aspectRatio = aspectRatio(request.aspectRatio());
    var resolution = oneOf(request.resolution(), "resolution", RESOLUTIONS, "1K");
    var format = oneOf(request.outputFormat(), "outputFormat", FORMATS, "png");
    var job = job(request.webhookUrl(), request.deadlineSeconds());
    options.requireWebhookKey(job.webhookUrl());
    provider.requireConfigured("Image generation");
    var images = imageInput == null ? List.<ProviderFile>of() : List.of(imageInput);
    var task = start(SpendingOperation.GENERATE_IMAGE, clientId, "generate", prompt, images, aspectRatio, resolution,
        format, Map.of(), job);
    return new ImageDtos.Started(task.id, task.status, task.model, task.creditsCharged,
        options.webhookSecret(task.id, job.webhookUrl()));
  }

  /** The character image of the clone workflow, as ready within the wait ({@link #awaited}). */
  public ImageDtos.CloneImage character(String clientId, ImageDtos.CharacterRequest request) {
    requireBody(request);
    var prompt = prompt(request.prompt());
    var reference = files.image(request.referenceImageUrl(), "referenceImageUrl", clientId);
    var aspectRatio = aspectRatio(request.aspectRatio());
    var job = job(request.webhookUrl(), request.deadlineSeconds());
    options.requireWebhookKey(job.webhookUrl());
    provider.requireConfigured("Character generation");
    var images = reference == null ? List.<ProviderFile>of() : List.of(reference);
    return awaited(start(SpendingOperation.GENERATE_CHARACTER_IMAGE, clientId, "character", prompt, images,
        aspectRatio, config.images().cloneResolution(), "png", Map.of(), job), job);
  }

  /**
   * Extracts the source's first frame, stores it, and starts the edit that puts the character into it; answered as
   * ready within the wait ({@link #awaited}).
   */
  public ImageDtos.CloneImage frame(String clientId, ImageDtos.FrameRequest request) {
    requireBody(request);
    var video = sources.check(request.videoUrl(), "videoUrl");
    var character = files.image(request.characterImageUrl(), "characterImageUrl", clientId);
    if (character == null) {
      throw ApiException.invalidField("characterImageUrl", "is required");
    }
    var job = job(request.webhookUrl(), request.deadlineSeconds());
    options.requireWebhookKey(job.webhookUrl());
    provider.requireConfigured("Starting-frame generation");
    var own = sources.own(video, "videoUrl", clientId);
    // Staging the source, extracting and storing its frame come before the task's charge, so the charge is judged
    // first: a dry run ends here with its quote, and a charge billing would refuse is refused before any work.
    dryRuns.judgeBeforeWork(clientId, SpendingOperation.CREATE_STARTING_FRAME, 1,
        chargeAttributes(SpendingOperation.CREATE_STARTING_FRAME, config.images().cloneResolution()));
    var source = own.orElseGet(() -> sources.stage(video, "videoUrl", clientId, List.of("video/*")));
    Task started;
    try (var work = tools.workDir()) {
      var file = sources.localFile(source, work, "source");
      var info = tools.requireProbe(file, "videoUrl");
      if (!info.isVideo()) {
        throw new ApiException(ApiError.of(ErrorCode.NO_VIDEO, "The media in 'videoUrl' has no video stream.")
            .with("field", "videoUrl"));
      }
      var frame = tools.frames(file, List.of(0.0), "png", null, work).getFirst();
      var stored = media.stageFile(frame, "image/png", clientId, "generated", "first-frame.png");
      var extra = new HashMap<String, Object>();
      extra.put("frameUrl", stored.url());
      extra.put("frameMediaId", stored.id());
      extra.put("sourceMediaId", source.id());
      var first = files.stored(stored.id(), stored.url(), stored.sizeBytes(), "videoUrl");
      started = start(SpendingOperation.CREATE_STARTING_FRAME, clientId, "frame", config.images().framePrompt(),
          List.of(first, character), null, config.images().cloneResolution(), "png", extra, job);
    }
    return awaited(started, job);
  }

  /**
   * A character or frame task as it is once it finished or the wait ({@code clone.images.sync-wait}) ran out: the
   * image when it succeeded, the task to poll ({@code pollUrl}) while it runs. A task that failed within the wait is
   * its typed error with {@code taskId} (it was refunded).
   */
  private ImageDtos.CloneImage awaited(Task started, Job job) {
    var task = tasks.await(started.id, config.images().syncWait());
    var frameUrl = task.inputText("frameUrl");
    var secret = options.webhookSecret(task.id, job.webhookUrl());
    if (Task.SUCCEEDED.equals(task.status)) {
      return new ImageDtos.CloneImage(task.id, task.status, task.resultUrl, task.resultUrls, frameUrl, task.model,
          task.creditsCharged, null, secret);
    }
    if (!task.open()) {
      var code = task.errorCode == null ? null : ErrorCode.fromCode(task.errorCode);
      throw new ApiException(ApiError.of(code == null ? ErrorCode.UPSTREAM_ERROR : code,
          task.errorMessage == null ? "The image could not be generated." : task.errorMessage)
          .with("taskId", task.id));
    }
    return new ImageDtos.CloneImage(task.id, task.status, null, null, frameUrl, task.model, task.creditsCharged,
        "/v1/images/" + task.id, secret);
  }

  private Task start(SpendingOperation charged, String clientId, String purpose, String prompt,
      List<ProviderFile> images, String aspectRatio, String resolution, String format, Map<String, Object> extra,
      Job job) {
    var model = images.isEmpty() ? config.models().image() : config.models().imageEdit();
    var arguments = new LinkedHashMap<String, Object>();
    arguments.put("prompt", prompt);
    if (!images.isEmpty()) {
      arguments.put("image_urls", images.stream().map(ProviderFile::argument).toList());
    }
    arguments.put("num_images", 1);
    if (aspectRatio != null) {
      arguments.put("aspect_ratio", aspectRatio);
    }
    arguments.put("resolution", resolution);
    arguments.put("output_format", format.equals("jpg") ? "jpeg" : format);
    var input = new HashMap<String, Object>(extra);
    input.put("arguments", arguments);
    input.put(Task.INLINE, ProviderFile.inlined(images));
    input.put("resolution", resolution);
    input.put("outputFormat", format);
    var id = Ids.newId(IdPrefix.IMG);
    return tasks.start(new TaskService.Draft(id, "image", purpose, clientId, model, null, prompt, input,
        charged.billingOperationName(), chargeAttributes(charged, resolution), job.webhookUrl(), job.deadline()));
  }

  /** The charge's attributes: the price variant, which for an image is its resolution. */
  private static Map<String, String> chargeAttributes(SpendingOperation operation, String resolution) {
    var variant = operation.variant().orElseThrow(() -> new IllegalStateException(operation
        + " has no price variant"));
    return Map.of(variant.attribute(), resolution);
  }

  static void requireBody(Object request) {
    if (request == null) {
      throw new ApiException(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object.");
    }
  }

  static String prompt(String prompt) {
    if (prompt == null || prompt.isBlank()) {
      throw ApiException.invalidField("prompt", "is required");
    }
    if (prompt.length() > MAX_PROMPT) {
      throw ApiException.invalidField("prompt", "must be at most " + MAX_PROMPT + " characters");
    }
    return prompt.strip();
  }

  static String aspectRatio(String value) {
    if (value == null) {
      return null;
    }
    if (!ASPECT_RATIOS.contains(value)) {
      throw ApiException.invalidField("aspectRatio", "must be one of " + String.join(", ", sorted(ASPECT_RATIOS)));
    }
    return value;
  }

  static String oneOf(String value, String field, Set<String> allowed, String fallback) {
    if (value == null) {
      return fallback;
    }
    if (!allowed.contains(value)) {
      throw ApiException.invalidField(field, "must be one of " + String.join(", ", sorted(allowed)));
    }
    return value;
  }

  private static List<String> sorted(Set<String> values) {
    return values.stream().sorted().toList();
  }
}
