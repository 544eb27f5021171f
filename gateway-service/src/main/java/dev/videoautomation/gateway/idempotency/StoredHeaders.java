package dev.videoautomation.gateway.idempotency;

import java.util.Locale;
import java.util.Set;

import io.vertx.core.MultiMap;

/**
 * The headers of a stored idempotent answer, one {@code name: value} per line. Headers the gateway sets afresh on
 * every answer (request id, version, rate limits) and framing headers are not stored.
 */
public final class StoredHeaders {
  private static final Set<String> NOT_STORED = Set.of("content-length", "transfer-encoding", "connection",
      "keep-alive", "service-version", "x-request-id", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset",
      "date");

  private StoredHeaders() {
  }

  public static String encode(MultiMap headers) {
    var text = new StringBuilder();
    headers.forEach(header -> {
      if (!NOT_STORED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
        text.append(header.getKey()).append(": ").append(header.getValue().replace('\n', ' ')).append('\n');
      }
    });
    return text.toString();
  }

  public static void decodeInto(String text, MultiMap headers) {
    if (text == null) {
      return;
    }
    for (var line : text.split("\n")) {
      var colon = line.indexOf(':');
      if (colon > 0) {
        headers.add(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
  }
}
