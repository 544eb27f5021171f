package dev.videoautomation.clone.videos;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.clone.sources.Sources;
import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskFinisher;
import dev.videoautomation.clone.tasks.TaskResult;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.MediaTools;

/**
 * Finishes a clone render: downloads the provider's video ({@code video.url}) through the URL guard, muxes the
 * source's soundtrack back in, and stores the result through media's staging (purpose {@code generated}).
 */
@ApplicationScoped
public class VideoFinisher implements TaskFinisher {
  private final RenderDownload download;
  private final MediaTools tools;
  private final MediaCalls media;
  private final Sources sources;
  private final Muxer muxer;

  public VideoFinisher(RenderDownload download, MediaTools tools, MediaCalls media, Sources sources, Muxer muxer) {
    this.download = download;
    this.tools = tools;
    this.media = media;
    this.sources = sources;
    this.muxer = muxer;
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
      download.into(url, render);
      var source = sources.localFile(media.find(task.inputText("sourceMediaId")), work, "source");
      var out = work.file("clone.mp4");
      var info = muxer.mux(render, source, out);
      var stored = media.stageFile(out, "video/mp4", task.clientId, "generated", "clone-" + task.id + ".mp4");
      return new TaskResult(stored.url(), List.of(stored.url()), stored.id(), "video/mp4", info.durationSeconds(),
          info.displayWidth(), info.displayHeight(), null);
    }
  }
}
