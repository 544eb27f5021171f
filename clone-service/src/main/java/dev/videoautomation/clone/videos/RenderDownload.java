package dev.videoautomation.clone.videos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.urls.FetchLimits;
import dev.videoautomation.platform.urls.GuardedFetcher;

/**
 * Brings a provider's finished render to a local file: through the URL guard (the URL is the provider's answer, not
 * ours), at most {@code clone.limits.result-max-bytes}, and only a video; a refusal names {@code resultUrl}.
 */
@ApplicationScoped
public class RenderDownload {
  private final GuardedFetcher fetcher;
  private final CloneConfig config;

  public RenderDownload(GuardedFetcher fetcher, CloneConfig config) {
    this.fetcher = fetcher;
    this.config = config;
  }

  public void into(String url, Path file) {
    var limits = FetchLimits.of(config.limits().resultMaxBytes(), "video/*", "application/octet-stream",
        "binary/octet-stream").withField("resultUrl");
    try (var body = fetcher.open(url, limits); var in = body.body()) {
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
