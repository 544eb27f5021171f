package dev.videoautomation.media.inputs;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.media.library.MediaObject;
import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.media.upload.RemoteMedia;
import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.platform.urls.UrlGuard;

/**
 * Turns what an intelligence request names into a local file: a {@code med_} id or one of the suite's own CDN URLs
 * (read from storage, never fetched over HTTP), or an outside URL (fetched through the URL guard).
 */
@ApplicationScoped
public class MediaInputs {
  private final MediaLibrary library;
  private final MediaTools tools;
  private final RemoteMedia remote;
  private final CurrentCaller caller;
  private final UrlGuard guard;

  public MediaInputs(MediaLibrary library, MediaTools tools, RemoteMedia remote, CurrentCaller caller,
      UrlGuard guard) {
    this.library = library;
    this.tools = tools;
    this.remote = remote;
    this.caller = caller;
    this.guard = guard;
  }

  /**
   * Checks what a request names in {@code videoUrl} or {@code mediaId} without reading it: exactly one of them, a
   * {@code med_} id or an http(s) URL, and an outside URL must pass the URL guard (public addresses only); the suite's
   * own media is never guarded. Endpoints that need a provider call this before they check it, so bad input is a 400
   * even when no provider is set.
   */
  public void check(String videoUrl, String mediaId) {
    var field = field(videoUrl, mediaId);
    var trimmed = required(mediaId != null ? mediaId : videoUrl, field);
    if (library.ownReference(trimmed).isEmpty()) {
      guard.check(trimmed, field);
    }
  }

  /**
   * What a dry run (issue 32) can tell of a source without reading it, with the answers the real call gives: the
   * checks of {@link #check}, and for the suite's own media the stored object itself (404 for another client's
   * {@code med_} id or a CDN URL of none, as {@link #resolve} answers). What an outside file holds is known only by
   * fetching it.
   */
  public void judgeRequest(String videoUrl, String mediaId) {
    judged(mediaId != null ? mediaId : videoUrl, field(videoUrl, mediaId));
  }

  /** As {@link #judgeRequest}, for one value in request field {@code field} ({@link #resolve}'s input). */
  public void judge(String value, String field) {
    judged(value, field);
  }

  /**
   * As {@link #judgeRequest} for operations that need a video ({@link #resolveVideo}): a stored object that
   * ffprobe found no video in when it was stored is the same 422.
   */
  public void judgeVideo(String videoUrl, String mediaId, String operation) {
    var field = field(videoUrl, mediaId);
    judged(mediaId != null ? mediaId : videoUrl, field).map(object -> object.probe).filter(Objects::nonNull)
        .ifPresent(info -> requireVideo(info, field, operation));
  }

  /** The stored object an own-media reference names, or empty for an outside URL, which passed the URL guard. */
  private Optional<MediaObject> judged(String value, String field) {
    var trimmed = required(value, field);
    var own = library.ownReference(trimmed);
    if (own.isPresent()) {
      return Optional.of(stored(own.get(), field));
    }
    guard.check(trimmed, field);
    return Optional.empty();
  }

  /**
   * The source named by {@code value} (a URL or a {@code med_} id) in request field {@code field}. The suite's own
   * media, a {@code med_} id or a CDN URL, is read from storage and never fetched; any other URL is fetched through
   * the URL guard.
   */
  public MediaSource resolve(String value, String field, WorkDir work) {
    var trimmed = required(value, field);
    var own = library.ownReference(trimmed);
    if (own.isPresent()) {
      return fromObject(stored(own.get(), field), work);
    }
    var file = work.file("source-" + System.nanoTime());
    remote.fetch(trimmed, field, file, library.limit(null), List.of());
    return new MediaSource(file, tools.requireProbe(file, field), null, trimmed);
  }

  /**
   * The object an own-media reference names. A CDN URL is public to whoever holds it, so any client may use one; a
   * bare id only its owner (another client's is 404, as if it did not exist). A CDN URL of no stored object is 404
   * too: it is never fetched.
   */
  private MediaObject stored(OwnMedia.Ref ref, String field) {
    return library.findOwn(ref).filter(object -> ref.isUrl() || visible(object))
        .orElseThrow(() -> MediaLibrary.notStored(ref, field));
  }

  /**
   * The source a request names in {@code videoUrl} (a URL or a {@code med_} id) or {@code mediaId}: exactly one of
   * the two, else a 400 naming the field.
   */
  public MediaSource fromRequest(String videoUrl, String mediaId, WorkDir work) {
    return resolve(mediaId != null ? mediaId : videoUrl, field(videoUrl, mediaId), work);
  }

  /** The field a request names its source in; both is a 400. */
  private static String field(String videoUrl, String mediaId) {
    if (videoUrl != null && mediaId != null) {
      throw ApiException.invalidField("mediaId", "cannot be given together with videoUrl");
    }
    return mediaId != null ? "mediaId" : "videoUrl";
  }

  /** A med_ id or something with a scheme, stripped; the URL's own checks come later. */
  private static String required(String value, String field) {
    if (value == null || value.isBlank()) {
      throw ApiException.invalidField(field, "is required: a URL or a med_ id");
    }
    var trimmed = value.strip();
    if (!Ids.looksLike(IdPrefix.MED, trimmed) && !trimmed.contains("://")) {
      throw ApiException.invalidField(field, "must be an http(s) URL or a med_ id");
    }
    return trimmed;
  }

  /** Like {@link #fromRequest} for operations that only make sense on a video: 422 otherwise. */
  public MediaSource resolveVideo(String videoUrl, String mediaId, WorkDir work, String operation) {
    var source = fromRequest(videoUrl, mediaId, work);
    requireVideo(source.info(), field(videoUrl, mediaId), operation);
    return source;
  }

  private static void requireVideo(MediaInfo info, String field, String operation) {
    if (!info.isVideo() || info.durationSeconds() == null) {
      throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE, operation + " needs a video; this media is "
          + info.contentType() + ".").with("field", field));
    }
  }

  /** {@code count} instants spread evenly over {@code duration}, each in the middle of its share (milliseconds). */
  public static List<Double> evenlySpaced(double duration, int count) {
    var result = new java.util.ArrayList<Double>();
    for (int i = 0; i < count; i++) {
      result.add(Math.round(duration * (i + 0.5) / count * 1000) / 1000.0);
    }
    return result;
  }

  private MediaSource fromObject(MediaObject object, WorkDir work) {
    var file = library.readable(object, work);
    var info = object.probe != null ? object.probe : tools.requireProbe(file, object.id);
    return new MediaSource(file, info, object.id, library.publicUrl(object));
  }

  private boolean visible(MediaObject object) {
    var current = caller.require();
    return current.isService() || current.subject().equals(object.clientId);
  }
}
