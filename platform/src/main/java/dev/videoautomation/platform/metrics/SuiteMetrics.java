package dev.videoautomation.platform.metrics;

import java.time.Duration;
import java.util.Set;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;

import dev.videoautomation.platform.errors.ApiError;

/**
 * The metrics every service publishes at {@code /q/metrics} beyond Quarkus's own (docs/operations.md lists them
 * all): a {@code service} tag on every series, latency histograms on HTTP server and client timers so that p95/p99
 * can be computed across replicas, and {@code vas_provider_errors_total} for every typed provider failure answered.
 */
@Singleton
public class SuiteMetrics {
  /** The error codes that mean "an outside provider failed", counted by {@link #answered(ApiError)}. */
  static final Set<String> PROVIDER_ERRORS =
      Set.of("upstream_error", "upstream_timeout", "provider_auth_failed", "provider_credits_exhausted");

  @Produces
  @Singleton
  MeterFilter serviceTag(@ConfigProperty(name = "quarkus.application.name") String service) {
    return MeterFilter.commonTags(Tags.of("service", service));
  }

  @Produces
  @Singleton
  MeterFilter latencyHistograms() {
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (!id.getName().startsWith("http.server.requests") && !id.getName().startsWith("http.client.requests")) {
          return config;
        }
        return DistributionStatisticConfig.builder().percentilesHistogram(true)
            .minimumExpectedValue((double) Duration.ofMillis(1).toNanos())
            .maximumExpectedValue((double) Duration.ofMinutes(2).toNanos())
            .build().merge(config);
      }
    };
  }

  /** Counts an error answer that reports a provider failure; other answers are not counted here. */
  public static void answered(ApiError error) {
    if (PROVIDER_ERRORS.contains(error.getError())) {
      providerError(error.getError());
    }
  }

  /** Counts a provider failure a worker met (no answer to an agent carries it). */
  public static void providerError(String errorCode) {
    Metrics.counter("vas.provider.errors", "error", errorCode).increment();
  }
}
