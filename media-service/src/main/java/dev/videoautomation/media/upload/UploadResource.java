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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Encoding;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
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
import dev.videoautomation.media.openapi.MediaErrorAnswers;
import dev.videoautomation.media.openapi.MediaTags;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/** Public uploads to the CDN: a file the agent has, or an outside URL the service fetches. */
@Path("/v1/upload")
@Tag(name = MediaTags.MEDIA, description = MediaTags.MEDIA_TEXT)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class UploadResource {
  static final String PURPOSE = "upload";
  private static final String STORED_EXAMPLE = """
      {"id": "med_4Yb2kQ9sT1vXw8", "url": "https://api.example.com/cdn/m/med_4Yb2kQ9sT1vXw8/clip.mp4",
       "contentType": "video/mp4", "sizeBytes": 18342211, "durationSeconds": 14.93, "width": 720, "height": 1280,
       "createdAt": 1763700000000}""";
  private static final String RAW_BODY = "The file's bytes as the whole body (no multipart framing).";

  private final Uploads uploads;
  private final MediaLibrary library;
  private final CurrentCaller caller;

  public UploadResource(Uploads uploads, MediaLibrary library, CurrentCaller caller) {
    this.uploads = uploads;
    this.library = library;
    this.caller = caller;
  }

  /** Documents both bodies; the raw one is served by {@link #raw}, which JAX-RS picks by Content-Type. */
  @POST
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @Operation(operationId = "uploadMedia", summary = "Upload media to the CDN",
      description = "Stores one audio, video or image file and answers its record: a `med_` id and a public CDN URL "
          + "(`<base>/cdn/m/<id>/<file name>`) that every media input of this API takes. Send it either as "
          + "`multipart/form-data` with the file in the part `file` (its `filename` is kept, cleaned, in the URL), "
          + "or as the raw body with its own `Content-Type` (`video/*`, `audio/*`, `image/*`, or "
          + "`application/octet-stream` to have the type detected) and an optional `?filename=`. ffprobe confirms "
          + "the type and gives the duration and size; anything other than audio, video or an image is 415. "
          + "Limit: 2 GiB by default (MEDIA_STORAGE_MAX_BYTES; 413 `payload_too_large` with `limit`).",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.MEDIA_TOOLS + ","
          + MediaErrorAnswers.DATABASE))
  @Parameter(name = "filename", in = ParameterIn.QUERY, description = "Raw bodies only: the file name to keep in the "
      + "URL (cleaned to letters, digits, dot, dash and underscore; the extension follows the detected type). "
      + "Multipart uploads take the part's own filename.", example = "clip.mp4",
      schema = @Schema(type = SchemaType.STRING, maxLength = Bounds.SUGGESTED_FILE_NAME))
  @RequestBody(required = true, content = {
      @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(type = SchemaType.OBJECT,
          requiredProperties = "file", properties = @SchemaProperty(name = "file", type = SchemaType.STRING,
              format = "binary", description = "The audio, video or image file, with a filename.")),
          encoding = @Encoding(name = "file", contentType = "video/*, audio/*, image/*, application/octet-stream")),
      @Content(mediaType = MediaType.APPLICATION_OCTET_STREAM, schema = @Schema(type = SchemaType.STRING,
          format = "binary", description = RAW_BODY)),
      @Content(mediaType = "video/*", schema = @Schema(type = SchemaType.STRING, format = "binary",
          description = RAW_BODY)),
      @Content(mediaType = "audio/*", schema = @Schema(type = SchemaType.STRING, format = "binary",
          description = RAW_BODY)),
      @Content(mediaType = "image/*", schema = @Schema(type = SchemaType.STRING, format = "binary",
          description = RAW_BODY))})
  @APIResponse(responseCode = "200", description = "Stored: the new object's record.", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StoredMedia.class),
      examples = @ExampleObject(name = "video", value = STORED_EXAMPLE)))
  @APIResponse(responseCode = "400", description = "`invalid_request`: no multipart part `file`, no `Content-Type` on "
      + "a raw body, a `filename` longer than 255 characters, or a body that ended before it was complete; `field` "
      + "names it.")
  @APIResponse(responseCode = "413", description = "`payload_too_large`: the file is larger than the limit (`limit`, "
      + "in bytes; 2 GiB by default).")
  @APIResponse(responseCode = "415", description = "`unsupported_media_type`: the file is not audio, video or an image "
      + "(ffprobe decides), or its `Content-Type` names another kind of content (`contentType`).")
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
  public StoredMedia raw(InputStream body, @HeaderParam("Content-Type") String contentType,
      @HeaderParam("Content-Length") Long contentLength, @QueryParam("filename") String fileName) {
    if (contentType == null || contentType.isBlank()) {
      throw ApiException.invalidField("Content-Type", "is required: the media type of the body, or "
          + "application/octet-stream to have it detected");
    }
    if (fileName != null && fileName.length() > Bounds.SUGGESTED_FILE_NAME) {
      throw ApiException.invalidField("filename", "must be at most " + Bounds.SUGGESTED_FILE_NAME + " characters");
    }
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, fileName, List.of(), null);
    return library.describe(uploads.fromStream(target, body, contentType, contentLength));
  }

  @POST
  @Path("url")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(operationId = "stageMediaFromUrl", summary = "Stage media from an outside URL to the CDN",
      description = "The service fetches `url` (http or https, public addresses only, at most 5 redirects, each "
          + "checked; 400 `url_not_allowed` with `reason` otherwise) and stores it as an upload would. The source "
          + "answering an error is 502 `upstream_error` with `upstreamStatus`; a source too slow is 504. The "
          + "service's own media is never fetched: your own `med_` id or CDN URL answers that object as it is "
          + "(nothing is stored again); another client's CDN URL (public, like any URL) is copied from storage into "
          + "a new object of yours; another client's `med_` id, or a CDN URL of nothing, is 404 `not_found`.",
      extensions = @Extension(name = MediaErrorAnswers.EXTENSION, value = MediaErrorAnswers.ON_MEDIA))
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = UploadUrlRequest.class), examples = @ExampleObject(name = "url",
      value = "{\"url\": \"https://videos.example.net/v/abc.mp4\", \"filename\": \"abc.mp4\"}")))
  @APIResponse(responseCode = "200", description = "Stored (or, for your own media, the object as it is).",
      content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StoredMedia.class),
      examples = @ExampleObject(name = "video", value = STORED_EXAMPLE)))
  @APIResponse(responseCode = "400", description = "`invalid_request`: `url` missing, or a field unknown, of the "
      + "wrong type or too long (`field` names it); `url_not_allowed`: `url` is not a public http(s) URL (`reason` "
      + "says why).")
  @APIResponse(responseCode = "404", description = "`not_found`: another client's `med_` id, or a CDN URL of no "
      + "stored object (`field`: url).")
  public StoredMedia url(@Valid UploadUrlRequest request) {
    if (request == null || request.url() == null || request.url().isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, request.filename(), List.of(), null);
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
