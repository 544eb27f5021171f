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

/** {@code POST /v1/videos/download/{platform}}: one post's video file to the CDN. */
@Path("/v1/videos/download")
@Tag(name = "Video import")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class VideoImportResource {
  private final VideoImports imports;

  public VideoImportResource(VideoImports imports) {
    this.imports = imports;
  }

  @RegisterForReflection
  public record ImportRequest(@NotBlank String url) {
  }

  @POST
  @Path("{platform}")
  @Operation(summary = "Import a post's video", description = "Stages one post's video file (highest quality, "
      + "without watermark when the platform offers one) to the CDN. `platform` is `shortvideo` or `photo`; any "
      + "other is 400 unsupported_platform. A photo post without video is 422 no_video.")
  @Parameter(name = "platform", schema = @Schema(type = SchemaType.STRING, enumeration = {"shortvideo", "photo"}))
  @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "import",
      value = "{\"url\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000\"}")))
  @APIResponse(responseCode = "200", description = "The stored video", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "imported", value = "{\"id\": "
      + "\"med_4Yb2Lm9Qx1Rt7Zc3Vn8Ke0\", \"url\": \"https://cdn.example.com/m/med_4Yb2Lm9Qx1Rt7Zc3Vn8Ke0/file.mp4\", "
      + "\"platform\": \"shortvideo\", \"sourceUrl\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000"
      + "\", \"durationSeconds\": 14.93, \"width\": 720, \"height\": 1280, \"sizeBytes\": 18342211, \"contentType\": "
      + "\"video/mp4\"}")))
  @APIResponse(responseCode = "400", description = "Unsupported platform, missing url, or a url that is not a public "
      + "http(s) URL (url_not_allowed with `reason`: the URL guard refuses loopback, private, link-local and metadata "
      + "addresses; checked before the provider, so also when none is configured)", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, examples = {@ExampleObject(name = "unsupported", value = "{\"error\": "
      + "\"unsupported_platform\", \"message\": \"Platform 'microblog' is not supported here; use shortvideo or "
      + "photo.\", \"setup\": \"Use shortvideo or photo (a TikTok or Instagram post or account).\"}"),
      @ExampleObject(name = "url_not_allowed", value = "{\"error\": \"url_not_allowed\", \"message\": \"The "
      + "address 10.0.0.5 is a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16); only public internet "
      + "addresses are fetched.\", \"reason\": \"private_address\", \"field\": \"url\", \"address\": "
      + "\"10.0.0.5\", \"setup\": \"Pass a public http(s) URL of the platform's post.\"}")}))
  @APIResponse(responseCode = "422", description = "The post has no video", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "no video", value = "{\"error\": "
      + "\"no_video\", \"message\": \"This post has no video (it may be a photo post).\", \"setup\": \"Pass the URL "
      + "of a post that contains a video.\"}")))
  public ImportedVideo download(@PathParam("platform") String platform, @Valid @NotNull ImportRequest body) {
    return imports.importVideo(platform, body.url());
  }
}
