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
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Storing what callers send or point at: a body streamed to a work file (never held in memory), a multipart file
 * the HTTP layer already wrote to disk, or an outside URL fetched through the platform URL guard.
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
    long limit = library.limit(target.maxBytes());
    checkDeclaredType(declaredType, target.allowedTypes());
    library.checkAnnouncedLength(contentLength, limit);
    try (var work = tools.workDir()) {
      var file = work.file("incoming");
      library.receive(body, file, limit, MediaLibrary.BODY_BROKE_OFF);
      return library.store(new Incoming(target.clientId(), target.purpose(), file, target.fileName(),
          target.allowedTypes(), null));
    }
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

  public MediaObject fromUrl(Target target, String url, String field) {
    long limit = library.limit(target.maxBytes());
    try (var work = tools.workDir()) {
      var file = work.file("incoming");
      var fetched = remote.fetch(url, field, file, limit, target.allowedTypes());
      var name = target.fileName() != null ? target.fileName() : fetched.suggestedName();
      return library.store(new Incoming(target.clientId(), target.purpose(), file, name, target.allowedTypes(), url));
    }
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
