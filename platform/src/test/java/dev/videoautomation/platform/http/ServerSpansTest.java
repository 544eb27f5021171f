package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ServerSpansTest {
  @Test
  void shouldExportNothingWithoutACollector() {
    assertThat(spans(null, 1.0).exporting()).isFalse();
  }

  @Test
  void shouldRefuseACollectorAddressThatIsNotHttpNamingTheSetting() {
    assertThatThrownBy(() -> spans("grpc://collector:4317", 1.0))
        .hasMessageContaining("OTEL_EXPORTER_OTLP_ENDPOINT");
    assertThatThrownBy(() -> spans("collector:4318", 1.0)).hasMessageContaining("OTEL_EXPORTER_OTLP_ENDPOINT");
  }

  @Test
  void shouldRefuseASamplingRatioOutsideZeroToOne() {
    assertThatThrownBy(() -> spans("http://127.0.0.1:4318", 1.5)).hasMessageContaining("OTEL_TRACES_SAMPLER_ARG");
    assertThatThrownBy(() -> spans("http://127.0.0.1:4318", Double.NaN))
        .hasMessageContaining("OTEL_TRACES_SAMPLER_ARG");
  }

  @Test
  void shouldReadTheOtlpHeaderListWithEncodedValues() {
    assertThat(ServerSpans.parseHeaders("api-key=abc%3D%3D, x-team = red,broken,=nokey"))
        .containsOnly(Map.entry("api-key", "abc=="), Map.entry("x-team", "red"));
    assertThat(ServerSpans.parseHeaders("")).isEmpty();
  }

  private static ServerSpans spans(String endpoint, double ratio) {
    var spans = new ServerSpans(Optional.ofNullable(endpoint).map(URI::create), Optional.empty(), ratio,
        Duration.ofSeconds(5), "test-service");
    spans.flush(null);
    return spans;
  }
}
