package dev.videoautomation.records.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.urls.TestResolver;
import dev.videoautomation.platform.urls.UrlGuard;
import dev.videoautomation.platform.webhooks.WebhookSecrets;

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
}
