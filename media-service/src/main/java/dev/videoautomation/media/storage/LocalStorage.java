package dev.videoautomation.media.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

import dev.videoautomation.platform.calls.OwnMedia;
import dev.videoautomation.platform.streams.LimitedInputStream;

/**
 * Objects as files under one directory, served publicly by media-service at {@code <public base URL>/cdn/<key>}
 * (through the gateway).
 */
public final class LocalStorage implements ObjectStorage {
  private final Path root;
  private final String publicBase;

  public LocalStorage(Path root, String publicBaseUrl) {
    this.root = root.toAbsolutePath().normalize();
    this.publicBase = OwnMedia.localCdnBase(publicBaseUrl);
    try {
      Files.createDirectories(this.root);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the media directory " + this.root, e);
    }
  }

  public Path root() {
    return root;
  }

  @Override
  public String kind() {
    return "local";
  }

  @Override
  public void put(String key, Path file, String contentType) {
    var target = resolve(key);
    try {
      Files.createDirectories(target.getParent());
      try {
        Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        // Another filesystem: copy beside the target, then rename, so a reader never sees half a file.
        var partial = target.resolveSibling(target.getFileName() + ".partial");
        Files.copy(file, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not store " + key, e);
    }
  }

  @Override
  public InputStream open(String key, long offset, long length) {
    try {
      var channel = FileChannel.open(resolve(key), StandardOpenOption.READ);
      channel.position(offset);
      var in = Channels.newInputStream(channel);
      return length < 0 ? in : LimitedInputStream.truncated(in, length);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + key, e);
    }
  }

  @Override
  public Optional<Path> localPath(String key) {
    return Optional.of(resolve(key));
  }

  @Override
  public String publicUrl(String key) {
    return publicBase + "/" + key;
  }

  @Override
  public void delete(String key) {
    try {
      Files.deleteIfExists(resolve(key));
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete " + key, e);
    }
  }

  private Path resolve(String key) {
    if (!StorageKeys.isValid(key)) {
      throw new IllegalArgumentException("Not a storage key: " + key);
    }
    return root.resolve(key);
  }
}
