package dev.videoautomation.scrape.provider;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;

import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.WithProvider;

/** Each provider failure becomes its own error, and every error body has error, message and setup. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class ProviderErrorsTest {
  static final String PROFILE = "/v1/tiktok/profile";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @Inject
  CircuitBreakerMaintenance breakers;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
    breakers.resetAll();
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private void providerAnswers(int status, String body) {
    wireMock.stubFor(get(urlPathEqualTo(PROFILE)).willReturn(aResponse().withStatus(status)
        .withHeader("Content-Type", "application/json").withBody(body)));
  }

  private static ValidatableResponse profile() {
    return asClient().body("{\"handle\": \"some.creator\"}").when().post("/v1/scrape/shortvideo/profile").then()
        .body("message", not(emptyOrNullString())).body("setup", not(emptyOrNullString()));
  }

  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of(404, 404, "not_found", "handle or URL"),
        Arguments.of(401, 502, "provider_auth_failed", "SCRAPE_PROVIDER_API_KEY"),
        Arguments.of(403, 502, "provider_auth_failed", "SCRAPE_PROVIDER_API_KEY"),
        Arguments.of(402, 502, "provider_credits_exhausted", "top up"),
        Arguments.of(429, 502, "upstream_error", "Retry"),
        Arguments.of(500, 502, "upstream_error", "Retry"),
        Arguments.of(503, 502, "upstream_error", "Retry"),
        Arguments.of(400, 502, "upstream_error", "Check the handle"));
  }

  @ParameterizedTest(name = "upstream {0} -> {1} {2}")
  @MethodSource("failures")
  void shouldMapEachUpstreamFailure(int upstream, int status, String code, String setup) {
    providerAnswers(upstream, "{\"success\": false, \"message\": \"simulated " + upstream + "\"}");

    profile().statusCode(status).body("error", is(code)).body("setup", containsString(setup));
  }

  @Test
  void shouldAnswerCreditsExhaustedWhenTheProviderSaysTheBalanceRanOut() {
    // The suite's one credit rule: a body about an exhausted or insufficient balance, whatever the status.
    providerAnswers(400, "{\"success\": false, \"message\": \"Insufficient balance: buy more credits.\"}");

    profile().statusCode(502).body("error", is("provider_credits_exhausted")).body("upstreamStatus", is(400))
        .body("setup", containsString("top up"));
    wireMock.verify(1, getRequestedFor(urlPathEqualTo(PROFILE)));
  }

  @Test
  void shouldReportTheUpstreamStatusOnUpstreamErrors() {
    providerAnswers(429, "{\"success\": false, \"message\": \"Too many requests\"}");

    profile().statusCode(502).body("error", is("upstream_error")).body("upstreamStatus", is(429));
  }

  @Test
  void shouldRetryA5xxOnceButNeverA4xx() {
    providerAnswers(500, "{\"success\": false}");
    profile().statusCode(502);
    wireMock.verify(2, getRequestedFor(urlPathEqualTo(PROFILE)));

    wireMock.resetRequests();
    providerAnswers(404, "{\"success\": false, \"message\": \"User not found\"}");
    profile().statusCode(404);
    wireMock.verify(1, getRequestedFor(urlPathEqualTo(PROFILE)));
  }

  @Test
  void shouldAnswer504WhenTheProviderIsTooSlow() {
    wireMock.stubFor(get(urlPathEqualTo(PROFILE)).willReturn(aResponse().withStatus(200).withFixedDelay(3500)
        .withHeader("Content-Type", "application/json").withBody("{}")));

    profile().statusCode(504).body("error", is("upstream_timeout"));
    wireMock.verify(1, getRequestedFor(urlPathEqualTo(PROFILE)));
  }

  @Test
  void shouldTreatABare404AsAMisroutedProviderNotAsNothingThere() {
    wireMock.stubFor(get(urlPathEqualTo(PROFILE)).willReturn(aResponse().withStatus(404)
        .withHeader("Content-Type", "text/html").withBody("<html>Not Found</html>")));

    profile().statusCode(502).body("error", is("upstream_error")).body("upstreamStatus", is(404))
        .body("setup", containsString("SCRAPE_PROVIDER_BASE_URL"));
  }

  @Test
  void shouldAnswer502WhenTheProviderCannotBeReached() {
    wireMock.stubFor(get(urlPathEqualTo(PROFILE)).willReturn(aResponse().withFault(
        com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));

    profile().statusCode(502).body("error", is("upstream_error"));
  }

  @Test
  void shouldAnswer502WhenTheProviderAnswersSomethingElseThanJson() {
    wireMock.stubFor(get(urlPathEqualTo(PROFILE)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "text/html").withBody("<html>maintenance</html>")));

    profile().statusCode(502).body("error", is("upstream_error"));
  }

  @Test
  void shouldPauseCallsWhenTheProviderKeepsFailing() {
    providerAnswers(500, "{\"success\": false}");
    for (int i = 0; i < 4; i++) {
      profile().statusCode(502);
    }
    wireMock.resetRequests();

    profile().statusCode(502).body("error", is("upstream_error")).body("message", containsString("paused"));
    wireMock.verify(0, getRequestedFor(urlPathEqualTo(PROFILE)));
  }
}
