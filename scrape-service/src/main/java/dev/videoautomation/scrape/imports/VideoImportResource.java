package dev.videoautomation.scrape.imports;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.scrape.endpoints.ScrapeDocs;
import dev.videoautomation.scrape.endpoints.ScrapeLimits;

/** {@code POST /v1/videos/download/{platform}}: one post's video file to the CDN. */
@Path("/v1/videos/download")
@Tag(name = "Video import", description = "One post's video from the shortvideo or photo platform, "
    + "staged to the CDN as one of your media files.")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class VideoImportResource {
  private final VideoImports imports;

  public VideoImportResource(VideoImports imports) {
    this.imports = imports;
  }

  @RegisterForReflection
  @Schema(name = "VideoImportRequest", description = "The post whose video to import.")
  public record ImportRequest(@Schema(required = true, description = "The URL of a post with a video on the "
      + "platform named in the path. It passes the URL guard before the provider sees it: http(s), no user info, a "
      + "host name (not resolved here: the provider fetches the post) or a public address.", maxLength = ScrapeLimits.URL) @NotBlank String url) {
  }

  @POST
  @Path("{platform}")
  @Operation(operationId = "importVideo", summary = "Import a post's video",
      description = "Stages one post's video file (highest quality, without watermark when the platform offers one) "
          + "to the CDN as one of your media files (`med_…`), usable at once wherever a media URL or id is taken. "
          + "`platform` is `shortvideo` or `photo`; any other is 400 unsupported_platform. A photo post without "
          + "video is 422 no_video. Counts against the daily `download` limit.")
  @Parameter(name = "platform", description = "The platform of the post.", required = true,
      schema = @Schema(type = SchemaType.STRING, enumeration = {"shortvideo", "photo"}))
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "import",
      value = "{\"url\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000\"}")))
  @APIResponse(responseCode = "200", description = "The stored video", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportedVideo.class),
      examples = @ExampleObject(name = "imported", value = "{\"id\": "
      + "\"med_4Yb2Lm9Qx1Rt7Zc3Vn8Ke0\", \"url\": \"https://cdn.example.com/m/med_4Yb2Lm9Qx1Rt7Zc3Vn8Ke0/file.mp4\", "
      + "\"platform\": \"shortvideo\", \"sourceUrl\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000"
      + "\", \"durationSeconds\": 14.93, \"width\": 720, \"height\": 1280, \"sizeBytes\": 18342211, \"contentType\": "
      + "\"video/mp4\"}")))
  @APIResponse(responseCode = "400", description = "unsupported_platform: the path names a platform other than "
      + "shortvideo or photo; invalid_request: `url` is missing or too long; url_not_allowed: `url` is not a public "
      + "http(s) URL (`reason` says why: the URL guard refuses `localhost` and loopback, private, link-local and "
      + "metadata addresses; checked without DNS and before the provider, so also when none is configured); media's "
      + "url_not_allowed for the video "
      + "file itself passes through.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = {@ExampleObject(name = "unsupported",
      value = "{\"error\": \"unsupported_platform\", \"message\": \"Platform 'microblog' is not supported here; use "
      + "shortvideo or photo.\", \"setup\": \"Use shortvideo or photo (a TikTok or Instagram post or account).\"}"),
      @ExampleObject(name = "url_not_allowed", value = "{\"error\": \"url_not_allowed\", \"message\": \"The "
      + "address 10.0.0.5 is a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16); only public internet "
      + "addresses are accepted.\", \"reason\": \"private_address\", \"field\": \"url\", \"address\": "
      + "\"10.0.0.5\", \"setup\": \"Pass a public http(s) URL of the platform's post.\"}")}))
  @APIResponse(responseCode = "413", description = "payload_too_large: the video file is larger than the CDN "
      + "takes (media-service's answer, passed through).", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = @ExampleObject(name = "too large",
      value = "{\"error\": \"payload_too_large\", \"message\": \"The file is larger than 2147483648 bytes.\", "
      + "\"limit\": 2147483648, \"setup\": \"The file is larger than the CDN accepts; pick a shorter video.\"}")))
  @APIResponse(responseCode = "415", description = "unsupported_media_type: the body is not sent as "
      + "`application/json`, or the post's file is not a video (media-service's answer, passed through).",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = {@ExampleObject(name = "not json",
      value = ScrapeDocs.NOT_JSON), @ExampleObject(name = "not a video", value = "{\"error\": "
      + "\"unsupported_media_type\", \"message\": \"The file is text/html; only video/* is taken here.\", "
      + "\"setup\": \"The file is not a video the CDN accepts; pass a post with an mp4 video.\"}")}))
  @APIResponse(responseCode = "422", description = "no_video: the post has no video (a photo post).",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = @ExampleObject(name = "no video",
      value = "{\"error\": \"no_video\", \"message\": \"This post has no video (it may be a photo post).\", "
      + "\"setup\": \"Pass the URL of a post that contains a video.\"}")))
  @APIResponse(responseCode = "503", description = "provider_not_configured: no scraping provider is configured "
      + "on this server; service_unavailable: media-service, which stores the file, is unavailable for a moment.",
      content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(ref = "Error"), examples = @ExampleObject(
      name = "provider_not_configured", value = ScrapeDocs.NOT_CONFIGURED)))
  public ImportedVideo download(@PathParam("platform") String platform, @Valid @NotNull ImportRequest body) {
    return imports.importVideo(platform, body.url());
  }
}
