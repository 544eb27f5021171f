package dev.videoautomation.media.transcribe;

import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.transcribe.TranscribeDtos.TranscribeRequest;
import dev.videoautomation.media.transcribe.TranscribeDtos.Transcript;
import dev.videoautomation.platform.openapi.SharedAnswers;

@Path("/v1/transcribe")
@Tag(name = "Intelligence")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class TranscribeResource {
  private final Transcriber transcriber;

  public TranscribeResource(Transcriber transcriber) {
    this.transcriber = transcriber;
  }

  @POST
  @Operation(operationId = "transcribeMedia", summary = "Speech to text with word timing")
  @Extension(name = SharedAnswers.ANSWERS, value = "400=InvalidMediaRequest,404=MediaSourceNotFound,413=MediaTooLarge,"
      + "415=UnsupportedBodyOrMedia,502=SourceOrProviderFailed,503=ToolsBusyOrNoProvider,504=SourceOrProviderTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "The transcript")
  @APIResponse(responseCode = "422")
  public Transcript transcribe(@Valid TranscribeRequest request) {
    return transcriber.transcribe(request);
  }
}
