package dev.videoautomation.clone.videos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.sources.Sources;
import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskFinisher;
import dev.videoautomation.clone.tasks.TaskResult;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.urls.FetchLimits;
import dev.videoautomation.platform.urls.GuardedFetcher;

/**
 * Finishes a clone render: downloads the provider's video ({@code video.url}) through the URL guard, muxes the
 * source's soundtrack back in, and stores the result through media's staging (purpose {@code generated}).
 */
@ApplicationScoped
public class VideoFinisher implements TaskFinisher {
  private final GuardedFetcher fetcher;
  private final MediaTools tools;
  private final MediaCalls media;
  private final Sources sources;
  private final Muxer muxer;
  private final CloneConfig config;

  public VideoFinisher(GuardedFetcher fetcher, MediaTools tools, MediaCalls media, Sources sources, Muxer muxer,
      CloneConfig config) {
    this.fetcher = fetcher;
    this.tools = tools;
    this.media = media;
    this.sources = sources;
    this.muxer = muxer;
    this.config = config;
  }

  @Override
  public String kind() {
    return "video";
  }

  @Override
  public TaskResult finish(Task task, JsonNode output) {
    var url = output.path("video").path("url").asText("");
    if (url.isBlank()) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The provider finished without a video."));
    }
    try (var work = tools.workDir()) {
      var render = work.file("render.mp4");
      var limits = FetchLimits.of(config.limits().resultMaxBytes(), "video/*", "application/octet-stream",
          "binary/octet-stream").withField("resultUrl");
      try (var body = fetcher.open(url, limits); var in = body.body()) {
        Files.copy(in, render, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      var source = sources.localFile(media.find(task.inputText("sourceMediaId")), work, "source");
      var out = work.file("clone.mp4");
      var info = muxer.mux(render, source, out);
      var stored = media.stageFile(out, "video/mp4", task.clientId, "generated", "clone-" + task.id + ".mp4");
      return new TaskResult(stored.url(), List.of(stored.url()), stored.id(), "video/mp4", info.durationSeconds(),
          info.displayWidth(), info.displayHeight(), null);
    }
  }
}
