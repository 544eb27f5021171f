package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static dev.videoautomation.clone.Simulated.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import jakarta.inject.Inject;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** POST /v1/clones/check on clips made with ffmpeg: one cloneable, one with a hard cut, one silent. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(WithProvider.class)
class CheckTest {
  static final String CLIENT = "cli_checkTest0000000000001";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  CircuitBreakerMaintenance breakers;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.staging(wireMock, "video/mp4");
    wireMock.stubFor(post(urlPathEqualTo("/chat/completions")).willReturn(json(200, "{\"choices\": [{\"message\": "
        + "{\"content\": \"{\\\"person\\\": true, \\\"reason\\\": \\\"one person, centred\\\"}\"}}]}")));
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  @Test
  void shouldFindAContinuousClipWithSoundCloneable() {
    Simulated.stored(wireMock, "med_checkContinuous00000001", CLIENT, Simulated.continuous(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_checkContinuous00000001\"}").when().post("/v1/clones/check").then()
        .statusCode(200)
        .body("cloneable", equalTo(true)).body("reasons", empty())
        .body("metadata.durationSeconds", closeTo(4.0, 0.1)).body("metadata.width", equalTo(360))
        .body("metadata.height", equalTo(640)).body("metadata.fps", closeTo(25.0, 0.01))
        .body("metadata.hasAudio", equalTo(true)).body("metadata.sceneCuts", equalTo(0))
        .body("checks.duration.passed", equalTo(true)).body("checks.resolution.passed", equalTo(true))
        .body("checks.fps.passed", equalTo(true)).body("checks.audio.passed", equalTo(true))
        .body("checks.singleShot.passed", equalTo(true))
        .body("checks.personInFrame.ran", equalTo(true)).body("checks.personInFrame.passed", equalTo(true))
        .body("checks.personInFrame.detail", equalTo("one person, centred"));
    // structured output: the verdict's JSON schema is asked for
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/chat/completions"))
        .withRequestBody(matchingJsonPath("$.response_format.type", WireMock.equalTo("json_schema")))
        .withRequestBody(matchingJsonPath("$.response_format.json_schema.strict", WireMock.equalTo("true")))
        .withRequestBody(matchingJsonPath("$.response_format.json_schema.schema.properties.person.type",
            WireMock.equalTo("boolean")))
        .withRequestBody(matchingJsonPath("$.response_format.json_schema.schema.required[0]",
            WireMock.equalTo("person"))));
  }

