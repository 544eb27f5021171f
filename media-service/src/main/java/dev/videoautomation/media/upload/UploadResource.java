package dev.videoautomation.media.upload;

import java.io.InputStream;
import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.media.library.StoredMedia;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/** Public uploads to the CDN: a file the agent has, or an outside URL the service fetches. */
@Path("/v1/upload")
@Tag(name = "Upload")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class UploadResource {
  static final String PURPOSE = "upload";
  private static final String STORED_EXAMPLE = """
      {"id": "med_4Yb2kQ9sT1vXw8", "url": "https://api.example.com/cdn/m/med_4Yb2kQ9sT1vXw8/clip.mp4",
       "contentType": "video/mp4", "sizeBytes": 18342211, "durationSeconds": 14.93, "width": 720, "height": 1280,
       "createdAt": 1763700000000}""";

  private final Uploads uploads;
  private final MediaLibrary library;
  private final CurrentCaller caller;

  public UploadResource(Uploads uploads, MediaLibrary library, CurrentCaller caller) {
    this.uploads = uploads;
    this.library = library;
    this.caller = caller;
  }

  @POST
  @Consumes(MediaType.MULTIPART_FORM_DATA)
  @Operation(summary = "Upload media to the CDN (multipart)",
      description = "Send the file in the multipart field `file` (any name in its `filename` is kept, cleaned, in the "
          + "URL). Audio, video and images are accepted; the type is confirmed with ffprobe, which also gives the "
          + "duration and size. The same call also takes a raw body: send the bytes with their `Content-Type` (or "
          + "`application/octet-stream` to have it detected) and an optional `?filename=`. Limit: 2 GiB by default "
          + "(413 `payload_too_large` with `limit`); anything else than audio, video or an image is 415.")
  @APIResponse(responseCode = "200", description = "Stored", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      examples = @ExampleObject(name = "video", value = STORED_EXAMPLE)))
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
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, fileName, List.of(), null);
    return library.describe(uploads.fromStream(target, body, contentType, contentLength));
  }

  @POST
  @Path("url")
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Stage media from an outside URL to the CDN",
      description = "The service fetches `url` (http or https, public addresses only, at most 5 redirects, each "
          + "checked; 400 `url_not_allowed` with `reason` otherwise) and stores it as an upload would. The source "
          + "answering an error is 502 `upstream_error` with `upstreamStatus`; a source too slow is 504. The "
          + "service's own media is never fetched: your own `med_` id or CDN URL answers that object as it is "
          + "(nothing is stored again); another client's CDN URL (public, like any URL) is copied from storage into "
          + "a new object of yours; another client's `med_` id, or a CDN URL of nothing, is 404 `not_found`.")
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "url",
      value = "{\"url\": \"https://videos.example.net/v/abc.mp4\", \"filename\": \"abc.mp4\"}")))
  @APIResponse(responseCode = "200", description = "Stored", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      examples = @ExampleObject(name = "video", value = STORED_EXAMPLE)))
  public StoredMedia url(UploadUrlRequest request) {
    if (request == null || request.url() == null || request.url().isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    var target = new Uploads.Target(caller.requireClientId(), PURPOSE, request.filename(), List.of(), null);
    return library.describe(uploads.fromUrl(target, request.url(), "url").object());
  }

  /** The body of {@code POST /v1/upload/url}. */
  @io.quarkus.runtime.annotations.RegisterForReflection
  public record UploadUrlRequest(String url, String filename) {
  }
}
