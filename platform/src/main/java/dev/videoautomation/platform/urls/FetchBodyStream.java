package dev.videoautomation.platform.urls;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The body of a fetch's final answer, read within the fetch's deadline: past it {@code upstream_timeout}, on a broken
 * connection {@code upstream_error}. The byte limit is a {@link dev.videoautomation.platform.streams.LimitedInputStream}
 * around it. Closing it ends the fetch.
 */
final class FetchBodyStream extends InputStream {
  private final InputStream in;
  private final FetchConnection connection;
  private final CheckedUrl url;

  FetchBodyStream(InputStream in, FetchConnection connection, CheckedUrl url) {
    this.in = in;
    this.connection = connection;
    this.url = url;
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
    if (connection.isClosed() && !connection.timedOut()) {
      throw new IOException("The fetched body is closed.");
    }
    if (connection.pastDeadline()) {
      throw connection.timeout(url);
    }
    try {
      return in.read(buffer, offset, length);
    } catch (IOException e) {
      throw connection.failure(e, url);
    }
  }

  @Override
  public void close() {
    connection.close();
  }
}
