package dev.videoautomation.clone.music;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.common.JobOptions;
import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.QueueProvider;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Music tracks ({@code POST /v1/music}): a task of kind {@code music}, charged as its row of platform's spending table
 * says ({@code music.generate}).
 */
@ApplicationScoped
public class MusicService {
  static final int MAX_PROMPT = 2000;
  static final int MIN_SECONDS = 5;
  static final int MAX_SECONDS = 300;

  private final TaskService tasks;
  private final QueueProvider provider;
  private final JobOptions options;
  private final CloneConfig config;

  public MusicService(TaskService tasks, QueueProvider provider, JobOptions options, CloneConfig config) {
    this.tasks = tasks;
    this.provider = provider;
    this.options = options;
    this.config = config;
  }

  /** 400 naming the field unless the request is right; checked before anything else (the caller, the provider). */
  static void requireValid(MusicDtos.MusicRequest request) {
    if (request == null) {
      throw new ApiException(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object.");
    }
    if (request.prompt() == null || request.prompt().isBlank()) {
      throw ApiException.invalidField("prompt", "is required");
    }
    if (request.prompt().length() > MAX_PROMPT) {
      throw ApiException.invalidField("prompt", "must be at most " + MAX_PROMPT + " characters");
    }
    var duration = request.durationSeconds();
    if (duration != null && (duration < MIN_SECONDS || duration > MAX_SECONDS)) {
      throw ApiException.invalidField("durationSeconds", "must be from " + MIN_SECONDS + " to " + MAX_SECONDS);
    }
  }

  /** Charges and queues a track for a request {@link #requireValid} passed. */
  public MusicDtos.Started start(String clientId, MusicDtos.MusicRequest request) {
    var deadline = options.deadline("music", request.deadlineSeconds());
    var webhookUrl = options.webhookUrl(request.webhookUrl());
    options.requireWebhookKey(webhookUrl);
    provider.requireConfigured("Music generation");
    var duration = request.durationSeconds();
    var arguments = new LinkedHashMap<String, Object>();
    arguments.put("prompt", request.prompt().strip());
    config.models().musicDurationField().filter(f -> duration != null)
        .ifPresent(field -> arguments.put(field, duration));
    var input = new HashMap<String, Object>();
    input.put("arguments", arguments);
    if (duration != null) {
      input.put("durationSeconds", duration);
    }
    var task = tasks.start(new TaskService.Draft(Ids.newId(IdPrefix.TRK), "music", "music", clientId,
        config.models().music(), null, request.prompt().strip(), input,
        SpendingOperation.GENERATE_MUSIC.billingOperationName(), Map.of(), webhookUrl, deadline));
    return new MusicDtos.Started(task.id, task.id, task.status, task.model,
        options.webhookSecret(task.id, webhookUrl), task.creditsCharged);
  }
}
