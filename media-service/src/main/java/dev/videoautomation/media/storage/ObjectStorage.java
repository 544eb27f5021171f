package dev.videoautomation.media.storage;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where media objects are kept. Objects are immutable: written once from a finished local file, read many times,
 * deleted when their record goes.
 */
public interface ObjectStorage {
  /** {@code local} or {@code s3}, as recorded with each object. */
  String kind();

  /** Stores the file under {@code key}; the file may be moved rather than copied. */
  void put(String key, Path file, String contentType);

  /** Reads {@code length} bytes from {@code offset} ({@code length} < 0: to the end). */
  InputStream open(String key, long offset, long length);

  /** The file itself when this storage keeps objects on the local filesystem. */
  Optional<Path> localPath(String key);

  /** The public URL the object is served at. */
  String publicUrl(String key);

  void delete(String key);
}
