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

/** Stored objects for in-suite readers (docs/internal-api.md §3.8): never routed by the gateway. */
@Path("/internal/media")
@Blocking
public class InternalMediaResource {
  private final InternalMedia media;

  public InternalMediaResource(InternalMedia media) {
    this.media = media;
  }

  @Operation(hidden = true)
  @GET
  @Path("{id}")
  @Produces(MediaType.APPLICATION_JSON)
  public MediaRecord byId(@PathParam("id") String id) {
    return media.byId(id);
  }

  @Operation(hidden = true)
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public MediaRecord byUrl(@QueryParam("url") String url) {
    if (url == null || url.isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    return media.byUrl(url);
  }

  @Operation(hidden = true)
  @GET
  @Path("{id}/content")
  public Response content(@PathParam("id") String id, @HeaderParam("Range") String range,
      @HeaderParam("If-None-Match") String ifNoneMatch, @HeaderParam("If-Range") String ifRange) {
    return media.content(id, range, ifNoneMatch, ifRange);
  }
}
