package dev.videoautomation.platform.http;

import java.util.regex.Pattern;

import org.jboss.logging.MDC;

import io.smallrye.common.vertx.ContextLocals;
import io.smallrye.common.vertx.VertxContext;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/** Request ids: a caller's own {@code X-Request-Id} is kept when it is sane, otherwise one is generated. */
public final class RequestIds {
  static final String CONTEXT_KEY = "vas.requestId";
  private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

  private RequestIds() {
  }

  /** The id to use for a request that arrived with {@code incoming} (may be null). */
  public static String accept(String incoming) {
    return incoming != null && SANE.matcher(incoming).matches() ? incoming : Ids.newLabel(IdPrefix.REQ);
  }

  /** The current request's id, or {@code "none"} outside a request. */
  public static String current() {
    try {
      return ContextLocals.<String>get(CONTEXT_KEY).orElse("none");
    } catch (UnsupportedOperationException | IllegalStateException e) {
      return "none";
    }
  }

  static void remember(String requestId) {
    if (VertxContext.isOnDuplicatedContext()) {
      // Only a request's own (duplicated) context keeps the log context; elsewhere it would stick to the thread
      // and label other requests' lines.
      MDC.put("requestId", requestId);
    }
    try {
      ContextLocals.put(CONTEXT_KEY, requestId);
    } catch (UnsupportedOperationException | IllegalStateException e) {
      // Not on a duplicated context (e.g. a raw Vert.x route): the routing context still carries it.
    }
  }
}
