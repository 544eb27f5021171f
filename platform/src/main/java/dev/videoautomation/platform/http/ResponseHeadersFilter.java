package dev.videoautomation.platform.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;

/**
 * Puts {@code Service-Version} and {@code X-Request-Id} on every response of every service: resources, errors,
 * 404s of unknown paths, CORS preflights and health checks alike. It runs at the Vert.x level, before anything
 * can answer, and sets the headers just before they are written. It also joins the request's W3C trace (or starts
 * one), opening its server span ({@link ServerSpans}), and puts the request id, trace id and span id into the log
 * context, so every log line of the request has them.
 */
@ApplicationScoped
public class ResponseHeadersFilter {
  /** Runs before every other filter of the suite. */
  public static final int PRIORITY = 10_000;
  public static final String ROUTING_KEY = "vas.requestId";
  /** The {@link TraceParent} of the span this service works in for the request. */
  public static final String TRACE_KEY = "vas.trace";

  private final ServerSpans spans;

  ResponseHeadersFilter(ServerSpans spans) {
    this.spans = spans;
  }

  void register(@Observes Filters filters) {
    filters.register(rc -> {
      var requestId = RequestIds.accept(rc.request().getHeader(ApiVersion.REQUEST_ID_HEADER));
      rc.put(ROUTING_KEY, requestId);
      RequestIds.remember(requestId);
      var span = spans.begin(rc, TraceParent.parse(rc.request().getHeader(TraceParent.HEADER)), requestId);
      rc.put(TRACE_KEY, span);
      RequestIds.rememberTrace(span);
      rc.addHeadersEndHandler(ignored -> rc.response().headers()
          .set(ApiVersion.SERVICE_VERSION_HEADER, ApiVersion.CURRENT)
          .set(ApiVersion.REQUEST_ID_HEADER, requestId));
      rc.next();
    }, PRIORITY);
  }
}
