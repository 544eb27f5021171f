package dev.videoautomation.media.library;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import org.jboss.logging.Logger;

import dev.videoautomation.media.storage.ObjectStorage;
import dev.videoautomation.media.storage.StorageConfig;
import dev.videoautomation.media.storage.StorageKeys;
import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/**
 * The stored objects: receiving bytes into a work file under the size limit, probing them, writing them to storage
 * and recording them, and finding them again by id or by their public URL.
 */
@ApplicationScoped
public class MediaLibrary {
  private static final Logger LOG = Logger.getLogger(MediaLibrary.class);
  private static final int COPY_BUFFER = 64 * 1024;

  private final ObjectStorage storage;
  private final StorageConfig config;
  private final MediaTools tools;
  private final MediaObjectRepository objects;
  private final OwnMedia own;

  public MediaLibrary(ObjectStorage storage, StorageConfig config, MediaTools tools, MediaObjectRepository objects,
      OwnMedia own) {
    this.storage = storage;
    this.config = config;
    this.tools = tools;
    this.objects = objects;
    this.own = own;
  }

  /** The size limit for one object: the configured one, lowered (never raised) by the caller's. */
  public long limit(Long requested) {
    return requested == null || requested <= 0 ? config.maxBytes() : Math.min(requested, config.maxBytes());
  }

  /** Refuses before reading when the announced length is already over the limit. */
  public void checkAnnouncedLength(Long contentLength, long limit) {
    if (contentLength != null && contentLength > limit) {
      throw tooLarge(limit);
    }
  }

  /** A request body that broke off: the caller's side. */
  public static final Supplier<ApiException> BODY_BROKE_OFF =
      () -> new ApiException(ErrorCode.INVALID_REQUEST, "The body ended before it was complete.");

  /**
   * Copies the stream into {@code target}, counting; over {@code limit} the partial file is deleted and it is a 413.
   * A read failure deletes the partial file and throws what {@code brokeOff} gives.
   */
  public long receive(InputStream in, Path target, long limit, Supplier<ApiException> brokeOff) {
    long total = 0;
    try (in; var out = Files.newOutputStream(target)) {
      var buffer = new byte[COPY_BUFFER];
      int read;
      while ((read = in.read(buffer)) >= 0) {
        total += read;
        if (total > limit) {
          out.close();
          Files.deleteIfExists(target);
          throw tooLarge(limit);
        }
        out.write(buffer, 0, read);
      }
    } catch (IOException e) {
      deleteQuietly(target);
      throw brokeOff.get();
    }
    return total;
  }

  public static ApiException tooLarge(long limit) {
    return new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE,
        "The media is larger than the limit of " + limit + " bytes.").with("limit", limit));
  }

  /** Probes the file, checks its type, writes it to storage and records it. */
  public MediaObject store(Incoming incoming) {
    var info = tools.probe(incoming.file()).orElseThrow(() -> new ApiException(ApiError.of(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The content is not a readable audio, video or image file.")));
    if (!ContentTypes.matchesAny(info.contentType(), incoming.allowedTypes())) {
      throw notAccepted(info.contentType());
    }
    return store(incoming, info);
  }

  /** A 415 for media of a type the call does not take. */
  public static ApiException notAccepted(String contentType) {
    return new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        "Media of type " + contentType + " is not accepted here.").with("contentType", contentType));
  }

  /** A 404 naming {@code field} for an own-media reference to no object the caller may use. */
  public static ApiException notStored(OwnMedia.Ref ref, String field) {
    return new ApiException(ApiError.of(ErrorCode.NOT_FOUND, (ref.isUrl()
        ? "No media is stored at the service's CDN URL in '" + field + "'"
        : "Media " + ref.mediaId() + " (in '" + field + "') was not found")
        + "; upload it first (POST /v1/upload) and use the id or URL it answers.").with("field", field));
  }

  /** Stores a file already probed (a frame or a render this service made itself). */
  public MediaObject store(Incoming incoming, MediaInfo info) {
    try {
      var object = new MediaObject();
      object.id = Ids.newId(IdPrefix.MED);
      object.clientId = incoming.clientId();
      object.purpose = incoming.purpose();
      object.storage = storage.kind();
      object.contentType = info.contentType();
      object.storageKey = StorageKeys.of(object.id, StorageKeys.fileName(incoming.suggestedName(), info.contentType()));
      object.sizeBytes = Files.size(incoming.file());
      object.durationSeconds = info.durationSeconds();
      object.width = info.displayWidth();
      object.height = info.displayHeight();
      object.sourceUrl = incoming.sourceUrl();
      object.createdAt = Instant.now();
      object.probe = info;
      storage.put(object.storageKey, incoming.file(), object.contentType);
      try {
        save(object);
      } catch (RuntimeException e) {
        storage.delete(object.storageKey);
        throw e;
      }
      return object;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Transactional
  void save(MediaObject object) {
    objects.persist(object);
  }

  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<MediaObject> find(String id) {
    return objects.findByIdOptional(id);
  }

  /** The object behind one of this suite's own public URLs. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<MediaObject> findByUrl(String url) {
    return own.parse(url).filter(OwnMedia.Ref::isUrl).flatMap(this::findOwn);
  }

  /** What {@code value} names when it is the suite's own media (a {@code med_} id or a CDN URL); else empty. */
  public Optional<OwnMedia.Ref> ownReference(String value) {
    return own.parse(value);
  }

  /** The object an own-media reference names, whoever owns it; empty when none is stored there. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<MediaObject> findOwn(OwnMedia.Ref ref) {
    return ref.isUrl() ? findByKey(ref.storageKey()) : find(ref.mediaId());
  }

  @Transactional(Transactional.TxType.SUPPORTS)
  public Optional<MediaObject> findByKey(String key) {
    return StorageKeys.isValid(key) ? objects.byStorageKey(key) : Optional.empty();
  }

  public String publicUrl(MediaObject object) {
    return storage.publicUrl(object.storageKey);
  }

  public Optional<Path> localPath(MediaObject object) {
    return storage.localPath(object.storageKey);
  }

  public InputStream open(MediaObject object, long offset, long length) {
    return storage.open(object.storageKey, offset, length);
  }

  /** Copies the stored bytes into {@code target}, a work file that may then be changed or moved. */
  public void copyTo(MediaObject object, Path target) {
    try (var in = open(object, 0, -1)) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file ffmpeg can read: the stored file itself when storage is local, otherwise a copy in {@code work}. */
  public Path readable(MediaObject object, WorkDir work) {
    return localPath(object).orElseGet(() -> {
      var copy = work.file("object-" + object.id);
      copyTo(object, copy);
      return copy;
    });
  }

  public StoredMedia describe(MediaObject object) {
    return new StoredMedia(object.id, publicUrl(object), object.contentType, object.sizeBytes, object.durationSeconds,
        object.width, object.height, object.sourceUrl, object.createdAt.toEpochMilli());
  }

  public MediaRecord internalRecord(MediaObject object) {
    return new MediaRecord(object.id, object.clientId, publicUrl(object), object.contentType, object.sizeBytes,
        object.durationSeconds, object.width, object.height, object.purpose, object.storage, object.storageKey,
        localPath(object).map(Path::toString).orElse(null), object.sourceUrl, object.createdAt.toEpochMilli());
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.debugf("Could not delete %s: %s", file, e.getMessage());
    }
  }
}
