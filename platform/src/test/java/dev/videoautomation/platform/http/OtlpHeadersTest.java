package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

/** OTEL_EXPORTER_OTLP_HEADERS reaches the extension's header setting decoded, one list entry per header. */
class OtlpHeadersTest {
  @Test
  void shouldDecodeEachValueAndDropBrokenPairs() {
    var config = config(Map.of(OtlpHeaders.VARIABLE,
        "api-key=abc%3D%3D, x-team = red,broken,=nokey,authorization=Basic%20dXNlcjpwYXNz"));

    assertThat(config.getValues(OtlpHeaders.EXTENSION_SETTING, String.class))
        .containsExactly("api-key=abc==", "x-team=red", "authorization=Basic dXNlcjpwYXNz");
  }

  @Test
  void shouldKeepADecodedCommaInsideItsValue() {
    var config = config(Map.of(OtlpHeaders.VARIABLE, "x-list=a%2Cb,x-path=c%5Cd"));

    assertThat(config.getValues(OtlpHeaders.EXTENSION_SETTING, String.class))
        .containsExactly("x-list=a,b", "x-path=c\\d");
  }

  @Test
  void shouldLeaveTheSettingUnsetWithoutTheVariable() {
    assertThat(config(Map.of()).getOptionalValues(OtlpHeaders.EXTENSION_SETTING, String.class)).isEmpty();
    assertThat(config(Map.of(OtlpHeaders.VARIABLE, " ")).getOptionalValues(OtlpHeaders.EXTENSION_SETTING,
        String.class)).isEmpty();
  }

  @Test
  void shouldLetTheExtensionsOwnSettingWin() {
    var config = config(Map.of(OtlpHeaders.VARIABLE, "a=1", OtlpHeaders.EXTENSION_SETTING, "b=2"));

    assertThat(config.getValues(OtlpHeaders.EXTENSION_SETTING, String.class)).containsExactly("b=2");
  }

  @Test
  void shouldNameTheVariableWhenAValueIsNotPercentEncoded() {
    var config = config(Map.of(OtlpHeaders.VARIABLE, "api-key=100%"));

    assertThatThrownBy(() -> config.getValues(OtlpHeaders.EXTENSION_SETTING, String.class))
        .hasMessageContaining("OTEL_EXPORTER_OTLP_HEADERS").hasMessageContaining("api-key")
        .hasMessageNotContaining("100%");
  }

  private static SmallRyeConfig config(Map<String, String> properties) {
    return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(properties, "test", 100))
        .withInterceptors(new OtlpHeaders()).build();
  }
}
