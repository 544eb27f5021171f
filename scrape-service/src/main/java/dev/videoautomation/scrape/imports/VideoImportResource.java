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
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.openapi.ScrapeAnswers;

/** {@code POST /v1/videos/download/{platform}}: one post's video file to the CDN. Prose: META-INF/openapi.yaml. */
@Path("/v1/videos/download")
@Tag(name = "Video import")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class VideoImportResource {
  private final VideoImports imports;

  VideoImportResource(VideoImports imports) {
    this.imports = imports;
  }

  @RegisterForReflection
  @Schema(name = "VideoImportRequest", description = "The post whose video to import.")
  public record ImportRequest(@Schema(required = true, description = "The URL of a post with a video on the "
      + "platform named in the path. It passes the URL guard before the provider sees it: http(s), no user info, a "
      + "host name (not resolved here: the provider fetches the post) or a public address.",
      maxLength = ScrapeLimits.URL) @NotBlank String url) {
  }

  @POST
  @Path("{platform}")
  @Operation(operationId = "importVideo", summary = "Import a post's video")
  @Extension(name = SharedAnswers.ANSWERS, value = ScrapeAnswers.IMPORT)
  @APIResponse(responseCode = "200", description = "The stored video")
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "413")
  @APIResponse(responseCode = "415")
  @APIResponse(responseCode = "422")
  @APIResponse(responseCode = "503")
  public ImportedVideo download(@PathParam("platform") String platform, @Valid @NotNull ImportRequest body) {
    return imports.importVideo(platform, body.url());
  }
}
