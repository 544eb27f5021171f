package dev.videoautomation.platform.metrics;

import java.time.Duration;
import java.util.Set;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;

import dev.videoautomation.platform.config.SuiteConfig;

/**
 * The metrics every service publishes at {@code /q/metrics} on its management port beyond Quarkus's own
 * (docs/operations.md lists them all): a {@code service} tag on every series, latency histograms on HTTP server and
 * client timers so that p95/p99 can be computed across replicas, a bounded {@code uri} tag, and
 * {@code vas_provider_errors_total} for every typed provider failure answered.
 */
@Singleton
public class SuiteMetrics {
  /** The error codes that mean "an outside provider failed", counted by {@link #answered(String)}. */
  static final Set<String> PROVIDER_ERRORS =
      Set.of("upstream_error", "upstream_timeout", "provider_auth_failed", "provider_credits_exhausted");
  static final String HTTP_SERVER_REQUESTS = "http.server.requests";
  static final String URI = "uri";
  /** The value Quarkus itself gives complete CORS preflights. */
  static final String PREFLIGHT_URI = "/cors-preflight";
  static final String UNKNOWN_URI = "UNKNOWN";

  @Produces
  @Singleton
  MeterFilter serviceTag(SuiteConfig config) {
    return MeterFilter.commonTags(Tags.of("service", config.serviceName()));
  }

  @Produces
  @Singleton
  MeterFilter latencyHistograms() {
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (!id.getName().startsWith(HTTP_SERVER_REQUESTS) && !id.getName().startsWith("http.client.requests")) {
          return config;
        }
        return DistributionStatisticConfig.builder().percentilesHistogram(true)
            .minimumExpectedValue((double) Duration.ofMillis(1).toNanos())
            .maximumExpectedValue((double) Duration.ofMinutes(2).toNanos())
            .build().merge(config);
      }
    };
  }

  /**
   * Keeps made-up paths out of the {@code uri} tag where Quarkus would use the raw path whatever the answer: every
   * OPTIONS request (the gateway answers preflights on any path, and Quarkus names only those carrying all three
   * preflight headers {@code /cors-preflight}) and every request the caller broke off (status {@code RESET}). With
   * {@code suppress4xx-errors} (4xx/5xx on a path no template matched: {@code UNKNOWN}; 404: {@code NOT_FOUND}), no
   * request for a path no route knows adds a value, and real routes keep their room under {@code max-uri-tags}.
   */
  @Produces
  @Singleton
  MeterFilter boundedUris() {
    return new MeterFilter() {
      @Override
      public Meter.Id map(Meter.Id id) {
        if (!id.getName().equals(HTTP_SERVER_REQUESTS) || id.getTag(URI) == null) {
          return id;
        }
        if ("OPTIONS".equals(id.getTag("method"))) {
          return id.replaceTags(Tags.of(id.getTagsAsIterable()).and(URI, PREFLIGHT_URI));
        }
        if ("RESET".equals(id.getTag("status"))) {
          return id.replaceTags(Tags.of(id.getTagsAsIterable()).and(URI, UNKNOWN_URI));
        }
        return id;
      }
    };
  }

  /** Counts an error answer (its {@code error} code) that reports a provider failure; others are not counted here. */
  public static void answered(String errorCode) {
    if (PROVIDER_ERRORS.contains(errorCode)) {
      providerError(errorCode);
    }
  }

  /** Counts a provider failure a worker met (no answer to an agent carries it). */
  public static void providerError(String errorCode) {
    Metrics.counter("vas.provider.errors", "error", errorCode).increment();
  }
}
