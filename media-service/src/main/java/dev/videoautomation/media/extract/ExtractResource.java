package dev.videoautomation.media.extract;

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

import dev.videoautomation.media.extract.ExtractDtos.ExtractRequest;
import dev.videoautomation.media.extract.ExtractDtos.ExtractResponse;
import dev.videoautomation.platform.openapi.SharedAnswers;

@Path("/v1/extract")
@Tag(name = "Intelligence")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class ExtractResource {
  private final Extraction extraction;

  public ExtractResource(Extraction extraction) {
    this.extraction = extraction;
  }

  @POST
  @Operation(operationId = "extractMedia", summary = "Pull frames, audio and metadata from a video")
  @Extension(name = SharedAnswers.ANSWERS, value = "400=InvalidMediaRequest,404=MediaSourceNotFound,413=MediaTooLarge,"
      + "415=UnsupportedBodyOrMedia,502=SourceFailed,503=ToolsOrDatabaseBusy,504=SourceTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "What was extracted")
  @APIResponse(responseCode = "422")
  public ExtractResponse extract(@Valid ExtractRequest request) {
    return extraction.extract(request);
  }
}
