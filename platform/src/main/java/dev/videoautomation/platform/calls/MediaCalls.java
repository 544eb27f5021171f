package dev.videoautomation.platform.calls;

import java.nio.file.Path;
import java.time.temporal.ChronoUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Calls to media-service with the timeouts and retries of docs/internal-api.md §1.4. Staging stores a new object on
 * every call, so it is never retried; reading an object is. Every failure is an {@link OwnerRefusal} carrying
 * media's own error (url_not_allowed, payload_too_large, unsupported_media_type, upstream_error, …).
 */
@ApplicationScoped
public class MediaCalls {
  static final String OWNER = "media service";
  private final MediaApi media;

  MediaCalls(@RestClient MediaApi media) {
    this.media = media;
  }

  /** Fetches an outside URL into storage through media's URL guard. */
  @Timeout(value = 120, unit = ChronoUnit.SECONDS)
  @Fallback(fallbackMethod = "stageUrlTimedOut", applyOn = TimeoutException.class)
  public StagedMedia stageUrl(StageUrl request) {
    return OwnerErrors.call(OWNER, () -> media.stageUrl(request));
  }

  /** Stores a file this service made (a render, a frame); {@code contentType} may be application/octet-stream. */
  @Timeout(value = 10, unit = ChronoUnit.MINUTES)
  @Fallback(fallbackMethod = "stageFileTimedOut", applyOn = TimeoutException.class)
  public StagedMedia stageFile(Path file, String contentType, String clientId, String purpose, String filename) {
    return OwnerErrors.call(OWNER, () -> media.stageFile(file.toFile(), contentType, clientId, purpose, filename));
  }

  /** A stored object by id; 404 (another client's, or none) is an {@link OwnerRefusal} with reason not_found. */
  @Timeout(value = 2, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "findTimedOut", applyOn = TimeoutException.class)
  public StoredMedia find(String mediaId) {
    return OwnerErrors.call(OWNER, () -> media.find(mediaId));
  }

  /** Resolves one of the suite's own CDN URLs; 404 when the URL is not this suite's. */
  @Timeout(value = 2, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "findTimedOut", applyOn = TimeoutException.class)
  public StoredMedia findByUrl(String cdnUrl) {
    return OwnerErrors.call(OWNER, () -> media.findByUrl(cdnUrl));
  }

  StagedMedia stageUrlTimedOut(StageUrl request) {
    throw OwnerErrors.timedOut(OWNER);
  }

  StagedMedia stageFileTimedOut(Path file, String contentType, String clientId, String purpose, String filename) {
    throw OwnerErrors.timedOut(OWNER);
  }

  StoredMedia findTimedOut(String idOrUrl) {
    throw OwnerErrors.timedOut(OWNER);
  }
}
