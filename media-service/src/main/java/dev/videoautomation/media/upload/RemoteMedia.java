package dev.videoautomation.media.upload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.library.ContentTypes;
import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.urls.FetchLimits;
import dev.videoautomation.platform.urls.GuardedFetcher;

/**
 * Fetches an outside URL into a work file through the platform URL guard (public addresses only, every redirect
 * re-checked, the connection pinned to the checked address) and under the size limit.
 */
@ApplicationScoped
public class RemoteMedia {
  /** Media servers often label files generically; ffprobe decides what they really are. */
  private static final List<String> GENERIC_TYPES = List.of("application/octet-stream", "binary/octet-stream");

  private final GuardedFetcher fetcher;
  private final MediaLibrary library;

  public RemoteMedia(GuardedFetcher fetcher, MediaLibrary library) {
    this.fetcher = fetcher;
    this.library = library;
  }

  /** What came back: the name the URL suggests for the file. */
  public record Fetched(String suggestedName, String contentType) {
  }

  /** What {@link #fetch} checks before it connects: the URL guard (its DNS lookup, not a connection). */
  public void check(String url, String field) {
    fetcher.guard().check(url, field);
  }

  public Fetched fetch(String url, String field, Path target, long limit, List<String> allowedTypes) {
    var accepted = new ArrayList<>(allowedTypes.isEmpty() ? ContentTypes.MEDIA : allowedTypes);
    accepted.addAll(GENERIC_TYPES);
    var limits = FetchLimits.of(limit, accepted.toArray(String[]::new)).withField(field);
    try (var response = fetcher.open(url, limits)) {
      library.receive(response.body(), target, limit, () -> new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
          "The source at '" + field + "' broke off while sending the media.").with("field", field)));
      var path = response.finalUri().getPath();
      var name = path == null || path.isEmpty() ? null : path.substring(path.lastIndexOf('/') + 1);
      return new Fetched(name, response.mediaType());
    }
  }
}
