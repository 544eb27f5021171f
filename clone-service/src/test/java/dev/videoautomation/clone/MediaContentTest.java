package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.json;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.Scenario;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A source that media keeps on a disk this replica does not share is read from media's {@code /content} through the
 * platform's media client (docs/internal-api.md §1.4, §3.8), streamed to a work file: with the caller's token and
 * request id, once more when the answer breaks off or is a 502, 503 when media will not hand it over, and 413 past
 * {@code clone.limits.source-max-bytes}.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(MediaContentTest.SmallSources.class)
class MediaContentTest {
  static final String CLIENT = "cli_mediaContentTest000001";
  static final String SOURCE = "med_mediaContentSource0001";
  static final int LIMIT = 4 * 1024 * 1024;
  static final String CONTENT = "/internal/media/" + SOURCE + "/content";

  /** A configured provider and vision model, and sources of at most {@value #LIMIT} bytes. */
  public static class SmallSources extends WithProvider {
    @Override
    public Map<String, String> getConfigOverrides() {
      var overrides = new HashMap<>(super.getConfigOverrides());
      overrides.put("clone.limits.source-max-bytes", String.valueOf(LIMIT));
      return overrides;
    }
  }

  @InjectWireMock
  WireMockServer wireMock;

  final String token = TestTokens.forClient(CLIENT, Set.of("api.read", "api.write"), "pro");

  @BeforeEach
  void world() {
    wireMock.resetAll();
    wireMock.stubFor(post(urlPathEqualTo("/chat/completions")).willReturn(json(200, "{\"choices\": [{\"message\": "
        + "{\"content\": \"{\\\"person\\\": true, \\\"reason\\\": \\\"one person\\\"}\"}}]}")));
    Simulated.stored(wireMock, SOURCE, CLIENT, Simulated.continuous(4.0), false);
  }

  @Test
  void shouldStreamTheSourceFromMediaWithTheCallersTokenAndRequestId() {
    check("req_mediaContentCarried001").statusCode(200).body("cloneable", equalTo(true))
        .body("metadata.mediaId", equalTo(SOURCE));

    wireMock.verify(1, getRequestedFor(urlPathEqualTo(CONTENT))
        .withHeader("Authorization", WireMock.equalTo("Bearer " + token))
        .withHeader("X-Request-Id", WireMock.equalTo("req_mediaContentCarried001")));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"broken off", "502"})
  void shouldReadOnceMoreWhenMediaFailsInTransit(String failure) {
    ResponseDefinitionBuilder first = failure.equals("502")
        ? json(502, "{\"error\": \"upstream_error\", \"message\": \"Storage hiccup.\"}")
        : aResponse().withFault(Fault.MALFORMED_RESPONSE_CHUNK);
    wireMock.stubFor(get(urlPathEqualTo(CONTENT)).inScenario("transit").whenScenarioStateIs(Scenario.STARTED)
        .willReturn(first).willSetStateTo("again"));
    wireMock.stubFor(get(urlPathEqualTo(CONTENT)).inScenario("transit").whenScenarioStateIs("again")
        .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "video/mp4")
            .withBody(Simulated.bytes(Simulated.continuous(4.0)))));

    check("req_mediaContentAgain00001").statusCode(200).body("cloneable", equalTo(true));

    wireMock.verify(2, getRequestedFor(urlPathEqualTo(CONTENT)));
  }

  @Test
  void shouldAnswer503WhenMediaWillNotHandTheSourceOver() {
    wireMock.stubFor(get(urlPathEqualTo(CONTENT)).willReturn(json(404, "{\"error\": \"not_found\", \"message\": "
        + "\"Gone.\"}")));

    check("req_mediaContentRefused001").statusCode(503).body("error", equalTo("service_unavailable"))
        .body("message", equalTo("The media service could not hand over " + SOURCE + " (status 404); retry in a "
            + "moment."));

    wireMock.verify(1, getRequestedFor(urlPathEqualTo(CONTENT)));
  }

  @Test
  void shouldRefuseASourceLargerThanTheLimit() {
    var tooLarge = new byte[LIMIT + 1024 * 1024];
    new Random(7).nextBytes(tooLarge);
    wireMock.stubFor(get(urlPathEqualTo(CONTENT)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "video/mp4").withBody(tooLarge)));

    check("req_mediaContentTooLarge01").statusCode(413).body("error", equalTo("payload_too_large"))
        .body("limit", equalTo(LIMIT)).body("message", startsWith("The source is larger than"));

    wireMock.verify(1, getRequestedFor(urlPathEqualTo(CONTENT)));
  }

  private io.restassured.response.ValidatableResponse check(String requestId) {
    return given().auth().oauth2(token).header("X-Request-Id", requestId).contentType("application/json")
        .body("{\"mediaId\": \"" + SOURCE + "\"}").when().post("/v1/clones/check").then();
  }
}