  /** Model answers that are no verdict, as {content of the assistant message, words the detail quotes}. */
  static Stream<Arguments> noVerdicts() {
    return Stream.of(
        Arguments.of("{\"content\": \"I cannot tell from a single frame.\"}", "I cannot tell from a single frame."),
        Arguments.of("{\"content\": \"{\\\"person\\\": \\\"maybe\\\"}\"}", "maybe"),
        Arguments.of("{\"content\": null, \"refusal\": \"I can't help with that.\"}", "declined"),
        Arguments.of("{\"content\": \"\"}", "answered nothing"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("noVerdicts")
  void shouldReportThePersonCheckAsNotDeterminedWhenTheAnswerIsNoVerdict(String message, String quoted) {
    wireMock.stubFor(post(urlPathEqualTo("/chat/completions")).willReturn(json(200, "{\"choices\": [{\"message\": "
        + message + ", \"finish_reason\": \"stop\"}]}")));
    Simulated.stored(wireMock, "med_checkUndetermined00001", CLIENT, Simulated.continuous(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_checkUndetermined00001\"}").when().post("/v1/clones/check").then()
        .statusCode(200)
        .body("checks.personInFrame.ran", equalTo(true)).body("checks.personInFrame.passed", nullValue())
        .body("checks.personInFrame.value", nullValue())
        .body("checks.personInFrame.detail", startsWith("Not determined: "))
        .body("checks.personInFrame.detail", containsString(quoted))
        .body("checks.singleShot.passed", equalTo(true)).body("checks.audio.passed", equalTo(true))
        .body("cloneable", equalTo(true)).body("reasons", empty());
  }

  @Test
  void shouldAskOnceMoreWithoutResponseFormatWhenTheServerRefusesIt() {
    wireMock.stubFor(post(urlPathEqualTo("/chat/completions")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.response_format")).willReturn(json(400, "{\"error\": {\"message\": "
            + "\"Unrecognized request argument supplied: response_format\", \"type\": \"invalid_request_error\"}}")));
    Simulated.stored(wireMock, "med_checkNoSchema000000001", CLIENT, Simulated.continuous(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_checkNoSchema000000001\"}").when().post("/v1/clones/check").then()
        .statusCode(200)
        .body("checks.personInFrame.passed", equalTo(true))
        .body("checks.personInFrame.detail", equalTo("one person, centred")).body("cloneable", equalTo(true));
    var asked = wireMock.findAll(postRequestedFor(urlPathEqualTo("/chat/completions")));
    assertThat(asked).hasSize(2);
    assertThat(asked.get(0).getBodyAsString()).contains("\"response_format\"");
    assertThat(asked.get(1).getBodyAsString()).doesNotContain("response_format").contains("\"image_url\"");
  }

  @Test
  void shouldAskOnlyOnceMoreWhenTheServerRefusesEveryRequest() {
    wireMock.stubFor(post(urlPathEqualTo("/chat/completions")).willReturn(json(400, "{\"error\": {\"message\": "
        + "\"bad request\"}}")));
    Simulated.stored(wireMock, "med_checkAlwaysBad00000001", CLIENT, Simulated.continuous(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_checkAlwaysBad00000001\"}").when().post("/v1/clones/check").then()
        .statusCode(502).body("error", equalTo("upstream_error")).body("upstreamStatus", equalTo(400));
    wireMock.verify(2, postRequestedFor(urlPathEqualTo("/chat/completions")));
  }

  @Test
  void shouldFindTheHardCutThroughTheContentEndpoint() {
    // media does not share its disk here: the bytes come from /internal/media/{id}/content
    Simulated.stored(wireMock, "med_checkHardCut0000000001", CLIENT, Simulated.hardCut(), false);
    as(CLIENT).body("{\"videoUrl\": \"" + Simulated.cdnUrl("med_checkHardCut0000000001") + "\"}")
        .when().post("/v1/clones/check").then().statusCode(200)
        .body("cloneable", equalTo(false))
        .body("checks.singleShot.passed", equalTo(false)).body("checks.singleShot.value", equalTo(1))
        .body("metadata.cutsAt", hasSize(1)).body("metadata.cutsAt[0]", closeTo(2.0, 0.1))
        .body("checks.audio.passed", equalTo(true))
        .body("reasons", contains(containsString("not one continuous shot")));
  }

  @Test
  void shouldRefuseASilentClipAndSayWhy() {
    Simulated.stored(wireMock, "med_checkSilent00000000001", CLIENT, Simulated.silent(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_checkSilent00000000001\"}").when().post("/v1/clones/check").then()
        .statusCode(200)
        .body("cloneable", equalTo(false)).body("metadata.hasAudio", equalTo(false))
        .body("checks.audio.passed", equalTo(false)).body("checks.singleShot.passed", equalTo(true))
        .body("reasons", hasItem(containsString("no audio track")));
  }

  @Test
  void shouldStageAnOutsideUrlFirst() {
    // Outside URL: media does not know it (404), so it is staged with purpose import, then read.
    var staged = "med_checkStaged00000000001";
    Simulated.stored(wireMock, staged, CLIENT, Simulated.continuous(4.0), true);
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(201, "{\"id\": \"" + staged
        + "\", \"url\": \"" + Simulated.cdnUrl(staged) + "\", \"contentType\": \"video/mp4\", \"createdAt\": 1}")));
    as(CLIENT).body("{\"videoUrl\": \"https://videos.example.net/clip.mp4\"}").when().post("/v1/clones/check")
        .then().statusCode(200).body("cloneable", equalTo(true)).body("metadata.mediaId", equalTo(staged));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .withRequestBody(com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath("$.purpose",
            com.github.tomakehurst.wiremock.client.WireMock.equalTo("import"))));
  }

  @Test
  void shouldRefuseBadInputNamingTheField() {
    as(CLIENT).body("{}").when().post("/v1/clones/check").then().statusCode(400).body("field", equalTo("videoUrl"));
    as(CLIENT).body("{\"videoUrl\": \"https://a.example/v.mp4\", \"mediaId\": \"med_a\"}").when()
        .post("/v1/clones/check").then().statusCode(400).body("field", equalTo("mediaId"));
    as(CLIENT).body("{\"mediaId\": \"nope\"}").when().post("/v1/clones/check").then().statusCode(400)
        .body("field", equalTo("mediaId"));
    as(CLIENT).body("{\"videoUrl\": \"file:///etc/passwd\"}").when().post("/v1/clones/check").then()
        .statusCode(400).body("field", equalTo("videoUrl"));
    as(CLIENT).body("{\"videoUrl\": \"https://a.example/v.mp4\", \"surprise\": true}").when()
        .post("/v1/clones/check").then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("surprise"));
    as(CLIENT).body("{\"videoUrl\": \"https://a.example/v.mp4\", \"videoUrl\": \"https://b.example/v.mp4\"}").when()
        .post("/v1/clones/check").then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("videoUrl")).body("message", containsString("more than once"));
  }

  @Test
  void shouldNameVideoUrlWhenMediaRefusesTheUrlItStages() {
    // Media's refusals name its own request's field, "url", as the real service does.
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.url", WireMock.containing("refused.example")))
        .willReturn(json(400, "{\"error\": \"url_not_allowed\", \"message\": \"The host resolves to a private "
            + "address.\", \"reason\": \"private_address\", \"field\": \"url\", \"address\": \"10.0.0.1\"}")));
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.url", WireMock.containing("/m/med_gone")))
        .willReturn(json(404, "{\"error\": \"not_found\", \"message\": \"No media is stored at the service's "
            + "CDN URL in 'url'; upload it first.\", \"field\": \"url\"}")));

    as(CLIENT).body("{\"videoUrl\": \"https://refused.example/v.mp4\"}").when().post("/v1/clones/check").then()
        .statusCode(400).body("error", equalTo("url_not_allowed")).body("reason", equalTo("private_address"))
        .body("field", equalTo("videoUrl"));
    as(CLIENT).body("{\"videoUrl\": \"https://cdn.example/m/med_gone/v.mp4\"}").when().post("/v1/clones/check")
        .then().statusCode(404).body("error", equalTo("not_found")).body("field", equalTo("videoUrl"))
        .body("message", containsString("'videoUrl'"));
  }
}
