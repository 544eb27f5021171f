package dev.videoautomation.platform.http;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.quarkus.vertx.http.runtime.filters.Filters;

/**
 * Puts {@code Service-Version} and {@code X-Request-Id} on every response of every service: resources, errors,
 * 404s of unknown paths, CORS preflights and health checks alike. It runs at the Vert.x level, before anything
 * can answer, and sets the headers just before they are written. It also puts the request id into the log context
 * (the OpenTelemetry extension adds {@code traceId} and {@code spanId}) and onto the request's server span, so a
 * span found in the collector leads to the request's log lines and the other way round. While the SDK is off (no
 * collector, {@link TracingSwitch}), it keeps the caller's own trace instead ({@link CallerTrace}).
 */
@ApplicationScoped
public class ResponseHeadersFilter {
  /** Runs before every other filter of the suite. */
  public static final int PRIORITY = 10_000;
  public static final String ROUTING_KEY = "vas.requestId";
  static final AttributeKey<String> REQUEST_ID_ATTRIBUTE = AttributeKey.stringKey("vas.request_id");

  private final boolean sdkDisabled;

  ResponseHeadersFilter(@ConfigProperty(name = TracingSwitch.SETTING, defaultValue = "false") boolean sdkDisabled) {
    this.sdkDisabled = sdkDisabled;
  }

  void register(@Observes Filters filters) {
    filters.register(rc -> {
      var requestId = RequestIds.accept(rc.request().getHeader(ApiVersion.REQUEST_ID_HEADER));
      rc.put(ROUTING_KEY, requestId);
      RequestIds.remember(requestId);
      if (sdkDisabled) {
        CallerTrace.remember(rc);
      } else {
        // The extension's Vert.x tracer opened the server span before any filter ran; it is the current one here.
        Span.current().setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
      }
      rc.addHeadersEndHandler(ignored -> rc.response().headers()
          .set(ApiVersion.SERVICE_VERSION_HEADER, ApiVersion.CURRENT)
          .set(ApiVersion.REQUEST_ID_HEADER, requestId));
      rc.next();
    }, PRIORITY);
  }
}
