package dev.videoautomation.platform.errors;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The RFC 9457 {@code application/problem+json} form of an {@link ApiError}, used for every answer on the
 * registration and claim family ({@code /v1/auth/agent/**}): {@code type}, {@code title}, {@code status},
 * {@code detail}, plus {@code error}, {@code message} (the same text as {@code detail}, so a caller that reads
 * {@code error}/{@code message} everywhere needs no special case) and any extra fields of the error.
 */
public final class ProblemDetails {
  public static final String MEDIA_TYPE = "application/problem+json";
  /** Paths whose errors are rendered as problem details (design §4). */
  public static final String PROBLEM_PATH_PREFIX = "/v1/auth/agent";

  private ProblemDetails() {
  }

  public static boolean appliesTo(String path) {
    return path != null
        && (path.equals(PROBLEM_PATH_PREFIX) || path.startsWith(PROBLEM_PATH_PREFIX + "/"));
  }

  public static Map<String, Object> from(ApiError error) {
    var body = new LinkedHashMap<String, Object>();
    body.put("type", "/docs/errors#" + error.getError());
    body.put("title", title(error.getError()));
    body.put("status", error.status());
    body.put("detail", error.getMessage());
    body.put("error", error.getError());
    body.put("message", error.getMessage());
    error.extra().forEach(body::putIfAbsent);
    return body;
  }

  private static String title(String code) {
    var words = code.replace('_', ' ');
    return Character.toUpperCase(words.charAt(0)) + words.substring(1);
  }
}
