package dev.videoautomation.clone.images;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskFinisher;
import dev.videoautomation.clone.tasks.TaskResult;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.calls.StagedMedia;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Stores the provider's images ({@code images[].url}, or {@code image.url}) in the CDN through media's staging. */
@ApplicationScoped
public class ImageFinisher implements TaskFinisher {
  private final MediaCalls media;

  public ImageFinisher(MediaCalls media) {
    this.media = media;
  }

  @Override
  public String kind() {
    return "image";
  }

  @Override
  public TaskResult finish(Task task, JsonNode output) {
    var urls = new ArrayList<String>();
    output.path("images").forEach(image -> urls.add(image.path("url").asText("")));
    if (output.path("image").path("url").isTextual()) {
      urls.add(output.path("image").path("url").asText());
    }
    urls.removeIf(String::isBlank);
    if (urls.isEmpty()) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The provider finished without an image."));
    }
    var stored = new ArrayList<StagedMedia>();
    for (int i = 0; i < urls.size(); i++) {
      var name = task.purpose + (i == 0 ? "" : "-" + i) + "." + ("jpg".equals(task.inputText("outputFormat")) ? "jpg"
          : "png");
      stored.add(media.stageUrl(StageUrl.of(urls.get(i), task.clientId, "generated")
          .allowing(List.of("image/*")).named(name)));
    }
    var first = stored.getFirst();
    return new TaskResult(first.url(), stored.stream().map(StagedMedia::url).toList(), first.id(),
        first.contentType(), null, first.width(), first.height(), null);
  }
}
