package dev.videoautomation.platform.urls;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.streams.LimitedInputStream;

/**
 * One {@link GuardedFetcher} fetch from its first checked URL to the answer handed over: the redirects it follows
 * (each Location checked by the guard, https never downgraded, the caller's headers only while on the first origin),
 * the final status, and the type and size checks before the body is handed over as a {@link FetchedBody}.
 */
final class Fetch {
  private final UrlGuard guard;
  private final int maxRedirects;
  private final FetchLimits limits;
  private final FetchConnection connection;
  private CheckedUrl checked;

  Fetch(UrlGuard guard, int maxRedirects, CheckedUrl first, FetchLimits limits, FetchConnection connection) {
    this.guard = guard;
    this.maxRedirects = maxRedirects;
    this.checked = first;
    this.limits = limits;
    this.connection = connection;
  }

  /** The answer, whose closing ends the fetch; on any refusal the fetch is ended here. */
  FetchedBody run() {
    boolean handedOver = false;
    try {
      var result = follow();
      handedOver = true;
      return result;
    } finally {
      if (!handedOver) {
        connection.close();
      }
    }
  }

  private FetchedBody follow() {
    var origin = origin(checked.uri());
    boolean sameOrigin = true;
    for (int redirects = 0;; redirects++) {
      sameOrigin &= origin(checked.uri()).equals(origin);
      ClassicHttpResponse response = connection.get(checked, sameOrigin ? limits.headers() : Map.of());
      int status = response.getCode();
      var location = response.getFirstHeader(HttpHeaders.LOCATION);
      if (isRedirect(status) && location != null) {
        connection.discard(response);
        if (redirects >= maxRedirects) {
          throw new ApiException(ApiError.of(ErrorCode.URL_NOT_ALLOWED, "The URL redirected more than "
                  + maxRedirects + " times (last to " + location.getValue() + "); link the final URL instead.")
              .with("reason", UrlRefusal.TOO_MANY_REDIRECTS.code())
              .with("field", limits.field()));
        }
        checked = next(location.getValue());
        continue;
      }
      if (status < 200 || status > 299) {
        connection.discard(response);
        throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The upstream at " + checked.host()
                + " answered " + status + " for " + checked.uri() + ".")
            .with("upstreamStatus", status));
      }
      return answer(response);
    }
  }

  private CheckedUrl next(String location) {
    URI target;
    try {
      target = checked.uri().resolve(new URI(location.strip()));
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw UrlGuard.refusal(limits.field(), UrlRefusal.MALFORMED,
          "The upstream redirected to '" + location + "', which is not a valid URL.");
    }
    var next = guard.check(target, limits.field());
    if (checked.scheme().equals("https") && next.scheme().equals("http")) {
      throw UrlGuard.refusal(limits.field(), UrlRefusal.SCHEME_DOWNGRADE,
          "The upstream redirected from https to http (" + target + "); only https redirects are followed "
              + "from an https URL.");
    }
    return next;
  }

  private FetchedBody answer(ClassicHttpResponse response) {
    var contentTypeHeader = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
    var contentType = contentTypeHeader == null ? null : contentTypeHeader.getValue();
    if (!limits.allows(contentType)) {
      connection.discard(response);
      throw new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, (contentType == null
              ? "The upstream sent no Content-Type"
              : "The upstream sent Content-Type '" + contentType + "'") + " for " + checked.uri()
              + "; accepted here: " + String.join(", ", limits.allowedContentTypes()) + ".")
          .with("contentType", contentType)
          .with("field", limits.field()));
    }
    var entity = response.getEntity();
    Long contentLength = null;
    if (entity != null && entity.getContentLength() >= 0) {
      contentLength = entity.getContentLength();
    }
    if (contentLength != null && contentLength > limits.maxBytes()) {
      connection.discard(response);
      throw tooLarge("announces " + contentLength + " bytes");
    }
    InputStream raw;
    try {
      raw = entity == null ? InputStream.nullInputStream() : entity.getContent();
    } catch (IOException e) {
      throw connection.failure(e, checked);
    }
    var body = LimitedInputStream.refusing(new FetchBodyStream(raw, connection, checked), limits.maxBytes(), () -> {
      connection.close();
      return tooLarge("is longer");
    });
    return new FetchedBody(checked.uri(), response.getCode(), contentType, contentLength, headers(response), body,
        () -> {
          connection.discard(response);
          connection.close();
        });
  }

  private ApiException tooLarge(String what) {
    return new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "The body at " + checked.uri() + " " + what
            + ", more than the " + limits.maxBytes() + " bytes accepted here.")
        .with("limit", limits.maxBytes())
        .with("field", limits.field()));
  }

  /** Every header of the answer, names in lower case, values in the order sent. */
  private static Map<String, List<String>> headers(ClassicHttpResponse response) {
    var headers = new TreeMap<String, List<String>>();
    for (Header header : response.getHeaders()) {
      headers.computeIfAbsent(header.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
          .add(header.getValue());
    }
    headers.replaceAll((k, v) -> List.copyOf(v));
    return Collections.unmodifiableMap(headers);
  }

  private static boolean isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  private static String origin(URI uri) {
    return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority().toLowerCase(Locale.ROOT);
  }
}
