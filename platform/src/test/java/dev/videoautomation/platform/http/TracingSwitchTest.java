package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;

/**
 * The OpenTelemetry SDK runs only when a collector is named, read through the platform's own
 * microprofile-config.properties (which hands OTEL_EXPORTER_OTLP_ENDPOINT to the extension as an expression) and with
 * the extension's defaults beneath, as in a service; an explicit switch wins.
 */
class TracingSwitchTest {
  @Test
  void shouldDisableTheSdkWithoutAnEndpoint() throws IOException {
    assertThat(sdkDisabled(Map.of())).isTrue();
    assertThat(sdkDisabled(Map.of("otel.exporter.otlp.endpoint", " "))).as("a blank variable names nothing").isTrue();
  }

  @Test
  void shouldEnableTheSdkWithAnEndpoint() throws IOException {
    assertThat(sdkDisabled(Map.of("otel.exporter.otlp.endpoint", "http://127.0.0.1:4318"))).isFalse();
    assertThat(sdkDisabled(Map.of("quarkus.otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:4318"))).isFalse();
  }

  @Test
  void shouldLetAnExplicitSettingWin() throws IOException {
    assertThat(sdkDisabled(Map.of("quarkus.otel.sdk.disabled", "false"))).as("spans made, sent nowhere").isFalse();
    assertThat(sdkDisabled(Map.of("quarkus.otel.sdk.disabled", "true",
        "otel.exporter.otlp.endpoint", "http://127.0.0.1:4318"))).isTrue();
    assertThat(sdkDisabled(Map.of("otel.sdk.disabled", "false"))).as("the standard OTEL_SDK_DISABLED").isFalse();
    assertThat(sdkDisabled(Map.of("otel.sdk.disabled", "true", "otel.exporter.otlp.endpoint",
        "http://127.0.0.1:4318"))).isTrue();
  }

  private static boolean sdkDisabled(Map<String, String> environment) throws IOException {
    var defaults = new HashMap<String, String>();
    // The extension's own defaults (OTelRuntimeConfig, OtlpExporterTracesConfig), which a service reads beneath all.
    defaults.put(TracingSwitch.SETTING, "false");
    defaults.put("quarkus.otel.exporter.otlp.traces.endpoint", "http://localhost:4317");
    var config = new SmallRyeConfigBuilder().addDefaultInterceptors()
        .withSources(new PropertiesConfigSource(environment, "environment", 300))
        .withSources(new PropertiesConfigSource(
            TracingSwitchTest.class.getResource("/META-INF/microprofile-config.properties"), 100))
        .withDefaultValues(defaults)
        .withInterceptors(new TracingSwitch()).build();
    return config.getValue(TracingSwitch.SETTING, Boolean.class);
  }
}
