package dev.videoautomation.platform.ffmpeg;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

import org.jboss.logging.Logger;

/** One request's scratch directory; {@link #close()} removes it with everything in it. */
public final class WorkDir implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(WorkDir.class);
  private final Path path;

  WorkDir(Path path) {
    this.path = path;
  }

  public Path path() {
    return path;
  }

  public Path file(String name) {
    return path.resolve(name);
  }

  @Override
  public void close() {
    try (var files = Files.walk(path)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          LOG.warnf("Could not delete work file %s: %s", file, e.getMessage());
        }
      });
    } catch (IOException e) {
      LOG.warnf("Could not clean work dir %s: %s", path, e.getMessage());
    }
  }
}
