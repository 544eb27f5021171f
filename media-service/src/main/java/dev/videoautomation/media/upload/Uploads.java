package dev.videoautomation.media.upload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.library.ContentTypes;
import dev.videoautomation.media.library.Incoming;
import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.media.library.MediaObject;
import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Storing what callers send or point at: a body streamed to a work file (never held in memory), a multipart file
 * the HTTP layer already wrote to disk, an outside URL fetched through the platform URL guard, or the suite's own
 * media named by id or CDN URL, read from storage.
 */
@ApplicationScoped
public class Uploads {
  private final MediaLibrary library;
  private final MediaTools tools;
  private final RemoteMedia remote;

  public Uploads(MediaLibrary library, MediaTools tools, RemoteMedia remote) {
    this.library = library;
    this.tools = tools;
    this.remote = remote;
  }

  /** What one upload is for and what it may be. */
  public record Target(String clientId, String purpose, String fileName, List<String> allowedTypes, Long maxBytes) {
  }

  public MediaObject fromStream(Target target, InputStream body, String declaredType, Long contentLength) {
    long limit = judgeStream(target, declaredType, contentLength);
    try (var work = tools.workDir()) {
      var file = work.file("incoming");
      library.receive(body, file, limit, MediaLibrary.BODY_BROKE_OFF);
      return library.store(new Incoming(target.clientId(), target.purpose(), file, target.fileName(),
          target.allowedTypes(), null));
    }
  }

  /**
   * What {@link #fromStream} checks before it reads a byte, with its answers: a declared type that can never be
   * accepted (415; none, or {@code application/octet-stream}, is detected later), and a declared length over the limit
   * (413). Also a dry run's whole judgement of an upload (issue 32), which never reads the body. Returns the limit.
   */
  public long judgeStream(Target target, String declaredType, Long declaredLength) {
    long limit = library.limit(target.maxBytes());
    checkDeclaredType(declaredType, target.allowedTypes());
    library.checkAnnouncedLength(declaredLength, limit);
    return limit;
  }

  public MediaObject fromFile(Target target, Path uploaded, String declaredType) {
    long limit = library.limit(target.maxBytes());
    checkDeclaredType(declaredType, target.allowedTypes());
    try (var work = tools.workDir()) {
      if (Files.size(uploaded) > limit) {
        throw MediaLibrary.tooLarge(limit);
      }
      var file = work.file("incoming");
      Files.move(uploaded, file, StandardCopyOption.REPLACE_EXISTING);
      return library.store(new Incoming(target.clientId(), target.purpose(), file, target.fileName(),
          target.allowedTypes(), null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What a URL became: a stored object, and whether it was stored already (the caller's own media named again). */
  public record Staged(MediaObject object, boolean existing) {
  }

  /**
   * Stores what {@code url} names. The suite's own media ({@code med_} id or CDN URL) is never fetched: see
   * {@link #fromOwn}. Any other URL is fetched through the URL guard.
   */
  public Staged fromUrl(Target target, String url, String field) {
    var own = library.ownReference(url);
    if (own.isPresent()) {
      return fromOwn(target, own.get(), field);
    }
    long limit = library.limit(target.maxBytes());
    try (var work = tools.workDir()) {
      var file = work.file("incoming");
      var fetched = remote.fetch(url, field, file, limit, target.allowedTypes());
      var name = target.fileName() != null ? target.fileName() : fetched.suggestedName();
      return new Staged(library.store(new Incoming(target.clientId(), target.purpose(), file, name,
          target.allowedTypes(), url)), false);
    }
  }

  /**
   * What {@link #fromUrl} checks before it fetches, copies or stores anything, with its answers (a dry run's
   * judgement, issue 32): the suite's own media as {@link #fromOwn} judges it (404, 413, 415), any other URL by the
   * URL guard (400 {@code url_not_allowed}). What an outside URL serves is known only by fetching it.
   */
  public void judgeUrl(Target target, String url, String field) {
    var own = library.ownReference(url);
    if (own.isPresent()) {
      ownObject(target, own.get(), field);
    } else {
      remote.check(url, field);
    }
  }

  /**
   * The suite's own media where a URL is taken, read from storage. The target client's own object is answered as it
   * is: nothing is stored again. Another client's object, named by its CDN URL (public, like any URL), is copied from
   * storage for this client, as fetching the URL would have. A {@code med_} id of another client's object, or a CDN
   * URL of none, is 404. The call's size limit and types apply either way.
   */
  private Staged fromOwn(Target target, OwnMedia.Ref ref, String field) {
    var object = ownObject(target, ref, field);
    if (object.clientId.equals(target.clientId())) {
      return new Staged(object, true);
    }
    try (var work = tools.workDir()) {
      var file = work.file("incoming");
      library.copyTo(object, file);
      var name = target.fileName() != null ? target.fileName() : object.storageKey.substring(
          object.storageKey.lastIndexOf('/') + 1);
      var incoming = new Incoming(target.clientId(), target.purpose(), file, name, target.allowedTypes(), ref.url());
      return new Staged(object.probe != null ? library.store(incoming, object.probe) : library.store(incoming), false);
    }
  }

  /** The stored object {@code ref} names, if the target may take it: its owner's id, or a CDN URL; size; type. */
  private MediaObject ownObject(Target target, OwnMedia.Ref ref, String field) {
    var object = library.findOwn(ref).filter(found -> ref.isUrl() || found.clientId.equals(target.clientId()))
        .orElseThrow(() -> MediaLibrary.notStored(ref, field));
    long limit = library.limit(target.maxBytes());
    if (object.sizeBytes > limit) {
      throw MediaLibrary.tooLarge(limit);
    }
    if (!ContentTypes.matchesAny(object.contentType, target.allowedTypes())) {
      throw MediaLibrary.notAccepted(object.contentType);
    }
    return object;
  }

  /** A declared type that can never be accepted is refused before a byte is read. */
  private static void checkDeclaredType(String declaredType, List<String> allowed) {
    var bare = ContentTypes.bare(declaredType);
    if (bare.isEmpty() || bare.equals("application/octet-stream")) {
      return;
    }
    if (!ContentTypes.matchesAny(bare, allowed)) {
      throw new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          "Media of type " + bare + " is not accepted here; send audio, video or an image.").with("contentType", bare));
    }
  }
}
