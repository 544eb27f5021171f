package dev.videoautomation.clone.music;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskFinisher;
import dev.videoautomation.clone.tasks.TaskResult;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Stores the provider's track ({@code audio.url}, or {@code audio_file.url}) and its cover, when there is one. */
@ApplicationScoped
public class MusicFinisher implements TaskFinisher {
  private final MediaCalls media;

  public MusicFinisher(MediaCalls media) {
    this.media = media;
  }

  @Override
  public String kind() {
    return "music";
  }

  @Override
  public TaskResult finish(Task task, JsonNode output) {
    var url = output.path("audio").path("url").asText(output.path("audio_file").path("url").asText(""));
    if (url.isBlank()) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The provider finished without audio."));
    }
    var audio = media.stageUrl(StageUrl.of(url, task.clientId, "generated").allowing(List.of("audio/*", "video/*"))
        .named("track-" + task.id));
    String cover = null;
    var coverUrl = output.path("image").path("url").asText("");
    if (!coverUrl.isBlank()) {
      cover = media.stageUrl(StageUrl.of(coverUrl, task.clientId, "generated").allowing(List.of("image/*"))).url();
    }
    return new TaskResult(audio.url(), List.of(audio.url()), audio.id(), audio.contentType(), audio.durationSeconds(),
        null, null, cover);
  }
}
