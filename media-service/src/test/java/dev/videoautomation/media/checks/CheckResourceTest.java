package dev.videoautomation.media.checks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/** /v1/check and /v1/check/rules over HTTP, on the real PostgreSQL test database. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(FixedProbe.class)
class CheckResourceTest {
  static final String DEFAULT_RULES = "{\"rules\":[{\"platform\":\"shortvideo\",\"rule\":\"duration.max\",\"value\":60,"
      + "\"severity\":\"error\"},{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":5,\"severity\":"
      + "\"warning\"},{\"platform\":\"shortvideo\",\"rule\":\"caption.forbiddenWords\",\"value\":[\"giveaway\"]}]}";
  static final String UPDATED_RULES = "{\"rules\":[{\"platform\":\"photo\",\"rule\":\"audio.required\","
      + "\"severity\":\"off\"}]}";
  static final String SPEC_75S = "{\"durationSeconds\":75,\"width\":1080,\"height\":1920,\"fps\":30,\"sizeBytes\":"
      + "24500000,\"videoCodec\":\"H.264\",\"audioCodec\":\"aac\",\"bitrate\":2600000}";

  @Inject
  FixedSpecSource probe;

  static String newClientId() {
    return "cli_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
  }

  static RequestSpecification as(String clientId) {
    return given().auth().oauth2(TestTokens.forClient(clientId, Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  @Test
  void shouldAnswerVersionZeroForAClientWithoutRules() {
    as(newClientId()).when().get("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(0))
        .body("rules", empty())
        .body("updatedAt", nullValue());
  }

  @Test
  void shouldSaveRulesAndIncrementTheVersionOnEachSave() {
    var client = newClientId();
    long before = System.currentTimeMillis();

    as(client).body(DEFAULT_RULES).when().put("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(1))
        .body("rules.rule", contains("duration.max", "hashtags.max", "caption.forbiddenWords"))
        .body("rules[0].value", equalTo(60))
        .body("rules[1].severity", equalTo("warning"))
        .body("rules[2].value", contains("giveaway"))
        .body("rules[2].severity", nullValue())
        .body("updatedAt", greaterThanOrEqualTo(before));
    as(client).when().get("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(1))
        .body("rules.platform", contains("shortvideo", "photo", "shortvideo"))
        .body("rules[0].value", equalTo(60))
        .body("rules[2].value", contains("giveaway"));

    as(client).body(UPDATED_RULES).when().put("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(2))
        .body("rules.rule", contains("audio.required"));
    as(client).when().get("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(2))
        .body("rules.rule", contains("audio.required"))
        .body("rules[0].severity", equalTo("off"));
  }

  @Test
  void shouldKeepEachClientsRulesApart() {
    var first = newClientId();
    var second = newClientId();
    as(first).body(DEFAULT_RULES).when().put("/v1/check/rules").then().statusCode(200).body("version", equalTo(1));

    as(second).when().get("/v1/check/rules").then().statusCode(200).body("version", equalTo(0))
        .body("rules", empty());
    as(second).body(UPDATED_RULES).when().put("/v1/check/rules").then().statusCode(200).body("version", equalTo(1));

    as(first).when().get("/v1/check/rules").then().statusCode(200).body("version", equalTo(1))
        .body("rules.rule", contains("duration.max", "hashtags.max", "caption.forbiddenWords"));
    as(second).when().get("/v1/check/rules").then().body("rules.rule", contains("audio.required"));
  }

  @Test
  void shouldRefuseInvalidRulesNamingThePath_andSaveNothing() {
    var client = newClientId();
    as(client).body(DEFAULT_RULES).when().put("/v1/check/rules").then().statusCode(200);

    as(client).body("{\"rules\":[{\"platform\":\"shortvideo\",\"rule\":\"duration.max\",\"value\":30},"
        + "{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":\"five\"}]}")
        .when().put("/v1/check/rules").then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("rules[1].value"))
        .body("message", equalTo("Field 'rules[1].value' must be a whole number >= 0 for rule hashtags.max."));
    as(client).body("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"hashtag.max\",\"value\":5}]}")
        .when().put("/v1/check/rules").then().statusCode(400).body("field", equalTo("rules[0].rule"));
    as(client).body("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":5,\"colour\":1}]}")
        .when().put("/v1/check/rules").then().statusCode(400).body("field", equalTo("rules[0].colour"));
    as(client).body("{}").when().put("/v1/check/rules").then().statusCode(400).body("field", equalTo("rules"));

    as(client).when().get("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(1))
        .body("rules[0].value", equalTo(60));
  }

  @Test
  void shouldSaveOnlyOverTheVersionRead_whenOneIsSent() {
    var client = newClientId();
    as(client).body(DEFAULT_RULES).when().put("/v1/check/rules").then().statusCode(200);
    var document = as(client).when().get("/v1/check/rules").then().statusCode(200).extract().asString();

    as(client).body("{\"version\":0,\"rules\":[]}").when().put("/v1/check/rules").then().statusCode(409)
        .body("error", equalTo("conflict"))
        .body("version", equalTo(1));
    // The document read with GET goes back as is (version and updatedAt included).
    as(client).body(document).when().put("/v1/check/rules").then().statusCode(200).body("version", equalTo(2));
    as(client).body("{\"version\":2,\"rules\":[]}").when().put("/v1/check/rules").then().statusCode(200)
        .body("version", equalTo(3)).body("rules", empty());
  }

  @Test
  void shouldCheckASpecWithTheClientsCustomRules() {
    var client = newClientId();
    as(client).body(DEFAULT_RULES).when().put("/v1/check/rules").then().statusCode(200);
    var body = "{\"platform\":\"shortvideo\",\"spec\":" + SPEC_75S + ",\"caption\":\"Big GIVEAWAY today #win\"}";

    as(client).body(body).when().post("/v1/check").then().statusCode(200)
        .body("passed", equalTo(false))
        .body("platform", equalTo("shortvideo"))
        .body("ruleSet", equalTo("shortvideo@" + BuiltInRules.VERSION))
        .body("customRulesVersion", equalTo(1))
        .body("spec.durationSeconds", equalTo(75.0f))
        .body("spec.videoCodec", equalTo("H.264"))
        .body("spec.caption", equalTo("Big GIVEAWAY today #win"))
        .body("spec.hashtags", contains("win"))
        .body("results.find { it.rule == 'duration.max' }.passed", equalTo(false))
        .body("results.find { it.rule == 'duration.max' }.severity", equalTo("error"))
        .body("results.find { it.rule == 'duration.max' }.actual", equalTo(75))
        .body("results.find { it.rule == 'duration.max' }.expected", equalTo("<= 60 s"))
        .body("results.find { it.rule == 'caption.forbiddenWords' }.passed", equalTo(false))
        .body("results.find { it.rule == 'caption.forbiddenWords' }.actual", equalTo("GIVEAWAY"))
        .body("results.find { it.rule == 'videoCodec.allowed' }.actual", equalTo("h264"))
        .body("results.find { it.rule == 'videoCodec.allowed' }.passed", equalTo(true))
        .body("results.find { it.rule == 'audio.required' }.passed", equalTo(true));

    as(client).body(body.replace("{\"platform\"", "{\"useCustomRules\":false,\"platform\"")).when()
        .post("/v1/check").then().statusCode(200)
        .body("passed", equalTo(true))
        .body("customRulesVersion", nullValue())
        .body("results.find { it.rule == 'duration.max' }.expected", equalTo("<= 600 s"))
        .body("results.rule", org.hamcrest.Matchers.not(hasItem("caption.forbiddenWords")));
  }

  @Test
  void shouldApplyOnlyTheRequestedPlatformsRules() {
    var client = newClientId();
    as(client).body(DEFAULT_RULES).when().put("/v1/check/rules").then().statusCode(200);

    as(client).body("{\"platform\":\"photo\",\"spec\":{\"durationSeconds\":75,\"width\":1080,\"height\":1920,"
        + "\"videoCodec\":\"vp9\",\"hasAudio\":false,\"caption\":\"#a #b #c #d #e #f giveaway\"}}")
        .when().post("/v1/check").then().statusCode(200)
        .body("passed", equalTo(false))
        .body("ruleSet", equalTo("photo@" + BuiltInRules.VERSION))
        .body("results.find { it.rule == 'duration.max' }.passed", equalTo(true))
        .body("results.find { it.rule == 'hashtags.max' }.passed", equalTo(false))
        .body("results.find { it.rule == 'hashtags.max' }.severity", equalTo("warning"))
        .body("results.find { it.rule == 'hashtags.max' }.actual", equalTo(6))
        .body("results.find { it.rule == 'videoCodec.allowed' }.passed", equalTo(false))
        .body("results.find { it.rule == 'audio.required' }.severity", equalTo("warning"))
        .body("results.find { it.rule == 'fps.min' }.severity", equalTo("info"))
        .body("results.rule", org.hamcrest.Matchers.not(hasItem("caption.forbiddenWords")));
  }

  @Test
  void shouldProbeAVideoNamedByMediaIdOrUrl() {
    probe.probed().clear();

    as(newClientId()).body("{\"platform\":\"photo\",\"mediaId\":\"med_abc\",\"caption\":\"Look #one #two\"}")
        .when().post("/v1/check").then().statusCode(200)
        .body("passed", equalTo(true))
        .body("customRulesVersion", equalTo(0))
        .body("spec.width", equalTo(1080))
        .body("spec.videoCodec", equalTo("hevc"))
        .body("spec.caption", equalTo("Look #one #two"))
        .body("spec.hashtags", contains("one", "two"))
        .body("results.find { it.rule == 'hashtags.max' }.actual", equalTo(2));
    as(newClientId()).body("{\"platform\":\"shortvideo\",\"videoUrl\":\"https://cdn.example.com/v.mp4\"}")
        .when().post("/v1/check").then().statusCode(200).body("spec.durationSeconds", equalTo(45.0f));
    assertThat(probe.probed()).containsExactly("med_abc", "https://cdn.example.com/v.mp4");

    as(newClientId()).body("{\"platform\":\"photo\",\"mediaId\":\"med_missing\"}").when().post("/v1/check")
        .then().statusCode(404).body("error", equalTo("not_found"));
  }

  @Test
  void shouldNameTheFieldAtFaultInACheckRequest() {
    var client = newClientId();
    expectInvalid(client, "{\"platform\":\"shortvideo\"}", "spec");
    expectInvalid(client, "{\"platform\":\"shortvideo\",\"spec\":{},\"videoUrl\":\"https://x.example/v.mp4\"}",
        "videoUrl");
    expectInvalid(client, "{\"platform\":\"shortvideo\",\"spec\":{},\"mediaId\":\"med_1\"}", "mediaId");
    expectInvalid(client, "{\"platform\":\"shortvideo\",\"videoUrl\":\"https://x.example/v.mp4\",\"mediaId\":"
        + "\"med_1\"}", "mediaId");
    expectInvalid(client, "{\"platform\":\"youtube\",\"spec\":{}}", "platform");
    expectInvalid(client, "{\"spec\":{}}", "platform");
    expectInvalid(client, "{\"platform\":\"photo\",\"spec\":{\"width\":-1}}", "spec.width");
    expectInvalid(client, "{\"platform\":\"photo\",\"spec\":{\"width\":\"wide\"}}", "spec.width");
    expectInvalid(client, "{\"platform\":\"photo\",\"spec\":{\"colour\":\"red\"}}", "spec.colour");
  }

  private static void expectInvalid(String client, String body, String field) {
    as(client).body(body).when().post("/v1/check").then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo(field))
        .body("message", notNullValue());
  }

  @Test
  void shouldRefuseCallsWithoutAValidInternalToken() {
    given().contentType("application/json").body(DEFAULT_RULES).when().put("/v1/check/rules").then()
        .statusCode(401).body("error", equalTo("unauthorized"));
    given().contentType("application/json").body("{\"platform\":\"photo\",\"spec\":{}}").when().post("/v1/check")
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2(TestTokens.forService("gateway-service")).when().get("/v1/check/rules").then()
        .statusCode(401).body("error", equalTo("unauthorized"));
  }
}
