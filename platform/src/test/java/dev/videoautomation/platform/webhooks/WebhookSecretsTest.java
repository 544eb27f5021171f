package dev.videoautomation.platform.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.errors.ApiException;

/** Secrets derived from the suite webhook key: the same everywhere the key is, different for every endpoint state. */
class WebhookSecretsTest {
  private static final byte[] KEY = new byte[32];
  private static final String KEY_BASE64;

  static {
    for (int i = 0; i < KEY.length; i++) {
      KEY[i] = (byte) (i * 7 + 3);
    }
    KEY_BASE64 = Base64.getEncoder().encodeToString(KEY);
  }

  private static WebhookSecrets secrets(String key) {
    return new WebhookSecrets(Optional.ofNullable(key));
  }

  /** The contract of docs/internal-api.md §3.18, computed here with the JDK alone. */
  private static String expected(String label) throws Exception {
    var mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
    return "whsec_" + Base64.getEncoder().encodeToString(mac.doFinal(label.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void shouldDeriveTheDocumentedSecretsFromTheKey() throws Exception {
    var secrets = secrets(KEY_BASE64);

    assertThat(secrets.endpointSecret("whk_abc", 1)).isEqualTo(expected("whk_abc:1"));
    assertThat(secrets.jobSecret("vid_xyz")).isEqualTo(expected("job:vid_xyz"));
    // whsec_ + standard base64 of 32 bytes: what every Standard Webhooks library reads
    assertThat(Base64.getDecoder().decode(secrets.jobSecret("vid_xyz").substring(6))).hasSize(32);
  }

  @Test
  void shouldGiveTheSameSecretOnEveryReplicaAndAfterARestart() {
    var one = secrets(KEY_BASE64);
    var other = secrets(" " + KEY_BASE64 + "\n");

    assertThat(other.endpointSecret("whk_abc", 3)).isEqualTo(one.endpointSecret("whk_abc", 3));
    assertThat(other.jobSecret("img_1")).isEqualTo(one.jobSecret("img_1"));
  }

  @Test
  void shouldGiveADifferentSecretForEveryGenerationEndpointAndJob() {
    var secrets = secrets(KEY_BASE64);

    assertThat(java.util.Set.of(secrets.endpointSecret("whk_a", 1), secrets.endpointSecret("whk_a", 2),
        secrets.endpointSecret("whk_b", 1), secrets.jobSecret("whk_a"), secrets.jobSecret("vid_1"))).hasSize(5);
    var otherKey = KEY.clone();
    otherKey[0] ^= 1;
    assertThat(secrets(Base64.getEncoder().encodeToString(otherKey)).endpointSecret("whk_a", 1))
        .isNotEqualTo(secrets.endpointSecret("whk_a", 1));
  }

  @Test
  void shouldAnswerProviderNotConfiguredWithSetupWithoutAUsableKey() {
    for (var key : new String[] {null, "", "   ", Base64.getEncoder().encodeToString(new byte[31]), "not*base64!"}) {
      var secrets = secrets(key);
      assertThat(secrets.configured()).as(String.valueOf(key)).isFalse();
      assertThatThrownBy(secrets::requireConfigured).isInstanceOfSatisfying(ApiException.class, e -> {
        assertThat(e.error().status()).isEqualTo(503);
        assertThat(e.error().getError()).isEqualTo("provider_not_configured");
        assertThat(String.valueOf(e.error().extra().get("setup"))).contains("SUITE_WEBHOOK_KEY");
      });
      assertThatThrownBy(() -> secrets.jobSecret("vid_1")).isInstanceOf(ApiException.class);
    }
    assertThat(secrets(KEY_BASE64).configured()).isTrue();
    assertThat(secrets(KEY_BASE64).toString()).doesNotContain(KEY_BASE64);
  }
}
