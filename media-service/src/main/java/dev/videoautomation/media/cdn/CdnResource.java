package dev.videoautomation.media.cdn;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.platform.errors.ApiException;

/** The public CDN for local storage: {@code /cdn/m/<med id>/<name>}, open to anyone holding the URL. */
@Path("/cdn")
@Tag(name = "CDN")
@Blocking
public class CdnResource {
  private final MediaLibrary library;
  private final ObjectResponses responses;

  public CdnResource(MediaLibrary library, ObjectResponses responses) {
    this.library = library;
    this.responses = responses;
  }

  @GET
  @Path("{key: .+}")
  @Operation(summary = "Download a stored object",
      description = "Public, no key needed. Supports `Range: bytes=a-b` (206 with `Content-Range`, 416 when the range "
          + "starts past the end), `ETag`/`If-None-Match` (304) and `If-Range`. Objects never change, so the answer "
          + "is cacheable for a year (`Cache-Control: public, max-age=31536000, immutable`). With S3 storage the "
          + "objects are served from the bucket's public URL instead and this path answers 404.")
  @APIResponse(responseCode = "200", description = "The whole object")
  @APIResponse(responseCode = "206", description = "The requested byte range")
  @APIResponse(responseCode = "404", description = "No such object")
  public Response get(@PathParam("key") String key, @HeaderParam("Range") String range,
      @HeaderParam("If-None-Match") String ifNoneMatch, @HeaderParam("If-Range") String ifRange) {
    return serve(key, range, ifNoneMatch, ifRange, false);
  }

  @HEAD
  @Path("{key: .+}")
  @Operation(summary = "Headers of a stored object", description = "As GET, without the body.")
  public Response head(@PathParam("key") String key, @HeaderParam("Range") String range,
      @HeaderParam("If-None-Match") String ifNoneMatch, @HeaderParam("If-Range") String ifRange) {
    return serve(key, range, ifNoneMatch, ifRange, true);
  }

  private Response serve(String key, String range, String ifNoneMatch, String ifRange, boolean headOnly) {
    var object = library.findByKey(key).filter(found -> found.storage.equals("local"))
        .orElseThrow(() -> ApiException.notFound("The object /cdn/" + key));
    return responses.of(object, range, ifNoneMatch, ifRange, headOnly);
  }
}
