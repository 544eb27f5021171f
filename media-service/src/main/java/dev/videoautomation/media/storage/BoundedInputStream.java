package dev.videoautomation.media.storage;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads at most {@code limit} bytes of the stream beneath it (one Range of an object). */
final class BoundedInputStream extends FilterInputStream {
  private long remaining;

  BoundedInputStream(InputStream in, long limit) {
    super(in);
    this.remaining = limit;
  }

  @Override
  public int read() throws IOException {
    if (remaining <= 0) {
      return -1;
    }
    int value = super.read();
    if (value >= 0) {
      remaining--;
    }
    return value;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    if (remaining <= 0) {
      return -1;
    }
    int read = super.read(buffer, offset, (int) Math.min(length, remaining));
    if (read > 0) {
      remaining -= read;
    }
    return read;
  }
}
