package dev.videoautomation.records.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Base64;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.urls.TestResolver;
import dev.videoautomation.platform.urls.UrlGuard;
import dev.videoautomation.platform.webhooks.WebhookSecrets;
import dev.videoautomation.records.common.WebhookUrls;

/** An endpoint must be https unless the guard lets loopback through (tests); decided without a network call. */
class WebhookUrlRuleTest {
  private static WebhookEndpoints endpoints(boolean allowLoopback) {
    return new WebhookEndpoints(null, new WebhookSecrets(Optional.empty()),
        new UrlGuard(TestResolver.offline(), allowLoopback), null, new ObjectMapper(), Clock.systemUTC());
  }

  @Test
  void shouldRefuseHttpOnAStrictGuard() {
    assertThatThrownBy(() -> endpoints(false).checkUrl("http://hooks.example.com/in"))
        .isInstanceOfSatisfying(ApiException.class, e -> {
          assertThat(e.error().getError()).isEqualTo("url_not_allowed");
          assertThat(e.error().getMessage()).contains("https");
        });
    assertThat(endpoints(false).checkUrl("https://hooks.example.com/in")).isEqualTo("https://hooks.example.com/in");
  }

  @Test
  void shouldTakeHttpOnlyWhereLoopbackIsAllowed() {
    assertThat(endpoints(true).checkUrl("http://127.0.0.1:9/in")).isEqualTo("http://127.0.0.1:9/in");
    assertThatThrownBy(() -> endpoints(false).checkUrl("http://127.0.0.1:9/in")).isInstanceOf(ApiException.class);
  }

  @Test
  void shouldHoldAOneOffWebhookUrlToTheSameRule() {
    var secrets = new WebhookSecrets(Optional.of(Base64.getEncoder().encodeToString(new byte[32])));
    var strict = new WebhookUrls(new UrlGuard(TestResolver.offline(), false), secrets);
    assertThatThrownBy(() -> strict.check("http://hooks.example.com/in"))
        .isInstanceOfSatisfying(ApiException.class, e -> {
          assertThat(e.error().getError()).isEqualTo("url_not_allowed");
          assertThat(e.error().extra()).containsEntry("reason", "scheme").containsEntry("field", "webhookUrl");
        });
    assertThatThrownBy(() -> strict.check("http://127.0.0.1:9/in")).isInstanceOf(ApiException.class);
    assertThat(strict.check("https://hooks.example.com/in")).isEqualTo("https://hooks.example.com/in");
    var allowing = new WebhookUrls(new UrlGuard(TestResolver.offline(), true), secrets);
    assertThat(allowing.check("http://127.0.0.1:9/in")).isEqualTo("http://127.0.0.1:9/in");
  }
}
