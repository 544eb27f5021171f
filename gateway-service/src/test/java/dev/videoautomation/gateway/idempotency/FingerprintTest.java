package dev.videoautomation.gateway.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.vertx.core.buffer.Buffer;

/**
 * The fingerprint keyed requests are compared by is stored in {@code idempotency_keys.request_hash}: it must stay
 * the same from release to release, or a repeat sent across an upgrade would be refused as another request.
 */
class FingerprintTest {
  @Test
  void isSha256OfMethodTargetContentTypeAndBody() {
    assertThat(IdempotentRequests.fingerprint("POST", "/v1/scrape/tiktok/profile?x=1", "application/json",
        Buffer.buffer("{\"handle\":\"a\"}")))
        .isEqualTo("f22b83de5bfca76cdfcc748ec371d363bf12413fab73491eab03a96d4de09b20");
  }

  @Test
  void aMissingContentTypeIsHashedAsItAlwaysWas() {
    assertThat(IdempotentRequests.fingerprint("POST", "/v1/upload", null, Buffer.buffer()))
        .isEqualTo("9f545dff6205c2e016fe472b35b8a909659dac0eb8f22e9013d2a58d2fd296f1");
  }
}
