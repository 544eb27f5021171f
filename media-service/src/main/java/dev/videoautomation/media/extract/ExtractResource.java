package dev.videoautomation.media.extract;

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
import dev.videoautomation.media.extract.ExtractDtos.ExtractRequest;
import dev.videoautomation.media.extract.ExtractDtos.ExtractResponse;

@Path("/v1/extract")
@Tag(name = MediaTags.INTELLIGENCE, description = MediaTags.INTELLIGENCE_TEXT)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class ExtractResource {
  private final Extraction extraction;

  public ExtractResource(Extraction extraction) {
    this.extraction = extraction;
  }

  @POST
  @Operation(operationId = "extractMedia", summary = "Pull frames, audio and metadata from a video",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.ON_MEDIA),
      description = "The source is `videoUrl` (a CDN URL, an outside URL fetched through the URL guard, or a `med_` "
          + "id) or `mediaId`. `frames` takes exactly one of `count` (evenly spaced, 1–100), `interval` (seconds) or "
          + "`timestamps` (seconds, each less than the duration), plus `format` (`jpg` default, or `png`) and an "
          + "optional `width` to scale to. `audio` extracts the sound track as `m4a` (AAC, default), `mp3` or `wav`. "
          + "`metadata` (default true) returns duration, size, fps, codecs, bitrate, rotation and hasAudio, from "
          + "ffprobe. Frames and audio are stored on the CDN and returned with their URLs.")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      examples = @ExampleObject(name = "frames", value = "{\"videoUrl\": \"med_4Yb2kQ9sT1vXw8\", \"frames\": "
          + "{\"count\": 3, \"format\": \"jpg\"}, \"audio\": {\"format\": \"m4a\"}}")))
  @APIResponse(responseCode = "200", description = "What was extracted", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ExtractResponse.class),
      examples = @ExampleObject(name = "frames", value = """
          {"source": {"mediaId": "med_4Yb2kQ9sT1vXw8", "url": "https://api.example.com/cdn/m/med_4Yb2kQ9sT1vXw8/clip.mp4"},
           "metadata": {"contentType": "video/mp4", "durationSeconds": 30.0, "width": 1280, "height": 720, "fps": 30.0,
             "videoCodec": "h264", "audioCodec": "aac", "bitrate": 2481000, "rotation": 0, "hasAudio": true,
             "hasVideo": true, "sampleRate": 44100, "channels": 2, "sizeBytes": 9303750},
           "frames": [{"timestamp": 5.0, "id": "med_7Hn3kQ2pLx9Vb1", "url": "https://api.example.com/cdn/m/med_7Hn3kQ2pLx9Vb1/frame-005000.jpg",
             "contentType": "image/jpeg", "width": 1280, "height": 720}],
           "audio": {"id": "med_2Pq8Zr4TnW6yKd", "url": "https://api.example.com/cdn/m/med_2Pq8Zr4TnW6yKd/audio.m4a",
             "contentType": "audio/mp4", "durationSeconds": 30.0, "sizeBytes": 602112}}""")))
  public ExtractResponse extract(@Valid ExtractRequest request) {
    return extraction.extract(request);
  }
}
