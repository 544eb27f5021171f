package dev.videoautomation.platform.http;

import io.smallrye.config.ConfigSourceInterceptor;
import io.smallrye.config.ConfigSourceInterceptorContext;
import io.smallrye.config.ConfigValue;

/**
 * Turns the OpenTelemetry SDK off ({@code quarkus.otel.sdk.disabled}, a runtime setting) while no collector is named:
 * with nowhere to send spans, making a server and a client span per request only costs time (18 % of the
 * gateway's samples in its profile, docs/benchmarks.md). The caller's {@code traceparent} is then carried on as it came
 * ({@link CallerTrace}), so the trace still joins up across services and its id still reaches the logs. An explicit
 * {@code QUARKUS_OTEL_SDK_DISABLED} (or the standard {@code OTEL_SDK_DISABLED}) wins either way; without one, the
 * SDK runs exactly when {@code OTEL_EXPORTER_OTLP_ENDPOINT} (or the extension's own endpoint setting) is set.
 * Registered in META-INF/services, so every service reads its switch the same way.
 */
public class TracingSwitch implements ConfigSourceInterceptor {
  static final String SETTING = "quarkus.otel.sdk.disabled";
  static final String STANDARD_SETTING = "otel.sdk.disabled";
  static final String[] ENDPOINTS = {"otel.exporter.otlp.endpoint", "otel.exporter.otlp.traces.endpoint",
      "quarkus.otel.exporter.otlp.endpoint", "quarkus.otel.exporter.otlp.traces.endpoint"};
  /**
   * The extension's own default for its setting is read from a defaults source of the lowest ordinals (the mapping's
   * {@code @WithDefault}); only a value from above those was set by someone.
   */
  private static final int DEFAULTS_ORDINAL_CEILING = Integer.MIN_VALUE + 1_000;

  @Override
  public ConfigValue getValue(ConfigSourceInterceptorContext context, String name) {
    var value = context.proceed(name);
    if (!SETTING.equals(name) || isSet(value)) {
      return value;
    }
    var standard = context.proceed(STANDARD_SETTING);
    if (isSet(standard)) {
      return standard.withName(SETTING);
    }
    var disabled = String.valueOf(!collectorNamed(context));
    return ConfigValue.builder().withName(SETTING).withValue(disabled).withRawValue(disabled)
        .withConfigSourceName(TracingSwitch.class.getSimpleName()).build();
  }

  private static boolean collectorNamed(ConfigSourceInterceptorContext context) {
    for (var endpoint : ENDPOINTS) {
      var value = context.proceed(endpoint);
      if (value != null && value.getValue() != null && !value.getValue().isBlank()
          && value.getConfigSourceOrdinal() > DEFAULTS_ORDINAL_CEILING) {
        return true;
      }
    }
    return false;
  }

  private static boolean isSet(ConfigValue value) {
    return value != null && value.getValue() != null && !value.getValue().isBlank()
        && value.getConfigSourceOrdinal() > DEFAULTS_ORDINAL_CEILING;
  }
}
