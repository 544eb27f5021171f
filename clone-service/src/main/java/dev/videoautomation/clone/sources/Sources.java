package dev.videoautomation.clone.sources;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.calls.OwnerUnavailable;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.calls.StoredMedia;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.platform.urls.UrlGuard;

/**
 * Where the media a clone call names lives. A {@code med_} id or one of the suite's own CDN URLs (recognised without a
 * network call, platform {@link OwnMedia}) naming an object of the caller's is read from media-service
 * ({@code /internal/media/{id}}, {@code /internal/media?url=}): never fetched, never refused by the URL guard, never
 * copied. Any other URL is staged first ({@code /internal/staging/url}, purpose {@code import}, through media's URL
 * guard), so every source is a stored object of the caller's before anything reads it or hands it to a provider.
 */
@ApplicationScoped
public class Sources {
  private final MediaCalls media;
  private final CloneConfig config;
  private final UrlGuard guard;
  private final OwnMedia ownMedia;

  public Sources(MediaCalls media, CloneConfig config, UrlGuard guard, OwnMedia ownMedia) {
    this.media = media;
    this.config = config;
    this.guard = guard;
    this.ownMedia = ownMedia;
  }

  /**
   * Checks a source field without reading it: a {@code med_} id or one of the suite's CDN URLs (read from storage
   * later, so the URL guard is not asked), or an http(s) URL that the guard passes as one handed on (no DNS lookup: a
   * host name or a public address literal). This service never connects to it: {@link #stage} hands it to media,
   * whose guarded fetch resolves it, refuses non-public addresses and pins the connection, and whose refusal reaches
   * the caller naming the field. Generating endpoints call this before they check the provider, so bad input is a 400
   * even where the provider is not configured.
   */
  public String check(String value, String field) {
    if (value == null || value.isBlank()) {
      throw ApiException.invalidField(field, "is required");
    }
    var trimmed = value.strip();
    if (!ownMedia.isOwn(trimmed)) {
      requireHttpUrl(trimmed, field);
      guard.checkHandedOn(trimmed, field);
    }
    return trimmed;
  }

  /**
   * The caller's own stored object that {@code value} names (a {@code med_} id or a CDN URL of one of the caller's
   * objects), read from media, never fetched; empty for anything else. A {@code med_} id of no object of the
   * caller's (none, or another client's) is 404 naming {@code field}.
   */
  public Optional<StoredMedia> own(String value, String field, String clientId) {
    return found(() -> media.resolveOwn(value, clientId), field);
  }

  /**
   * A copy of the caller's of what {@code value} names when {@link #own} found nothing: an outside URL, or a CDN URL
   * of another client's object (public to whoever holds it). Staging writes, so a dry run stops before it.
   */
  public StoredMedia stage(String value, String field, String clientId, List<String> contentTypes) {
    var trimmed = value.strip();
    requireHttpUrl(trimmed, field);
    var staged = found(() -> withField(() -> media.stageUrl(StageUrl.of(trimmed, clientId, "import")
        .allowing(contentTypes)), field), field);
    return found(() -> media.find(staged.id()), field);
  }

  /**
   * A readable local file of the object: media's own path when this replica shares its disk, else its bytes streamed
   * from media's {@code /content} into {@code work} (never held in memory), at most
   * {@code clone.limits.source-max-bytes} (413 past it). Media failing to hand the bytes over is 503, as media being
   * down is: retried later by a task, a moment later by an agent.
   */
  public Path localFile(StoredMedia stored, WorkDir work, String name) {
    if (stored.localPath() != null) {
      var path = Path.of(stored.localPath());
      if (Files.isReadable(path)) {
        return path;
      }
    }
    try {
      return media.download(stored.id(), work.file(name), config.limits().sourceMaxBytes(), this::tooLarge);
    } catch (OwnerUnavailable e) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
          "The media service could not be read (" + e.reason() + "); retry in a moment."));
    } catch (OwnerRefusal refusal) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The media service could not hand over "
          + stored.id() + " (status " + refusal.status() + "); retry in a moment."));
    }
  }

  private ApiException tooLarge() {
    return new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "The source is larger than the "
        + config.limits().sourceMaxBytes() + " bytes this service reads.").with("limit",
        config.limits().sourceMaxBytes()));
  }

  private static void requireHttpUrl(String value, String field) {
    if (!isHttpUrl(value)) {
      throw ApiException.invalidField(field, "must be an http(s) URL or a med_ id");
    }
  }

  static boolean isHttpUrl(String value) {
    try {
      var uri = URI.create(value);
      return uri.getHost() != null && ("http".equalsIgnoreCase(uri.getScheme())
          || "https".equalsIgnoreCase(uri.getScheme()));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static <T> T found(java.util.function.Supplier<T> call, String field) {
    try {
      return call.get();
    } catch (OwnerRefusal refusal) {
      if ("not_found".equals(refusal.reason())) {
        throw new ApiException(ApiError.of(ErrorCode.NOT_FOUND, "The media named in '" + field
            + "' was not found; upload it or pass a URL.").with("field", field));
      }
      throw refusal;
    }
  }

  /**
   * Staging refusals about the URL (url_not_allowed and the like) name the request field they came from: media names
   * its own request's field ({@code url}), which the caller never sent.
   */
  private static <T> T withField(java.util.function.Supplier<T> call, String field) {
    try {
      return call.get();
    } catch (OwnerRefusal refusal) {
      if (refusal.status() < 500) {
        throw new OwnerRefusal(refusal.error().with("field", field));
      }
      throw refusal;
    }
  }
}
