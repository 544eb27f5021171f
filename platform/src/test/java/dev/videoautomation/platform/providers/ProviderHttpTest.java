package dev.videoautomation.platform.providers;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** One provider call against WireMock on 127.0.0.1: the request sent, and every failure as the suite answers it. */
class ProviderHttpTest {
  static final Provider PROVIDER = Provider.of("test", "TEST_API_KEY", "Set TEST_API_KEY to a key of the provider.");
  private static final SimpleMeterRegistry METERS = new SimpleMeterRegistry();
  private static WireMockServer server;
  private static String base;
  private final ProviderHttp http = new ProviderHttp(new ObjectMapper());

  @BeforeAll
  static void start() {
    server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    server.start();
    base = "http://127.0.0.1:" + server.port();
    Metrics.addRegistry(METERS);
  }

  @AfterAll
  static void stop() {
    server.stop();
    Metrics.removeRegistry(METERS);
  }

  @BeforeEach
  void reset() {
    server.resetAll();
  }

  private void answer(int status, String body) {
    server.stubFor(get("/v1/thing").willReturn(aResponse().withStatus(status)
        .withHeader("Content-Type", "application/json").withBody(body)));
  }

  /** Calls of the test provider timed so far with {@code outcome} (the registry is shared by the tests). */
  private static long timed(String outcome) {
    var timer = METERS.find(ProviderMetrics.REQUESTS).tag("provider", "test").tag("outcome", outcome).timer();
    return timer == null ? 0 : timer.count();
  }

  private ApiError failure(Provider provider) {
    return catchThrowableOfType(ApiException.class,
        () -> http.json(provider, ProviderRequest.get(base + "/v1/thing").timeout(Duration.ofSeconds(2)))).error();
  }

  @Test
  void shouldSendTheKeyAndReadTheJsonAnswer() {
    answer(200, "{\"id\":\"x1\"}");
    var before = timed("2xx");

    var node = http.json(PROVIDER, ProviderRequest.get(ProviderRequest.url(base + "/", "/v1/thing")).bearer("k1"));

    assertThat(node.path("id").asText()).isEqualTo("x1");
    server.verify(getRequestedFor(urlEqualTo("/v1/thing")).withHeader("Authorization", equalTo("Bearer k1"))
        .withHeader("Accept", equalTo("application/json")));
    assertThat(timed("2xx")).isEqualTo(before + 1);
  }

  @Test
  void shouldReadAnEmptyAnswerAsMissing() {
    answer(202, "");

    assertThat(http.json(PROVIDER, ProviderRequest.get(base + "/v1/thing")).isMissingNode()).isTrue();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "401|{}|provider_auth_failed|502",
      "403|{}|provider_auth_failed|502",
      "402|{}|provider_credits_exhausted|502",
      "429|{\"error\":{\"code\":\"insufficient_quota\",\"message\":\"You exceeded your current quota\"}}"
          + "|provider_credits_exhausted|502",
      "400|{\"detail\":\"Exhausted balance. Top up your balance at fal.ai/dashboard/billing.\"}"
          + "|provider_credits_exhausted|502",
      "429|{\"error\":\"rate limited\"}|upstream_error|502",
      "500|{\"detail\":[{\"msg\":\"boom\"}]}|upstream_error|502"})
  void shouldMapEachStatus(int upstream, String body, String code, int status) {
    answer(upstream, body);

    var error = failure(PROVIDER);

    assertThat(error.getError()).isEqualTo(code);
    assertThat(error.status()).isEqualTo(status);
    assertThat(error.extra()).containsEntry("upstreamStatus", upstream);
    if (!code.equals("upstream_error")) {
      assertThat((String) error.extra().get("setup")).contains("TEST_API_KEY");
    }
  }

  @Test
  void shouldQuoteTheProvidersOwnWords() {
    answer(500, "{\"error\":{\"code\":\"server_error\",\"message\":\"The engine is overloaded\"}}");

    assertThat(failure(PROVIDER).getMessage())
        .isEqualTo("The test provider answered 500: server_error The engine is overloaded.");
  }

  @Test
  void shouldLetAnAdapterOverrideOneRule() {
    // Stripe's 402 is a declined request, not this server's account running dry.
    var declines = PROVIDER.withFailures(new ProviderFailures() {
      @Override
      public ApiException status(Provider provider, ProviderAnswer answer) {
        return answer.status() == 402 ? failed(provider, answer) : ProviderFailures.super.status(provider, answer);
      }
    });
    answer(402, "{\"error\":{\"message\":\"Your card was declined.\"}}");
    assertThat(failure(declines).getError()).isEqualTo("upstream_error");

    answer(401, "{}");
    assertThat(failure(declines).getError()).isEqualTo("provider_auth_failed");
  }

  @Test
  void shouldAnswerUpstreamErrorForAnAnswerThatIsNotJson() {
    answer(200, "<html>hello</html>");

    var error = failure(PROVIDER);

    assertThat(error.getError()).isEqualTo("upstream_error");
    assertThat(error.extra()).containsEntry("upstreamStatus", 200);
  }

  @Test
  void shouldAnswerUpstreamTimeoutWhenTheProviderIsSlow() {
    server.stubFor(get("/v1/thing").willReturn(aResponse().withStatus(200).withBody("{}").withFixedDelay(3000)));
    var before = timed("timed_out");

    var error = catchThrowableOfType(ApiException.class, () -> http.json(PROVIDER,
        ProviderRequest.get(base + "/v1/thing").timeout(Duration.ofMillis(300)))).error();

    assertThat(error.getError()).isEqualTo("upstream_timeout");
    assertThat(error.status()).isEqualTo(504);
    assertThat(timed("timed_out")).isEqualTo(before + 1);
  }

  @Test
  void shouldTellAnUnreachableProviderApart() throws IOException {
    int closed;
    try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    var request = ProviderRequest.get("http://127.0.0.1:" + closed + "/v1/thing");

    var failure = catchThrowableOfType(TransportFailure.class, () -> http.exchange(PROVIDER, request));
    assertThat(failure.kind()).isEqualTo(TransportFailure.Kind.UNREACHABLE);

    var error = catchThrowableOfType(ApiException.class, () -> http.call(PROVIDER, request)).error();
    assertThat(error.getError()).isEqualTo(ErrorCode.UPSTREAM_ERROR.code());
    assertThat(error.getMessage()).contains("could not be reached");
  }

  @Test
  void shouldHandEveryStatusToAnAdapterThatJudgesItself() throws TransportFailure {
    answer(400, "{\"status\":\"error\"}");

    var answer = http.exchange(PROVIDER, ProviderRequest.get(base + "/v1/thing"));

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().path("status").asText()).isEqualTo("error");
  }

  @Test
  void shouldAnswerNotConfiguredWithSetup() {
    var error = ProviderErrors.notConfigured(PROVIDER).error();

    assertThat(error.getError()).isEqualTo("provider_not_configured");
    assertThat(error.status()).isEqualTo(503);
    assertThat(error.extra()).containsEntry("setup", "Set TEST_API_KEY to a key of the provider.");
  }
}
