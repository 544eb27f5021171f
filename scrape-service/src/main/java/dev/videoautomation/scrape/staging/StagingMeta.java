package dev.videoautomation.scrape.staging;

import java.util.List;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code download_media} did: {@code staged} distinct files stored on the CDN, and each place whose file could
 * not be (now null in {@code data}) with the source URL and the reason, an error code such as url_not_allowed.
 */
@RegisterForReflection
@Schema(name = "ScrapeStagingMeta", description = "What `download_media` did with the media files of `data`.")
public record StagingMeta(
    @Schema(required = true, description = "Distinct files stored on the CDN (identical URLs count once).",
        minimum = "0", maximum = "2147483647") int staged,
    @Schema(required = true, description = "Each place in `data` whose file could not be staged (it is null now); "
        + "one entry per place, so as long as the provider's answer has media.") List<Unstaged> unstaged) {

  @RegisterForReflection
  @Schema(name = "ScrapeUnstagedFile", description = "A media file that was not staged.")
  public record Unstaged(
      @Schema(required = true, description = "Where the file was in the answer, as a JSON path "
          + "(`$.data.aweme_detail.video.cover.url_list[0]`).") String path,
      @Schema(required = true, description = "The platform's URL of the file, as the provider gave it.")
      String sourceUrl,
      @Schema(required = true, description = "Why it was not staged: media-service's error code, such as "
          + "`url_not_allowed`, `payload_too_large`, `unsupported_media_type`, `upstream_error`, `upstream_timeout` "
          + "or `service_unavailable`.", maxLength = 64, pattern = "^[a-z]+(_[a-z]+)*$",
          example = "url_not_allowed") String reason) {
  }
}
