package dev.videoautomation.gateway.docs;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import dev.videoautomation.gateway.info.DiscoveryTag;

/**
 * {@code GET /docs/errors} (public): what every error code means and what to do about it. Problem-details answers
 * point here with their {@code type} ({@code /docs/errors#<code>}); the rest of {@code /docs} is Swagger UI.
 */
@Path("/docs/errors")
@Tag(name = DiscoveryTag.NAME)
public class ErrorCodesResource {
  static final String TEXT_HTML = "text/html;charset=utf-8";

  private final ErrorCodesPage page;

  ErrorCodesResource(ErrorCodesPage page) {
    this.page = page;
  }

  @GET
  @Produces(TEXT_HTML)
  @Operation(operationId = "getErrorCodes", summary = "What every error code means")
  @APIResponse(responseCode = "200", description = "The page", content = @Content(mediaType = "text/html",
      schema = @Schema(type = SchemaType.STRING, maxLength = 200_000)))
  public Response errorCodes() {
    return Response.ok(page.html(), TEXT_HTML).header("Cache-Control", "public, max-age=300").build();
  }
}
