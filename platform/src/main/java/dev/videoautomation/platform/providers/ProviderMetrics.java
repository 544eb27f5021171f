package dev.videoautomation.platform.providers;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;

/**
 * {@code vas_provider_requests_seconds{provider,outcome}}: every provider call, timed, by provider name and outcome
 * ({@code 2xx}, {@code 4xx}, {@code 5xx}, or {@code unreachable}, {@code timed_out}, {@code broken} when no answer
 * came). Both tags take a handful of values. Typed failures answered to agents are counted apart, in
 * {@code vas_provider_errors_total}.
 */
final class ProviderMetrics {
  static final String REQUESTS = "vas.provider.requests";

  private ProviderMetrics() {
  }

  static void answered(Provider provider, int status, long nanos) {
    record(provider, (status / 100) + "xx", nanos);
  }

  static void failed(Provider provider, TransportFailure.Kind kind, long nanos) {
    record(provider, kind.name().toLowerCase(Locale.ROOT), nanos);
  }

  private static void record(Provider provider, String outcome, long nanos) {
    Timer.builder(REQUESTS).tag("provider", provider.name()).tag("outcome", outcome)
        .register(Metrics.globalRegistry).record(nanos, TimeUnit.NANOSECONDS);
  }
}
