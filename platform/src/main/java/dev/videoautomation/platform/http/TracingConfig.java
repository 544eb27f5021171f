package dev.videoautomation.platform.http;

import java.time.Duration;
import java.util.Optional;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Pattern;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

/**
 * The OpenTelemetry variables operators set (README, docs/operations.md), checked when a service starts so that a
 * mistake names the variable to fix. META-INF/microprofile-config.properties hands them to the OpenTelemetry
 * extension ({@code quarkus.otel.*}); {@link OtlpHeaders} decodes the header list on its way there.
 */
@ConfigMapping(prefix = "otel")
public interface TracingConfig {
  /**
   * {@code OTEL_EXPORTER_OTLP_ENDPOINT}: the collector's OTLP/HTTP base URL (spans go to /v1/traces); unset: the SDK
   * is off and no span is made ({@link TracingSwitch}).
   */
  @WithName("exporter.otlp.endpoint")
  Optional<@Pattern(regexp = "https?://[^/?#\\s]+(/\\S*)?", message = "OTEL_EXPORTER_OTLP_ENDPOINT must be the "
      + "http(s) URL of an OTLP/HTTP collector, e.g. http://otel-collector:4318") String> endpoint();

  /** {@code OTEL_EXPORTER_OTLP_HEADERS}: {@code key=value,key2=value2}, values percent-encoded (a vendor's API key). */
  @WithName("exporter.otlp.headers")
  Optional<String> headers();

  /** {@code OTEL_TRACES_SAMPLER_ARG}: the share of new traces kept; a caller's sampled flag is always kept. */
  @WithName("traces.sampler.arg")
  @WithDefault("1.0")
  @DecimalMin(value = "0", message = "OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1")
  @DecimalMax(value = "1", message = "OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1")
  double samplerRatio();

  /** {@code OTEL_BSP_SCHEDULE_DELAY}: how often a batch of spans is sent. */
  @WithName("bsp.schedule.delay")
  @WithDefault("5s")
  Duration scheduleDelay();
}
