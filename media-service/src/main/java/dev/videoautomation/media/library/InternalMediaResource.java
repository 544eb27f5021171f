package dev.videoautomation.media.library;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/** Stored objects for in-suite readers (docs/internal-api.md §3.8): never routed by the gateway. */
@Path("/internal/media")
@Blocking
public class InternalMediaResource {
  private final MediaLibrary library;
  private final ObjectResponses responses;
  private final CurrentCaller caller;

  public InternalMediaResource(MediaLibrary library, ObjectResponses responses, CurrentCaller caller) {
    this.library = library;
    this.responses = responses;
    this.caller = caller;
  }

  @Operation(hidden = true)
  @GET
  @Path("{id}")
  @Produces(MediaType.APPLICATION_JSON)
  public MediaRecord byId(@PathParam("id") String id) {
    return library.internalRecord(visible(library.find(id).orElse(null), id));
  }

  @Operation(hidden = true)
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public MediaRecord byUrl(@QueryParam("url") String url) {
    if (url == null || url.isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    return library.internalRecord(visible(library.findByUrl(url).orElse(null), "at that URL"));
  }

  @Operation(hidden = true)
  @GET
  @Path("{id}/content")
  public Response content(@PathParam("id") String id, @HeaderParam("Range") String range,
      @HeaderParam("If-None-Match") String ifNoneMatch, @HeaderParam("If-Range") String ifRange) {
    return responses.of(visible(library.find(id).orElse(null), id), range, ifNoneMatch, ifRange, false);
  }

  /** Another client's object is as absent as one that never existed. */
  private MediaObject visible(MediaObject object, String what) {
    var current = caller.require();
    if (object == null || (!current.isService() && !current.subject().equals(object.clientId))) {
      throw ApiException.notFound("Media " + what);
    }
    return object;
  }
}
