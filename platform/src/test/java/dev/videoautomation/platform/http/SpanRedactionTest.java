package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

/** What leaves in a span never holds a claim token or a query string. */
class SpanRedactionTest {
  private final List<SpanData> exported = new CopyOnWriteArrayList<>();
  private final SdkTracerProvider provider = SdkTracerProvider.builder()
      .addSpanProcessor(new SpanRedaction())
      .addSpanProcessor(SimpleSpanProcessor.create(new NoCollector() {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
          exported.addAll(spans);
          return CompletableResultCode.ofSuccess();
        }
      }))
      .build();

  @Test
  void shouldReplaceTheClaimTokenAndTheQueryOfAServerSpan() {
    provider.get("test").spanBuilder("GET").setSpanKind(SpanKind.SERVER)
        .setAttribute(SpanRedaction.URL_PATH, "/claim/clm_secretToken123")
        .setAttribute(SpanRedaction.URL_QUERY, "sessionId=cs_secret").startSpan().end();

    var attributes = exported.getFirst().getAttributes();
    assertThat(attributes.get(SpanRedaction.URL_PATH)).isEqualTo("/claim/{claimToken}");
    assertThat(attributes.get(SpanRedaction.URL_QUERY)).isEqualTo("redacted");
    assertThat(attributes.toString()).doesNotContain("secret");
  }

  @Test
  void shouldReplaceTheClaimTokenAndTheQueryOfAClientSpansUrl() {
    provider.get("test").spanBuilder("POST").setSpanKind(SpanKind.CLIENT)
        .setAttribute(SpanRedaction.URL_FULL, "http://auth-service:8080/claim/clm_secretToken123/confirm?x=secret")
        .startSpan().end();

    assertThat(exported.getFirst().getAttributes().get(SpanRedaction.URL_FULL))
        .isEqualTo("http://auth-service:8080/claim/{claimToken}/confirm?redacted");
  }

  @Test
  void shouldLeaveOtherPathsAsTheyAre() {
    provider.get("test").spanBuilder("GET").setSpanKind(SpanKind.SERVER)
        .setAttribute(SpanRedaction.URL_PATH, "/v1/references/ref_123").startSpan().end();

    assertThat(exported.getFirst().getAttributes().get(SpanRedaction.URL_PATH)).isEqualTo("/v1/references/ref_123");
    assertThat(exported.getFirst().getAttributes().get(SpanRedaction.URL_QUERY)).isNull();
  }

  @Test
  void shouldReplaceAKeySentInAPath() {
    provider.get("test").spanBuilder("POST").setSpanKind(SpanKind.SERVER)
        .setAttribute(SpanRedaction.URL_PATH, "/v1/api_keys/revoke_leaked/svc_live_secretKey123/x").startSpan().end();
    provider.get("test").spanBuilder("POST").setSpanKind(SpanKind.CLIENT)
        .setAttribute(SpanRedaction.URL_FULL, "http://auth-service:8080/v1/api_keys/svc_anon_secretKey123").startSpan()
        .end();

    assertThat(exported.get(0).getAttributes().get(SpanRedaction.URL_PATH))
        .isEqualTo("/v1/api_keys/revoke_leaked/{credential}/x");
    assertThat(exported.get(1).getAttributes().get(SpanRedaction.URL_FULL))
        .isEqualTo("http://auth-service:8080/v1/api_keys/{credential}");
  }
}
