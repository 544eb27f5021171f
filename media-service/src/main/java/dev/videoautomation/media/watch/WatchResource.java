package dev.videoautomation.media.watch;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.openapi.MediaErrorAnswers;
import dev.videoautomation.media.openapi.MediaTags;
import dev.videoautomation.media.watch.WatchDtos.WatchRequest;
import dev.videoautomation.media.watch.WatchDtos.WatchResponse;

@Path("/v1/watch")
@Tag(name = MediaTags.INTELLIGENCE, description = MediaTags.INTELLIGENCE_TEXT)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class WatchResource {
  private final Watcher watcher;

  public WatchResource(Watcher watcher) {
    this.watcher = watcher;
  }

  @POST
  @Operation(operationId = "watchVideo", summary = "AI watches a video with a freeform prompt",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.AI_ON_MEDIA),
      description = "Samples `frames` evenly (default 8, at most 16) from `videoUrl` (a CDN URL, an outside URL or a "
          + "`med_` id) or `mediaId`, adds the transcript when transcription is configured and `includeTranscript` "
          + "is not false, and asks an OpenAI-compatible vision model `prompt` (required, up to 4000 characters). "
          + "Returns the model's answer, the model, how many frames it saw and at which seconds, and whether the "
          + "transcript was used. 503 `provider_not_configured` when no vision provider is set.")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      examples = @ExampleObject(name = "hook", value = "{\"videoUrl\": \"med_4Yb2kQ9sT1vXw8\", \"prompt\": "
          + "\"What happens in the first seconds, and what is the hook?\", \"frames\": 8}")))
  @APIResponse(responseCode = "200", description = "The answer", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WatchResponse.class),
      examples = @ExampleObject(name = "answer", value = """
          {"answer": "A person unboxes headphones; the hook is the on-screen question at 0.9 s.", "model": "gpt-4o-mini",
           "framesUsed": 8, "timestamps": [0.93, 2.8, 4.67, 6.53, 8.4, 10.27, 12.13, 14.0], "transcriptUsed": true,
           "usage": {"promptTokens": 1412, "completionTokens": 61}}""")))
  public WatchResponse watch(@Valid WatchRequest request) {
    return watcher.watch(request);
  }
}
