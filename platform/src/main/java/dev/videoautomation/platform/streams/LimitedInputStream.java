package dev.videoautomation.platform.streams;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A stream that reads at most {@code limit} bytes of the stream beneath it, the one byte limit of the suite. Two
 * kinds: {@link #truncated} ends where the limit is (one Range of a stored object), {@link #refusing} throws the
 * caller's error as soon as the stream goes past the limit (a body that must not be longer than a service accepts).
 *
 * <p>Every read goes through {@link #read(byte[], int, int)}, {@code skip} included, so nothing passes uncounted.
 * Closing closes the stream beneath.
 */
public final class LimitedInputStream extends InputStream {
  private final InputStream in;
  private final long limit;
  private final Supplier<? extends RuntimeException> pastLimit;
  private long count;

  private LimitedInputStream(InputStream in, long limit, Supplier<? extends RuntimeException> pastLimit) {
    this.in = Objects.requireNonNull(in, "in");
    if (limit < 0) {
      throw new IllegalArgumentException("limit must not be negative");
    }
    this.limit = limit;
    this.pastLimit = pastLimit;
  }

  /** The first {@code limit} bytes of {@code in}, then the end of the stream. */
  public static InputStream truncated(InputStream in, long limit) {
    return new LimitedInputStream(in, limit, null);
  }

  /**
   * {@code in} as it is while it stays within {@code limit} bytes; the read that goes past it throws what
   * {@code pastLimit} gives (it may also close or cancel what the stream came from).
   */
  public static InputStream refusing(InputStream in, long limit, Supplier<? extends RuntimeException> pastLimit) {
    return new LimitedInputStream(in, limit, Objects.requireNonNull(pastLimit, "pastLimit"));
  }

  /** Bytes read so far. */
  public long count() {
    return count;
  }

  @Override
  public int read() throws IOException {
    var one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, buffer.length);
    if (length == 0) {
      return 0;
    }
    long left = limit - count;
    if (pastLimit == null && left <= 0) {
      return -1;
    }
    // A refusing stream reads at most one byte past the limit: enough to know it was passed.
    int allowed = (int) Math.min(length, pastLimit == null ? left : left + 1);
    int n = in.read(buffer, offset, allowed);
    if (n > 0) {
      count += n;
      if (count > limit) {
        throw pastLimit.get();
      }
    }
    return n;
  }

  @Override
  public int available() throws IOException {
    return (int) Math.min(in.available(), Math.max(0, limit - count));
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
