package dev.videoautomation.media.staging;

import java.io.InputStream;
import java.util.List;
import java.util.Set;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.library.ContentTypes;
import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.media.upload.Uploads;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/** Staging for the other services (docs/internal-api.md §3.6–3.7): never routed by the gateway. */
@Path("/internal/staging")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class StagingResource {
  static final Set<String> PURPOSES = Set.of("scrape", "import", "asset", "generated");

  private final Uploads uploads;
  private final MediaLibrary library;
  private final CurrentCaller caller;

  public StagingResource(Uploads uploads, MediaLibrary library, CurrentCaller caller) {
    this.uploads = uploads;
    this.library = library;
    this.caller = caller;
  }

  @RegisterForReflection
  public record StageUrlRequest(String url, String clientId, String purpose, Long maxBytes,
      List<String> allowedContentTypes, String filename) {
  }

  @Operation(hidden = true)
  @POST
  @Path("url")
  @Consumes(MediaType.APPLICATION_JSON)
  public Response url(StageUrlRequest request) {
    if (request == null || request.url() == null || request.url().isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    var target = target(request.clientId(), request.purpose(), request.filename(), request.allowedContentTypes(),
        request.maxBytes());
    var staged = uploads.fromUrl(target, request.url(), "url");
    return Response.status(staged.existing() ? 200 : 201).entity(library.describe(staged.object())).build();
  }

  @Operation(hidden = true)
  @POST
  @Path("stream")
  @Consumes(MediaType.WILDCARD)
  public Response stream(InputStream body, @QueryParam("clientId") String clientId,
      @QueryParam("purpose") String purpose, @QueryParam("filename") String filename,
      @QueryParam("maxBytes") Long maxBytes, @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") Long contentLength) {
    if (contentType == null || contentType.isBlank()) {
      throw ApiException.invalidField("Content-Type", "is required");
    }
    var target = target(clientId, purpose, filename, null, maxBytes);
    return Response.status(201).entity(library.describe(uploads.fromStream(target, body, contentType, contentLength)))
        .build();
  }

  private Uploads.Target target(String clientId, String purpose, String filename, List<String> allowed,
      Long maxBytes) {
    if (clientId == null || clientId.isBlank()) {
      throw ApiException.invalidField("clientId", "is required");
    }
    if (purpose == null || !PURPOSES.contains(purpose)) {
      throw ApiException.invalidField("purpose", "must be one of " + String.join(", ", PURPOSES.stream().sorted()
          .toList()));
    }
    if (maxBytes != null && maxBytes <= 0) {
      throw ApiException.invalidField("maxBytes", "must be a positive number of bytes");
    }
    var patterns = allowed == null ? List.<String>of() : allowed;
    for (int i = 0; i < patterns.size(); i++) {
      if (!ContentTypes.isPattern(patterns.get(i))) {
        throw ApiException.invalidField("allowedContentTypes[" + i + "]", "must look like video/* or image/jpeg");
      }
    }
    caller.require().requireActsFor(clientId);
    return new Uploads.Target(clientId, purpose, filename, patterns, maxBytes);
  }
}
