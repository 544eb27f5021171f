package dev.videoautomation.platform.urls;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * The answer of a {@link GuardedFetcher} fetch, its 2xx status and head read, its body not yet. Close it (try with
 * resources): closing before the end discards the connection instead of draining the rest.
 *
 * <p>{@link #body()} enforces the fetch's limits while streaming: past {@code maxBytes} it throws
 * {@code payload_too_large} (413, with {@code limit}); past the deadline or a read timeout {@code upstream_timeout}
 * (504); on a broken connection {@code upstream_error} (502). These are {@link dev.videoautomation.platform.errors.ApiException}s
 * so that callers may let them reach the error mappers as they are.
 */
public final class FetchedBody implements AutoCloseable {
  private final URI finalUri;
  private final int status;
  private final String contentType;
  private final Long contentLength;
  private final Map<String, List<String>> headers;
  private final InputStream body;
  private final Runnable onClose;

  FetchedBody(URI finalUri, int status, String contentType, Long contentLength, Map<String, List<String>> headers,
      InputStream body, Runnable onClose) {
    this.finalUri = finalUri;
    this.status = status;
    this.contentType = contentType;
    this.contentLength = contentLength;
    this.headers = headers;
    this.body = body;
    this.onClose = onClose;
  }

  /** The URL the body came from, after redirects. */
  public URI finalUri() {
    return finalUri;
  }

  public int status() {
    return status;
  }

  /** The Content-Type header as sent (parameters included), or {@code null}. */
  public String contentType() {
    return contentType;
  }

  /** {@code type/subtype} of the Content-Type in lower case, without parameters, or {@code null}. */
  public String mediaType() {
    return FetchLimits.mediaType(contentType);
  }

  /** The announced Content-Length, or {@code null} when the upstream did not announce one. */
  public Long contentLength() {
    return contentLength;
  }

  /** Every response header, names in lower case. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The first value of header {@code name} (any case), or {@code null}. */
  public String header(String name) {
    var values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.getFirst();
  }

  /** The body, limited as the fetch said. */
  public InputStream body() {
    return body;
  }

  /** Reads the whole (limited) body. */
  public byte[] readAllBytes() throws IOException {
    return body.readAllBytes();
  }

  @Override
  public void close() {
    onClose.run();
  }
}
