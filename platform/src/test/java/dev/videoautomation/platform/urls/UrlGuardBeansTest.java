package dev.videoautomation.platform.urls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.errors.ApiException;

/** A service that configures nothing still gets the strict guard and a fetcher on it, by injection. */
@QuarkusTest
class UrlGuardBeansTest {
  @Inject
  UrlGuard guard;

  @Inject
  GuardedFetcher fetcher;

  @Inject
  UrlGuardConfig config;

  @Test
  void shouldInjectTheStrictGuardWithDefaults() {
    assertThat(config.allowLoopback()).isFalse();
    assertThat(config.maxRedirects()).isEqualTo(5);
    assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.readTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(config.deadline()).isEqualTo(Duration.ofSeconds(120));
    assertThat(guard.allowsLoopback()).isFalse();
    assertThat(fetcher.guard()).isSameAs(guard);

    var refusal = catchThrowableOfType(ApiException.class, () -> guard.check("http://169.254.169.254/", "url"));
    assertThat(refusal.error().extra()).containsEntry("reason", "metadata").containsEntry("field", "url");
  }
}
