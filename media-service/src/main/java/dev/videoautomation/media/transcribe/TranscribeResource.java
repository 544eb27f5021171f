package dev.videoautomation.media.transcribe;

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
import dev.videoautomation.media.transcribe.TranscribeDtos.TranscribeRequest;
import dev.videoautomation.media.transcribe.TranscribeDtos.Transcript;

@Path("/v1/transcribe")
@Tag(name = MediaTags.INTELLIGENCE, description = MediaTags.INTELLIGENCE_TEXT)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class TranscribeResource {
  private final Transcriber transcriber;

  public TranscribeResource(Transcriber transcriber) {
    this.transcriber = transcriber;
  }

  @POST
  @Operation(operationId = "transcribeMedia", summary = "Speech to text with word timing",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.AI_ON_MEDIA),
      description = "Transcribes the sound of `videoUrl` (a CDN URL, an outside URL or a `med_` id; audio files work "
          + "too) or `mediaId` with an OpenAI-compatible Whisper provider. Optional `language` (ISO-639-1 hint), "
          + "`prompt` (names and words to expect) and `format` (`json` default; `srt` or `vtt` add `subtitles`). "
          + "Long audio is split under the provider's 25 MB limit and merged, times continuous; `chunks` says into "
          + "how many pieces. 503 `provider_not_configured` when no provider is set; 502/504 when it fails.")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      examples = @ExampleObject(name = "srt", value = "{\"videoUrl\": \"med_4Yb2kQ9sT1vXw8\", \"language\": \"en\", "
          + "\"format\": \"srt\"}")))
  @APIResponse(responseCode = "200", description = "The transcript", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Transcript.class),
      examples = @ExampleObject(name = "transcript", value = """
          {"text": "Three things nobody tells you.", "language": "english", "durationSeconds": 14.93,
           "segments": [{"start": 0.0, "end": 2.4, "text": "Three things nobody tells you."}],
           "words": [{"word": "Three", "start": 0.0, "end": 0.32}, {"word": "things", "start": 0.32, "end": 0.61}],
           "model": "whisper-1", "chunks": 1, "format": "srt",
           "subtitles": "1\\n00:00:00,000 --> 00:00:02,400\\nThree things nobody tells you.\\n\\n"}""")))
  public Transcript transcribe(@Valid TranscribeRequest request) {
    return transcriber.transcribe(request);
  }
}
