package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * No provider key, no vision model and no webhook signing key: generating endpoints answer 503 with setup, but only
 * to requests that are right in every field; the check says what did not run.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url"))
@TestProfile(ProviderNotConfiguredTest.NoSigningKey.class)
class ProviderNotConfiguredTest {
  /** The default test configuration (no provider key) without a webhook key either (the suite's, nor legacy's). */
  public static class NoSigningKey implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("clone.webhooks.signing-key", "", "suite.webhook-key", "");
    }
  }

  static final String CLIENT = "cli_notConfigured000000001";

  @InjectWireMock
  WireMockServer wireMock;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
  }

  @Test
  void shouldAnswer503WithSetupAndChargeNothing() {
    for (var call : new String[][] {{"/v1/images/generate", "{\"prompt\": \"x\"}"},
        {"/v1/clones/character", "{\"prompt\": \"x\"}"}, {"/v1/music", "{\"prompt\": \"x\"}"},
        {"/v1/clones/video", "{\"sourceVideoUrl\": \"med_x\", \"startingFrameUrl\": \"https://a.example/f.png\"}"}}) {
      String real = as(CLIENT).body(call[1]).when().post(call[0]).then().statusCode(503)
          .body("error", equalTo("provider_not_configured"))
          .body("setup", containsString("CLONE_PROVIDER_API_KEY")).extract().asString();
      // Issue 32: the dry run knows it without calling out, and says it as the real call does.
      as(CLIENT).body(call[1]).queryParam("dryRun", "true").when().post(call[0]).then().statusCode(503)
          .body(equalTo(real));
    }
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/quote")));
  }

  /** One bad input per generating endpoint, each of which would be 503 if it were right. */
  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', value = {
      "/v1/images/generate | imageInput | {\"prompt\": \"x\", \"imageInput\": \"http://10.0.0.1/a.png\"}",
      "/v1/clones/character | referenceImageUrl | {\"prompt\": \"x\", \"referenceImageUrl\": "
          + "\"http://169.254.169.254/latest/meta-data/\"}",
      "/v1/clones/frame | characterImageUrl | {\"videoUrl\": \"med_x\", \"characterImageUrl\": "
          + "\"http://192.168.0.10/c.png\"}",
      "/v1/clones/frame | videoUrl | {\"videoUrl\": \"http://10.1.1.1/v.mp4\", \"characterImageUrl\": "
          + "\"https://img.example/c.png\"}",
      "/v1/clones/video | startingFrameUrl | {\"sourceVideoUrl\": \"med_x\", \"startingFrameUrl\": "
          + "\"http://[fd00::1]/f.png\"}",
      "/v1/clones/video | sourceVideoUrl | {\"sourceVideoUrl\": \"http://172.16.0.4/v.mp4\", "
          + "\"startingFrameUrl\": \"https://img.example/f.png\"}"})
  void shouldRefuseABadUrlBeforeSayingTheProviderIsMissing(String path, String field, String body) {
    as(CLIENT).body(body).when().post(path).then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("field", equalTo(field));
    wireMock.verify(0, anyRequestedFor(anyUrl()));
  }

  @Test
  void shouldRefuseMissingOrWrongFieldsBeforeSayingWhatIsNotConfigured() {
    // A webhook needs the signing key, which is not set either; the missing source is still the answer.
    as(CLIENT).body("{\"startingFrameUrl\": \"https://img.example/f.png\", \"webhookUrl\": "
        + "\"https://hooks.example/clone\"}").when().post("/v1/clones/video").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("sourceVideoUrl"));
    as(CLIENT).body("{\"sourceVideoUrl\": \"med_x\", \"startingFrameUrl\": \"https://img.example/f.png\", "
        + "\"webhookUrl\": \"https://hooks.example/clone\"}").when().post("/v1/clones/video").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", containsString("SUITE_WEBHOOK_KEY"));
    // every creating POST that takes a webhookUrl says so, once the rest of the request is right
    for (var request : List.of(
        List.of("/v1/images/generate", "{\"prompt\": \"x\", \"webhookUrl\": \"https://hooks.example/a\"}"),
        List.of("/v1/clones/character", "{\"prompt\": \"x\", \"webhookUrl\": \"https://hooks.example/a\"}"),
        List.of("/v1/clones/frame", "{\"videoUrl\": \"https://v.example/a.mp4\", \"characterImageUrl\": "
            + "\"https://img.example/c.png\", \"webhookUrl\": \"https://hooks.example/a\"}"),
        List.of("/v1/music", "{\"prompt\": \"x\", \"webhookUrl\": \"https://hooks.example/a\"}"))) {
      as(CLIENT).body(request.get(1)).when().post(request.get(0)).then().statusCode(503)
          .body("error", equalTo("provider_not_configured")).body("setup", containsString("SUITE_WEBHOOK_KEY"));
      as(CLIENT).body(request.get(1).replace("}", ", \"deadlineSeconds\": 5}")).when().post(request.get(0)).then()
          .statusCode(400).body("field", equalTo("deadlineSeconds"));
    }
    as(CLIENT).body("{\"prompt\": \"x\", \"durationSeconds\": 1}").when().post("/v1/music").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("durationSeconds"));
    as(CLIENT).body("{\"prompt\": \"x\", \"resolution\": \"8K\"}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("resolution"));
    wireMock.verify(0, anyRequestedFor(anyUrl()));
  }

  @Test
  void shouldSayThePersonCheckDidNotRun() {
    Simulated.stored(wireMock, "med_notConfiguredSource0001", CLIENT, Simulated.continuous(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_notConfiguredSource0001\"}").when().post("/v1/clones/check").then()
        .statusCode(200).body("cloneable", equalTo(true))
        .body("checks.personInFrame.ran", equalTo(false)).body("checks.personInFrame.passed", nullValue())
        .body("checks.personInFrame.detail", containsString("CLONE_VISION_API_KEY"));
  }

  @Test
  void shouldDocumentEveryPublicPathAndHideTheInternalOne() {
    var document = io.restassured.RestAssured.given().accept("application/json").when().get("/q/openapi").then()
        .statusCode(200).extract().jsonPath();
    var paths = document.<String, Object>getMap("paths").keySet();
    // A media field's refusals are worded once, as clone's named answers, with their examples.
    var answers = "components.responses.";
    org.assertj.core.api.Assertions.assertThat(document.getString(answers + "CloneMediaRefused.content."
        + "'application/json'.examples.refused.value.error")).isEqualTo("url_not_allowed");
    org.assertj.core.api.Assertions.assertThat(document.getString(answers + "CloneMediaNotFound.content."
        + "'application/json'.examples.'not yours'.value.error")).isEqualTo("not_found");
    org.assertj.core.api.Assertions.assertThat(document.getString(answers + "CloneInlineTooLarge.content."
        + "'application/json'.examples.'too large inline'.value.limit")).isEqualTo("33554432");
    for (var path : new String[] {"/v1/images/generate", "/v1/clones/character", "/v1/clones/frame",
        "/v1/clones/video"}) {
      var responses = "paths.'" + path + "'.post.responses.";
      org.assertj.core.api.Assertions.assertThat(document.getString(responses + "'400'.'$ref'")).as(path)
          .isEqualTo("#/components/responses/CloneMediaRefused");
      org.assertj.core.api.Assertions.assertThat(document.getString(responses + "'404'.'$ref'")).as(path)
          .isEqualTo("#/components/responses/CloneMediaNotFound");
      org.assertj.core.api.Assertions.assertThat(document.getString(responses + "'413'.'$ref'")).as(path)
          .isEqualTo("#/components/responses/CloneInlineTooLarge");
      org.assertj.core.api.Assertions.assertThat(document.getString("paths.'" + path + "'.post.description"))
          .as(path).contains("`med_` id", "data URI");
    }
    org.assertj.core.api.Assertions.assertThat(paths).contains("/v1/clones/check", "/v1/clones/character",
        "/v1/clones/frame", "/v1/clones/video", "/v1/clones/video/{id}", "/v1/images/generate", "/v1/images/{id}",
        "/v1/videos", "/v1/music", "/v1/music/{id}");
    org.assertj.core.api.Assertions.assertThat(paths).noneMatch(p -> p.startsWith("/internal"));
  }
}
