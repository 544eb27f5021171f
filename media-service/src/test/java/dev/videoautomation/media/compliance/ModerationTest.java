package dev.videoautomation.media.compliance;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/** The moderation provider simulated over real HTTP: what we send, what we make of its answers and failures. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "media.moderation.base-url"))
@TestProfile(ModerationTest.WithModeration.class)
class ModerationTest {
  static final String KEY = "sk-test-moderation-key";

  public static class WithModeration implements io.quarkus.test.junit.QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      var config = new HashMap<String, String>();
      config.put("media.moderation.api-key", KEY);
      // Room for the first call's cold start (the JDK client's TLS setup and classes) on a busy test machine.
      config.put("quarkus.fault-tolerance.\"dev.videoautomation.media.provider.ModerationCalls/moderate\""
          + ".timeout.value", "3");
      return config;
    }
  }

  static final String FLAGGED = "{\"id\":\"modr-1\",\"model\":\"omni-moderation-2024-09-26\",\"results\":[{"
      + "\"flagged\":true,\"categories\":{\"violence\":false,\"self-harm\":true,\"self-harm/intent\":true},"
      + "\"category_scores\":{\"violence\":0.02,\"self-harm\":0.91,\"self-harm/intent\":0.87},"
      + "\"category_applied_input_types\":{\"self-harm\":[\"text\"]}}]}";
  static final String CLEAN = "{\"id\":\"modr-2\",\"model\":\"omni-moderation-2024-09-26\",\"results\":[{"
      + "\"flagged\":false,\"categories\":{\"violence\":false},\"category_scores\":{\"violence\":0.01}}]}";

  @InjectWireMock
  WireMockServer provider;

  @Inject
  CircuitBreakerMaintenance breakers;

  @Inject
  ComplianceScanner scanner;

  @BeforeEach
  void reset() {
    provider.resetAll();
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private void answer(int status, String body) {
    provider.stubFor(post(urlEqualTo("/moderations")).willReturn(aResponse().withStatus(status)
        .withHeader("Content-Type", "application/json").withBody(body)));
  }

  private static ValidatableResponse prompt(String text) {
    return given().auth().oauth2(TestTokens.forClient("cli_moderation", Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json").body(Map.of("text", text)).when().post("/v1/compliance/prompt").then()
        .log().ifValidationFails();
  }

  @Test
  void shouldSendTheTextToTheProvider_andReportBothSources() {
    answer(200, FLAGGED);

    prompt("I want to die, this tea cures it").statusCode(200)
        .body("flagged", equalTo(true))
        .body("categories.name", contains("violence.self_harm", "regulated.health_claims", "self-harm",
            "self-harm/intent"))
        .body("categories.source", contains("rules", "rules", "moderation", "moderation"))
        .body("categories[2].severity", equalTo("high"))
        .body("categories[2].score", equalTo(0.91f))
        .body("categories[2].matches", empty())
        .body("checks.name", contains("rules", "moderation"))
        .body("checks[1].ran", equalTo(true))
        .body("checks[1].reason", org.hamcrest.Matchers.nullValue());

    provider.verify(1, postRequestedFor(urlEqualTo("/moderations"))
        .withHeader("Authorization", com.github.tomakehurst.wiremock.client.WireMock.equalTo("Bearer " + KEY))
        .withHeader("Content-Type", containing("application/json"))
        .withRequestBody(equalToJson("{\"model\":\"omni-moderation-latest\",\"input\":\"I want to die, this tea "
            + "cures it\"}")));
  }

  @Test
  void shouldNotFlagWhatNeitherSourceFinds() {
    answer(200, CLEAN);

    prompt("A sunrise over the bay").statusCode(200)
        .body("flagged", equalTo(false))
        .body("categories", empty())
        .body("checks[1].ran", equalTo(true));
  }

  @Test
  void shouldAnswerProviderAuthFailedWhenTheProviderRefusesTheKey() {
    answer(401, "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\","
        + "\"code\":\"invalid_api_key\"}}");

    prompt("hello").statusCode(502)
        .body("error", equalTo("provider_auth_failed"))
        .body("setup", org.hamcrest.Matchers.containsString("MEDIA_MODERATION_API_KEY"))
        .body("message", org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString(KEY)));
    answer(403, "{}");
    prompt("hello").statusCode(502).body("error", equalTo("provider_auth_failed"));
  }

  @Test
  void shouldAnswerUpstreamErrorsForOtherFailures() {
    answer(500, "{\"error\":{\"message\":\"boom\"}}");
    prompt("hello").statusCode(502).body("error", equalTo("upstream_error")).body("upstreamStatus", equalTo(500));

    answer(429, "{\"error\":{\"message\":\"You exceeded your current quota\",\"type\":\"insufficient_quota\","
        + "\"code\":\"insufficient_quota\"}}");
    prompt("hello").statusCode(502).body("error", equalTo("provider_credits_exhausted"))
        .body("setup", notNullValue());

    answer(200, "{\"id\":\"modr-3\",\"results\":[]}");
    prompt("hello").statusCode(502).body("error", equalTo("upstream_error"));
  }

  @Test
  void shouldAnswerCreditsExhaustedForA402OrAnExhaustedBalance() {
    answer(402, "{\"error\":{\"message\":\"Payment required\"}}");
    prompt("hello").statusCode(502).body("error", equalTo("provider_credits_exhausted"))
        .body("upstreamStatus", equalTo(402))
        .body("setup", org.hamcrest.Matchers.containsString("MEDIA_MODERATION_API_KEY"));

    answer(400, "{\"error\":{\"message\":\"Insufficient balance on this account.\"}}");
    prompt("hello").statusCode(502).body("error", equalTo("provider_credits_exhausted"))
        .body("upstreamStatus", equalTo(400));
  }

  @Test
  void shouldAnswerUpstreamTimeoutWhenTheProviderIsSlow() {
    provider.stubFor(post(urlEqualTo("/moderations")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(CLEAN).withFixedDelay(6000)));

    prompt("hello").statusCode(504).body("error", equalTo("upstream_timeout"));
  }

  @Test
  void shouldModerateEachFrameAsAnImage_forVideoCompliance() {
    var first = new byte[] {(byte) 0xFF, (byte) 0xD8, 1, 2, 3};
    var second = new byte[] {(byte) 0xFF, (byte) 0xD8, 4, 5, 6};
    var secondUrl = "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(second);
    answer(200, CLEAN);
    provider.stubFor(post(urlEqualTo("/moderations")).withRequestBody(containing(secondUrl))
        .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(
            "{\"results\":[{\"flagged\":true,\"categories\":{\"violence/graphic\":true},\"category_scores\":"
                + "{\"violence/graphic\":0.77}}]}")));

    var scan = scanner.scan(null, List.of(first, second), "photo");

    assertThat(scan.flagged()).isTrue();
    assertThat(scan.categories()).containsExactly(new ComplianceScan.Category("violence/graphic", "high",
        "moderation", List.of("image[1]"), 0.77));
    assertThat(scan.checks()).extracting(ComplianceScan.CheckRun::ran).containsExactly(true, true);
    provider.verify(2, postRequestedFor(urlEqualTo("/moderations")));
    provider.verify(postRequestedFor(urlEqualTo("/moderations")).withRequestBody(equalToJson(
        "{\"model\":\"omni-moderation-latest\",\"input\":[{\"type\":\"image_url\",\"image_url\":{\"url\":\""
            + secondUrl + "\"}}]}")));
  }
}
