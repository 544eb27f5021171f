package dev.videoautomation.media.upload;

import java.io.InputStream;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.common.Bounds;
import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.media.library.StoredMedia;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.token.CurrentCaller;

/** Public uploads to the CDN: a file the agent has, or an outside URL the service fetches. */
@Path("/v1/upload")
@Tag(name = "Media")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class UploadResource {
  static final String PURPOSE = "upload";

  private final Uploads uploads;
  private final MediaLibrary library;
  private final CurrentCaller caller;
  private final DryRuns dryRuns;

  public UploadResource(Uploads uploads, MediaLibrary library, CurrentCaller caller, DryRuns dryRuns) {
    this.uploads = uploads;
    this.library = library;
    this.caller = caller;
    this.dryRuns = dryRuns;
  }

  /**
   * Its document (META-INF/openapi.yaml) describes both bodies; the raw one is served by {@link #raw}, which JAX-RS
   * picks by Content-Type. The shared answers are named inside {@code @Operation}: SmallRye copies a method's own
   * {@code @Extension} onto the {@code filename} parameter too.
   */
  @POST
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @Operation(operationId = "uploadMedia", summary = "Upload media to the CDN",
      extensions = @Extension(name = SharedAnswers.ANSWERS, value = "503=ToolsOrDatabaseBusy"))
  @Parameter(name = "filename", in = ParameterIn.QUERY, schema = @Schema(type = SchemaType.STRING,
      maxLength = Bounds.SUGGESTED_FILE_NAME))
  @APIResponse(responseCode = "200", description = "Stored: the new object's record.")
  @DryRunOnHeaders
  public StoredMedia multipart(@RestForm("file") FileUpload file) {
    if (file == null || file.uploadedFile() == null) {
      throw ApiException.invalidField("file", "is required: send the media in the multipart field 'file'");
    }
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, file.fileName(), List.of(), null);
    return library.describe(uploads.fromFile(target, file.uploadedFile(), file.contentType()));
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Operation(hidden = true)
  @DryRunOnHeaders
  public StoredMedia raw(InputStream body, @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") Long contentLength, @QueryParam("filename") String fileName) {
    checkRawHeaders(contentType, fileName);
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, fileName, List.of(), null);
    return library.describe(uploads.fromStream(target, body, contentType, contentLength));
  }

  /** The raw body's own rules, before the caller or the body: a Content-Type, and a bounded file name. */
  static void checkRawHeaders(String contentType, String fileName) {
    if (contentType == null || contentType.isBlank()) {
      throw ApiException.invalidField("Content-Type", "is required: the media type of the body, or "
          + "application/octet-stream to have it detected");
    }
    if (fileName != null && fileName.length() > Bounds.SUGGESTED_FILE_NAME) {
      throw ApiException.invalidField("filename", "must be at most " + Bounds.SUGGESTED_FILE_NAME + " characters");
    }
  }

  @POST
  @Path("url")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "stageMediaFromUrl", summary = "Stage media from an outside URL to the CDN")
  @Extension(name = SharedAnswers.ANSWERS, value = "413=MediaTooLarge,415=UnsupportedBodyOrMedia,502=SourceFailed,"
      + "503=ToolsOrDatabaseBusy,504=SourceTimeout")
  @RequestBody(required = true)
  @APIResponse(responseCode = "200", description = "Stored (or, for your own media, the object as it is).")
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "404")
  @APIResponse(responseCode = "422")
  public StoredMedia url(@Valid UploadUrlRequest request) {
    if (request == null || request.url() == null || request.url().isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, request.filename(), List.of(), null);
    if (dryRuns.requested()) {
      uploads.judgeUrl(target, request.url(), "url");
      dryRuns.stopIfRequested(SpendingOperation.STAGE_MEDIA_FROM_URL);
    }
    return library.describe(uploads.fromUrl(target, request.url(), "url").object());
  }

  /** The body of {@code POST /v1/upload/url}. */
  @io.quarkus.runtime.annotations.RegisterForReflection
  @Schema(name = "MediaUrlUpload", description = "An outside URL (or your own media) to store on the CDN.")
  public record UploadUrlRequest(
      @Schema(required = true, description = "An http(s) URL of audio, video or an image, or your own `med_` id or "
          + "CDN URL.", example = "https://videos.example.net/v/abc.mp4") @Size(max = Bounds.URL) String url,
      @Schema(description = "The file name to keep in the URL (cleaned); default: the URL's last segment.",
          example = "abc.mp4") @Size(max = Bounds.SUGGESTED_FILE_NAME) String filename) {
  }
}
