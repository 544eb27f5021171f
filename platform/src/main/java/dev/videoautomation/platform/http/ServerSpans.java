package dev.videoautomation.platform.http;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.common.ComponentLoader;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.export.HttpSenderProvider;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.RoutingContext;

/**
 * OpenTelemetry server spans: when {@code OTEL_EXPORTER_OTLP_ENDPOINT} names a collector, every request a service
 * serves becomes a span (joined to the caller's {@code traceparent}) exported over OTLP/HTTP in batches; the span's
 * id is the one the service logs and sends on to the services it calls, so one agent request is one trace across the
 * suite. Without an endpoint nothing is recorded and the ids are made by {@link TraceParent} alone.
 */
@Singleton
public class ServerSpans {
  static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
  static final AttributeKey<String> PATH = AttributeKey.stringKey("url.path");
  static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
  static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("vas.request_id");
  /**
   * Where Quarkus REST leaves the matched resource template in the request's context (its micrometer binding reads
   * it the same way); Vert.x routes of the gateway have none, and their spans keep the method as their name.
   */
  private static final String TEMPLATE_KEY = "UrlPathTemplate";

  private final SdkTracerProvider provider;
  private final Tracer tracer;

  ServerSpans(@ConfigProperty(name = "otel.exporter.otlp.endpoint") Optional<URI> endpoint,
      @ConfigProperty(name = "otel.exporter.otlp.headers") Optional<String> headers,
      @ConfigProperty(name = "otel.traces.sampler.arg", defaultValue = "1.0") double ratio,
      @ConfigProperty(name = "otel.bsp.schedule.delay", defaultValue = "5s") Duration delay,
      @ConfigProperty(name = "quarkus.application.name") String service) {
    if (endpoint.isEmpty()) {
      provider = null;
      tracer = null;
      return;
    }
    var base = endpoint.get();
    if (!List.of("http", "https").contains(String.valueOf(base.getScheme())) || base.getHost() == null) {
      throw new IllegalArgumentException("OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL of an OTLP/HTTP "
          + "collector, e.g. http://otel-collector:4318");
    }
    if (!(ratio >= 0 && ratio <= 1)) {
      throw new IllegalArgumentException("OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1");
    }
    var exporter = OtlpHttpSpanExporter.builder()
        .setEndpoint(base.toString().replaceAll("/+$", "") + "/v1/traces")
        .setHeaders(() -> parseHeaders(headers.orElse("")))
        // The exporter's own metrics would otherwise look up GlobalOpenTelemetry (and, by reflection, autoconfigure).
        .setMeterProvider(MeterProvider::noop)
        // The sender is handed over rather than discovered: native images do not read META-INF/services (Quarkus
        // turns GraalVM's service-loader scan off).
        .setComponentLoader(new ComponentLoader() {
          @Override
          @SuppressWarnings("unchecked")
          public <T> Iterable<T> load(Class<T> type) {
            return type == HttpSenderProvider.class ? List.of((T) (HttpSenderProvider) OtlpSender::new) : List.of();
          }
        })
        .build();
    provider = SdkTracerProvider.builder()
        .setResource(Resource.create(Attributes.of(AttributeKey.stringKey("service.name"), service,
            AttributeKey.stringKey("service.namespace"), "video-automation")))
        .setSampler(Sampler.parentBased(Sampler.traceIdRatioBased(ratio)))
        .addSpanProcessor(BatchSpanProcessor.builder(exporter).setScheduleDelay(delay).build())
        .build();
    tracer = provider.get("dev.videoautomation.platform");
    Log.infof("Exporting spans of %s to %s://%s:%d", service, base.getScheme(), base.getHost(), base.getPort());
  }

  /** Whether spans are exported (a collector is configured). */
  public boolean exporting() {
    return provider != null;
  }

  /**
   * The span this service works in for the request: a recorded server span ended with the response when exporting,
   * otherwise an id of its own under the caller's trace (or a new trace).
   */
  TraceParent begin(RoutingContext rc, Optional<TraceParent> caller, String requestId) {
    var path = rc.normalizedPath();
    if (provider == null || path.startsWith("/q/")) {
      // Probes and scrapes are not traced: they would bury the requests an operator looks for.
      return caller.map(TraceParent::child).orElseGet(TraceParent::newTrace);
    }
    var parent = caller.map(p -> Context.root().with(Span.wrap(SpanContext.createFromRemoteParent(p.traceId(),
        p.spanId(), TraceFlags.fromHex(p.flags(), 0), TraceState.getDefault())))).orElseGet(Context::root);
    var method = rc.request().method().name();
    var span = tracer.spanBuilder(method).setParent(parent).setSpanKind(SpanKind.SERVER)
        .setAttribute(METHOD, method).setAttribute(PATH, path).setAttribute(REQUEST_ID, requestId).startSpan();
    rc.addEndHandler(done -> {
      var status = rc.response().getStatusCode();
      span.setAttribute(STATUS, (long) status);
      if (rc.request() instanceof HttpServerRequestInternal request
          && request.context().getLocal(TEMPLATE_KEY) instanceof String template) {
        span.setAttribute(ROUTE, template);
        span.updateName(method + " " + template);
      }
      if (status >= 500 || done.failed()) {
        span.setStatus(StatusCode.ERROR);
      }
      span.end();
    });
    var context = span.getSpanContext();
    return new TraceParent(context.getTraceId(), context.getSpanId(), context.getTraceFlags().asHex());
  }

  /** OTLP's header list ({@code key=value,key2=value2}, values URL-encoded), e.g. a vendor's API key. */
  static Map<String, String> parseHeaders(String list) {
    var headers = new LinkedHashMap<String, String>();
    for (var pair : list.split(",")) {
      var equals = pair.indexOf('=');
      if (equals > 0) {
        headers.put(pair.substring(0, equals).trim(),
            URLDecoder.decode(pair.substring(equals + 1).trim(), StandardCharsets.UTF_8));
      }
    }
    return headers;
  }

  void flush(@Observes ShutdownEvent event) {
    if (provider != null) {
      provider.shutdown().join(5, TimeUnit.SECONDS);
    }
  }
}
