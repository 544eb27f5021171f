package dev.videoautomation.scrape.staging;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code download_media} did: {@code staged} distinct files stored on the CDN, and each place whose file could
 * not be (now null in {@code data}) with the source URL and the reason, an error code such as url_not_allowed.
 */
@RegisterForReflection
public record StagingMeta(int staged, List<Unstaged> unstaged) {

  @RegisterForReflection
  public record Unstaged(String path, String sourceUrl, String reason) {
  }
}
