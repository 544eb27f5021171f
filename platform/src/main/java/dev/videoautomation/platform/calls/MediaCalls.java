package dev.videoautomation.platform.calls;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.streams.LimitedInputStream;

/**
 * Calls to media-service with the timeouts and retries of docs/internal-api.md §1.4. Staging stores a new object on
 * every call, so it is never retried; reading an object is. Every failure is an {@link OwnerRefusal} carrying
 * media's own error (url_not_allowed, payload_too_large, unsupported_media_type, upstream_error, …).
 */
@ApplicationScoped
public class MediaCalls {
  static final String OWNER = "media service";
  private final MediaApi media;
  private final OwnMedia own;

  MediaCalls(@RestClient MediaApi media, OwnMedia own) {
    this.media = media;
    this.own = own;
  }

  /**
   * The stored object of {@code clientId}'s that {@code value} names, when it is the suite's own media (a {@code med_}
   * id or one of the suite's CDN URLs, see {@link OwnMedia}), read from media-service instead of fetched: no URL guard,
   * no second copy.
   * <ul>
   * <li>Empty: {@code value} is not media of this client's that can be used by reference. Either it is not the suite's
   * media at all (an outside URL), or it is a CDN URL of no object of this client's (another client's object: CDN URLs
   * are public, so stage it like any URL; media's {@code staging/url} copies it from storage without fetching, or
   * answers 404 when there is no such object).</li>
   * <li>Present: the object, which belongs to {@code clientId}.</li>
   * <li>A {@code med_} id of no object of this client's (none, or another client's): an {@link OwnerRefusal} with
   * reason {@code not_found} (status 404), for the caller to answer naming its field.</li>
   * </ul>
   */
  public Optional<StoredMedia> resolveOwn(String value, String clientId) {
    var ref = own.parse(value);
    if (ref.isEmpty()) {
      return Optional.empty();
    }
    if (ref.get().isUrl()) {
      try {
        return Optional.of(findByUrl(ref.get().url())).filter(stored -> clientId.equals(stored.clientId()));
      } catch (OwnerRefusal refusal) {
        if (isNotFound(refusal)) {
          return Optional.empty();
        }
        throw refusal;
      }
    }
    var stored = find(ref.get().mediaId());
    if (!clientId.equals(stored.clientId())) {
      throw notFound(ref.get().mediaId());
    }
    return Optional.of(stored);
  }

  /** Whether media answered 404: no such object, or none the token may see. */
  public static boolean isNotFound(OwnerRefusal refusal) {
    return refusal.status() == 404;
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

  /**
   * Copies a stored object's bytes ({@code GET /internal/media/{id}/content}, docs/internal-api.md §3.8) into
   * {@code target}, replacing it, as they arrive: never the whole object in memory (a render's source may be hundreds
   * of MiB). The read that goes past {@code maxBytes} throws what {@code tooLarge} gives and ends the copy. Media's
   * error answers are {@link OwnerRefusal}s as for {@link #find}; an unreachable media, a body cut off midway, a
   * 502/504 and the timeout are {@link OwnerUnavailable}s, and such a read is made once more from the start (a GET).
   */
  @Timeout(value = 10, unit = ChronoUnit.MINUTES)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "downloadTimedOut", applyOn = TimeoutException.class)
  public Path download(String mediaId, Path target, long maxBytes, Supplier<? extends RuntimeException> tooLarge) {
    try (var body = OwnerErrors.call(OWNER, () -> media.content(mediaId))) {
      Files.copy(LimitedInputStream.refusing(body, maxBytes, tooLarge), target, StandardCopyOption.REPLACE_EXISTING);
      return target;
    } catch (IOException e) {
      throw cutOff(e);
    }
  }

  /** The body broke off midway (reset, closed, or no byte for the client's read timeout). */
  private static OwnerUnavailable cutOff(IOException e) {
    Log.warnf("The %s's answer broke off: %s", OWNER, e.getMessage());
    return new OwnerUnavailable(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
        "The " + OWNER + "'s answer broke off; retry in a moment."));
  }

  private static OwnerRefusal notFound(String mediaId) {
    return new OwnerRefusal(ApiError.of(ErrorCode.NOT_FOUND, "Media " + mediaId + " was not found."));
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

  Path downloadTimedOut(String mediaId, Path target, long maxBytes, Supplier<? extends RuntimeException> tooLarge) {
    throw OwnerErrors.timedOut(OWNER);
  }
}
