package dev.videoautomation.gateway.routing;

import java.util.Map;

/**
 * The {@code uri} tag of a route's request timers ({@code http_server_requests_seconds}, issue 34): its pattern as the
 * API document writes the path, {@code /v1/jobs/{id}/events} for the pattern /v1/jobs/&#42;/events. Worked out once per
 * route, so the HTTP binder no longer matches every request's path against a list of expressions to find it. A
 * {@code *} is named after what it stands for; a trailing {@code **} keeps the request's own path (no tag of its own,
 * as before), except under {@code /cdn/}, where every file is one {@code /cdn/{key}}.
 */
final class UriTags {
  /** What a {@code *} after these prefixes stands for; {@code id} after any other. */
  private static final Map<String, String> NAMES = Map.of(
      "/v1/videos/download/", "platform",
      "/claim/", "claimToken",
      "/checkout/", "sessionId",
      "/v1/webhooks/deliveries/", "deliveryId",
      "/v1/billing/webhooks/", "provider",
      "/internal/usage/keys/", "clientId");
  private static final String FILES = "/cdn/";

  private UriTags() {
  }

  /** The tag of {@code pattern}, or null when requests under it keep their own path. */
  static String of(String pattern) {
    if (pattern.endsWith("/" + PathPattern.REST)) {
      var prefix = pattern.substring(0, pattern.length() - PathPattern.REST.length());
      return prefix.equals(FILES) ? FILES + "{key}" : null;
    }
    var tag = new StringBuilder();
    var start = 0;
    for (var star = pattern.indexOf(PathPattern.ONE); star >= 0; star = pattern.indexOf(PathPattern.ONE, start)) {
      tag.append(pattern, start, star);
      tag.append('{').append(NAMES.getOrDefault(pattern.substring(0, star), "id")).append('}');
      start = star + 1;
    }
    return tag.append(pattern, start, pattern.length()).toString();
  }
}
