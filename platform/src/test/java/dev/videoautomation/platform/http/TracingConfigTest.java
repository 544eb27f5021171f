package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import jakarta.validation.Validation;
import jakarta.validation.Validator;

import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;

/** A mistake in the OpenTelemetry variables stops the service at startup with a message naming the variable. */
class TracingConfigTest {
  private static final Validator VALIDATOR = Validation.byDefaultProvider().configure()
      .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory().getValidator();

  @Test
  void shouldRefuseAnEndpointThatIsNotAnHttpUrl() {
    for (var endpoint : new String[] {"otel-collector:4318", "ftp://otel-collector", "http://", "http:// x"}) {
      assertThatThrownBy(() -> tracing(Map.of("otel.exporter.otlp.endpoint", endpoint))).as(endpoint)
          .hasMessageContaining("OTEL_EXPORTER_OTLP_ENDPOINT must be the http(s) URL of an OTLP/HTTP collector");
    }
  }

  @Test
  void shouldRefuseARatioOutsideZeroToOne() {
    for (var ratio : new String[] {"1.5", "-0.1"}) {
      assertThatThrownBy(() -> tracing(Map.of("otel.traces.sampler.arg", ratio))).as(ratio)
          .hasMessageContaining("OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1");
    }
  }

  @Test
  void shouldTakeValidSettingsAndDefaultTheRest() {
    var tracing = tracing(Map.of("otel.exporter.otlp.endpoint", "https://otlp.vendor.example:4318/otlp",
        "otel.traces.sampler.arg", "0.25"));

    assertThat(tracing.endpoint()).contains("https://otlp.vendor.example:4318/otlp");
    assertThat(tracing.samplerRatio()).isEqualTo(0.25);
    assertThat(tracing.scheduleDelay()).isEqualTo(Duration.ofSeconds(5));
    assertThat(tracing(Map.of()).endpoint()).isEmpty();
    assertThat(tracing(Map.of()).samplerRatio()).isEqualTo(1.0);
  }

  /** The mapping as a service reads it (Quarkus' duration format), with Bean Validation as Quarkus runs it. */
  private static TracingConfig tracing(Map<String, String> properties) {
    return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(properties, "test", 100))
        .withConverter(Duration.class, 100, new DurationConverter()).withMapping(TracingConfig.class)
        .withValidator(new BeanValidationConfigValidator() {
          @Override
          public Validator getValidator() {
            return VALIDATOR;
          }
        })
        .build().getConfigMapping(TracingConfig.class);
  }
}
