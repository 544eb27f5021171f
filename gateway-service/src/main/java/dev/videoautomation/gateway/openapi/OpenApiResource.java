package dev.videoautomation.gateway.openapi;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.gateway.info.DiscoveryTag;

/** {@code GET /v1/openapi.json}: the whole API in one OpenAPI document ({@code /docs} shows it). */
@Path("/v1/openapi.json")
@Tag(name = DiscoveryTag.NAME)
public class OpenApiResource {
  private final MergedOpenApi merged;

  OpenApiResource(MergedOpenApi merged) {
    this.merged = merged;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getOpenApiDocument", summary = "The OpenAPI document of the whole API")
  @APIResponse(responseCode = "200", description = "The OpenAPI 3.0.3 document", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT,
          additionalProperties = Schema.True.class, description = "An OpenAPI 3.0.3 document "
              + "(https://spec.openapis.org/oas/v3.0.3).")))
  public ObjectNode document() {
    return merged.document();
  }
}
