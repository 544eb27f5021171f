package dev.videoautomation.scrape.staging;

import java.util.List;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code download_media} did: {@code staged} distinct files stored on the CDN, and each place whose file could
 * not be (now null) with the source URL and the reason, an error code such as url_not_allowed. The answer carries
 * it in {@code meta} (publicdata's ScrapeMeta, which documents it).
 */
@RegisterForReflection
public record StagingMeta(int staged, List<Unstaged> unstaged) {

  @RegisterForReflection
  @Schema(name = "ScrapeUnstagedFile", description = "A media file that was not staged.")
  public record Unstaged(
      @Schema(required = true, description = "Where the file was in the answer, as a JSON path "
          + "(`$.data.aweme_detail.video.cover.url_list[0]`, `$.normalized.items[0].media[0].url`).") String path,
      @Schema(required = true, description = "The platform's URL of the file, as the provider gave it.")
      String sourceUrl,
      @Schema(required = true, description = "Why it was not staged: media-service's error code, such as "
          + "`url_not_allowed`, `payload_too_large`, `unsupported_media_type`, `upstream_error`, `upstream_timeout` "
          + "or `service_unavailable`.", maxLength = 64, pattern = "^[a-z]+(_[a-z]+)*$",
          example = "url_not_allowed") String reason) {
  }
}
