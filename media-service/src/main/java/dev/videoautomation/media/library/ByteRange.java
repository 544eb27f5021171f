package dev.videoautomation.media.library;

import java.util.Optional;

/**
 * One byte range of a {@code Range: bytes=...} header (RFC 9110 §14). Only single ranges are served as 206; a header
 * asking for several, or one that cannot be parsed, is ignored and the whole object is sent, as the RFC allows.
 */
public record ByteRange(long first, long last) {

  public long length() {
    return last - first + 1;
  }

  public String contentRange(long size) {
    return "bytes " + first + "-" + last + "/" + size;
  }

  /** Thrown when the range is well formed but starts past the end: the answer is 416. */
  public static final class Unsatisfiable extends RuntimeException {
    Unsatisfiable() {
      super(null, null, false, false);
    }
  }

  public static Optional<ByteRange> parse(String header, long size) {
    if (header == null || !header.startsWith("bytes=") || header.indexOf(',') >= 0) {
      return Optional.empty();
    }
    var spec = header.substring(6).strip();
    int dash = spec.indexOf('-');
    if (dash < 0) {
      return Optional.empty();
    }
    try {
      var start = spec.substring(0, dash).strip();
      var end = spec.substring(dash + 1).strip();
      if (start.isEmpty()) {
        if (end.isEmpty()) {
          return Optional.empty();
        }
        long suffix = Long.parseLong(end);
        if (suffix <= 0) {
          throw new Unsatisfiable();
        }
        if (size == 0) {
          // RFC 9110 §14.1.1 counts this as satisfiable, but an empty object has no byte positions to name in a
          // Content-Range: send it whole.
          return Optional.empty();
        }
        return Optional.of(new ByteRange(Math.max(0, size - suffix), size - 1));
      }
      long first = Long.parseLong(start);
      long last = end.isEmpty() ? size - 1 : Math.min(Long.parseLong(end), size - 1);
      if (first < 0 || (!end.isEmpty() && Long.parseLong(end) < first)) {
        return Optional.empty();
      }
      if (first >= size) {
        throw new Unsatisfiable();
      }
      return Optional.of(new ByteRange(first, last));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
