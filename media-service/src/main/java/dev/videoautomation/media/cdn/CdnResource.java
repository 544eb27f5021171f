package dev.videoautomation.media.cdn;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.library.ObjectResponses;
import dev.videoautomation.platform.openapi.SharedAnswers;

/**
 * The public CDN for local storage: {@code /cdn/m/<med id>/<file name>}, the shape of every storage key
 * ({@code StorageKeys}), open to anyone holding the URL. MCP tools leave it out ({@code x-mcp: false} in
 * META-INF/openapi.yaml, with the headers and bodies of its answers): it answers bytes, not JSON, and agents get its
 * URLs from the JSON answers.
 */
@Path("/cdn/m/{mediaId}/{fileName}")
@Tag(name = "CDN")
@APIResponse(responseCode = "304", description = "Not modified: `If-None-Match` named the object's ETag (or `*`).",
    headers = {@Header(name = "ETag", ref = "CdnETag"), @Header(name = "Cache-Control", ref = "CdnCacheControl"),
        @Header(name = CdnResource.CORS, ref = CdnResource.CORS)})
@APIResponse(responseCode = "416", description = "The range starts past the end of the object; no body.",
    headers = {@Header(name = "Content-Range", description = "`bytes */<size>`", schema = @Schema(
        type = SchemaType.STRING, maxLength = 64, example = "bytes */18342211")),
        @Header(name = CdnResource.CORS, ref = CdnResource.CORS)},
    extensions = @Extension(name = SharedAnswers.NO_BODY, value = "true"))
@Blocking
public class CdnResource {
  /** The gateway answers every request with it (its CORS filter); declared wherever an answer lists headers. */
  static final String CORS = "Access-Control-Allow-Origin";
  private final ObjectResponses responses;

  public CdnResource(ObjectResponses responses) {
    this.responses = responses;
  }

  @GET
  @Operation(operationId = "getCdnObject", summary = "Download a stored object")
  @Extension(name = SharedAnswers.ANSWERS, value = "503=DatabaseBusy")
  @APIResponse(responseCode = "200", description = "The whole object, with its own Content-Type.", content = {
      @Content(mediaType = "video/*"), @Content(mediaType = "audio/*"), @Content(mediaType = "image/*")})
  @APIResponse(responseCode = "206", description = "The requested byte range.")
  @APIResponse(responseCode = "404", description = "`not_found`: no object is stored at this URL (or storage is S3).")
  public Response get(@PathParam("mediaId") @Parameter(ref = "CdnMediaId") String mediaId,
      @PathParam("fileName") @Parameter(ref = "CdnFileName") String fileName,
      @HeaderParam("Range") @Parameter(ref = "CdnRange") String range,
      @HeaderParam("If-None-Match") @Parameter(ref = "CdnIfNoneMatch") String ifNoneMatch,
      @HeaderParam("If-Range") @Parameter(ref = "CdnIfRange") String ifRange) {
    return serve(mediaId, fileName, range, ifNoneMatch, ifRange, false);
  }

  @HEAD
  @Operation(operationId = "headCdnObject", summary = "Headers of a stored object")
  @APIResponse(responseCode = "200", description = "The object's headers, no body.")
  @APIResponse(responseCode = "206", description = "The headers of the requested byte range, no body.")
  @APIResponse(responseCode = "404", description = "`not_found`: no object is stored at this URL; no body.")
  @APIResponse(responseCode = "503", description = "`service_unavailable`: the database is unavailable for a moment; "
      + "no body.")
  public Response head(@PathParam("mediaId") @Parameter(ref = "CdnMediaId") String mediaId,
      @PathParam("fileName") @Parameter(ref = "CdnFileName") String fileName,
      @HeaderParam("Range") @Parameter(ref = "CdnRange") String range,
      @HeaderParam("If-None-Match") @Parameter(ref = "CdnIfNoneMatch") String ifNoneMatch,
      @HeaderParam("If-Range") @Parameter(ref = "CdnIfRange") String ifRange) {
    return serve(mediaId, fileName, range, ifNoneMatch, ifRange, true);
  }

  private Response serve(String mediaId, String fileName, String range, String ifNoneMatch, String ifRange,
      boolean headOnly) {
    return responses.ofLocal("m/" + mediaId + "/" + fileName, range, ifNoneMatch, ifRange, headOnly);
  }
}
