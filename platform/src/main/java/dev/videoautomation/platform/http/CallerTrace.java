package dev.videoautomation.platform.http;

import java.util.function.BiConsumer;

import org.jboss.logging.MDC;

import io.smallrye.common.vertx.ContextLocals;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.ext.web.RoutingContext;

/**
 * The W3C trace context a caller sent ({@code traceparent}, with its {@code tracestate}), kept while the OpenTelemetry
 * SDK is off ({@link TracingSwitch}) so that it is carried on as it came: by the gateway to the owner, and by every
 * call one service makes to another while serving the request. Its trace id goes into the log context as
 * {@code traceId}, the key the extension uses when it runs. A {@code traceparent} that is not a valid version-00 one
 * is ignored, with its {@code tracestate} (W3C Trace Context §3.3): the request then carries no trace on.
 */
public record CallerTrace(String traceparent, String tracestate) {
  public static final String TRACEPARENT = "traceparent";
  public static final String TRACESTATE = "tracestate";
  /** Where the request's own {@code CallerTrace} is kept, in its routing context and its Vert.x context. */
  public static final String CONTEXT_KEY = "vas.callerTrace";
  /** The log context's key for the trace id, as the OpenTelemetry extension writes it. */
  static final String MDC_TRACE_ID = "traceId";
  /** {@code 00-} 32 hex {@code -} 16 hex {@code -} 2 hex. */
  private static final int LENGTH = 55;

  /** The current request's caller trace, or null (none sent, an invalid one, the SDK running, or no request). */
  public static CallerTrace current() {
    try {
      return ContextLocals.<CallerTrace>get(CONTEXT_KEY).orElse(null);
    } catch (UnsupportedOperationException | IllegalStateException e) {
      return null;
    }
  }

  /**
   * Puts the current request's caller trace, if any, on a call this service makes ({@code header} sets one header):
   * the internal REST clients' headers factories carry it on with the request id.
   */
  public static void carryOn(BiConsumer<String, String> header) {
    var trace = current();
    if (trace != null) {
      header.accept(TRACEPARENT, trace.traceparent());
      if (trace.tracestate() != null) {
        header.accept(TRACESTATE, trace.tracestate());
      }
    }
  }

  /**
   * Keeps the trace a request arrived with for the request's lines and calls, when its {@code traceparent} is valid;
   * the routing context {@code rc} keeps it for the gateway's forward.
   */
  static void remember(RoutingContext rc) {
    var request = rc.request();
    var traceparent = request.getHeader(TRACEPARENT);
    var traceId = traceId(traceparent);
    if (traceId == null) {
      return;
    }
    var trace = new CallerTrace(traceparent, request.getHeader(TRACESTATE));
    rc.put(CONTEXT_KEY, trace);
    if (VertxContext.isOnDuplicatedContext()) {
      // As RequestIds: only a request's own (duplicated) context keeps the log context and the trace.
      MDC.put(MDC_TRACE_ID, traceId);
      ContextLocals.put(CONTEXT_KEY, trace);
    }
  }

  /** The trace id of a valid version-00 {@code traceparent}, or null for anything else (including null). */
  public static String traceId(String traceparent) {
    if (traceparent == null || traceparent.length() != LENGTH || traceparent.charAt(0) != '0'
        || traceparent.charAt(1) != '0' || traceparent.charAt(2) != '-' || traceparent.charAt(35) != '-'
        || traceparent.charAt(52) != '-') {
      return null;
    }
    // Lowercase hex only (the standard's HEXDIGLC); an id of all zeros is invalid.
    if (!lowerHex(traceparent, 3, 35) || !lowerHex(traceparent, 36, 52) || !lowerHex(traceparent, 53, LENGTH)
        || zeros(traceparent, 3, 35) || zeros(traceparent, 36, 52)) {
      return null;
    }
    return traceparent.substring(3, 35);
  }

  private static boolean lowerHex(String text, int from, int to) {
    for (var i = from; i < to; i++) {
      var c = text.charAt(i);
      if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
        return false;
      }
    }
    return true;
  }

  private static boolean zeros(String text, int from, int to) {
    for (var i = from; i < to; i++) {
      if (text.charAt(i) != '0') {
        return false;
      }
    }
    return true;
  }
}
