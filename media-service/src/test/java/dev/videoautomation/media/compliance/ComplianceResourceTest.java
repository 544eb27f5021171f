package dev.videoautomation.media.compliance;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.media.provider.ModerationClient;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;

/** /v1/compliance/prompt without a moderation provider: the rules alone, saying so. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ComplianceResourceTest {

  @Inject
  ComplianceScanner scanner;

  @Inject
  ModerationClient moderation;

  static RequestSpecification asClient() {
    return given().auth().oauth2(TestTokens.forClient("cli_compliance", Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  @Test
  void shouldAnswerFromTheRulesAlone_sayingModerationDidNotRun() {
    asClient().body("{\"text\":\"This smoothie cures anxiety! Tag a friend. Mail ana@example.com\",\"platform\":"
        + "\"shortvideo\"}").when().post("/v1/compliance/prompt").then().statusCode(200)
        .body("flagged", equalTo(true))
        .body("categories.name", contains("regulated.health_claims", "spam.engagement_bait",
            "personal_data.email"))
        .body("categories[0].severity", equalTo("medium"))
        .body("categories[0].source", equalTo("rules"))
        .body("categories[0].matches", contains("cures"))
        .body("categories[0].score", nullValue())
        .body("categories[1].severity", equalTo("low"))
        .body("categories[2].matches", contains("ana@example.com"))
        .body("checks.name", contains("rules", "moderation"))
        .body("checks[0].ran", equalTo(true))
        .body("checks[0].reason", nullValue())
        .body("checks[1].ran", equalTo(false))
        .body("checks[1].reason", equalTo("MEDIA_MODERATION_API_KEY is not set"));
  }

  @Test
  void shouldNotFlagCleanText() {
    asClient().body("{\"text\":\"A calm assessment of Sussex coastlines at sunrise.\"}").when()
        .post("/v1/compliance/prompt").then().statusCode(200)
        .body("flagged", equalTo(false))
        .body("categories", empty())
        .body("checks.name", contains("rules", "moderation"));
  }

  @Test
  void shouldNameTheFieldAtFault() {
    asClient().body("{\"platform\":\"photo\"}").when().post("/v1/compliance/prompt").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("text"));
    asClient().body("{\"text\":\"   \"}").when().post("/v1/compliance/prompt").then().statusCode(400)
        .body("field", equalTo("text"));
    asClient().body("{\"text\":\"" + "a".repeat(ComplianceResource.MAX_TEXT + 1) + "\"}").when()
        .post("/v1/compliance/prompt").then().statusCode(400).body("field", equalTo("text"));
    asClient().body("{\"text\":\"" + "a".repeat(ComplianceResource.MAX_TEXT) + "\"}").when()
        .post("/v1/compliance/prompt").then().statusCode(200);
    asClient().body("{\"text\":\"hello\",\"platform\":\"youtube\"}").when().post("/v1/compliance/prompt").then()
        .statusCode(400).body("field", equalTo("platform"));
    asClient().body("{\"text\":\"hello\",\"tone\":\"calm\"}").when().post("/v1/compliance/prompt").then()
        .statusCode(400).body("field", equalTo("tone"));
  }

  @Test
  void shouldRefuseACallWithoutAToken() {
    given().contentType("application/json").body("{\"text\":\"hello\"}").when().post("/v1/compliance/prompt")
        .then().statusCode(401).body("error", equalTo("unauthorized"));
  }

  @Test
  void shouldScanVideoTextWithoutAProvider_andRefuseImageModeration() {
    var scan = scanner.scan("Guaranteed returns, DM me", List.of(new byte[] {1, 2, 3}), "photo");

    assertThat(scan.flagged()).isTrue();
    assertThat(scan.categories()).extracting(ComplianceScan.Category::name)
        .containsExactly("regulated.financial_claims");
    assertThat(scan.checks()).containsExactly(new ComplianceScan.CheckRun("rules", true, null),
        new ComplianceScan.CheckRun("moderation", false, "MEDIA_MODERATION_API_KEY is not set"));
    assertThat(moderation.configured()).isFalse();
    assertThatThrownBy(() -> moderation.moderateImages(List.of(new byte[] {1})))
        .isInstanceOfSatisfying(ApiException.class, e -> {
          assertThat(e.error().getError()).isEqualTo("provider_not_configured");
          assertThat(e.error().extra()).containsKey("setup");
        });
  }

  @Test
  void shouldDocumentTheEndpointsInOpenApi() {
    given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .body("paths.'/v1/compliance/prompt'.post.summary", equalTo("Scan a prompt or caption against platform terms"))
        .body("paths.'/v1/check'.post.requestBody.content.'application/json'.examples.spec.value.platform",
            equalTo("shortvideo"))
        .body("paths.'/v1/check/rules'.put.responses.'400'.description", org.hamcrest.Matchers.containsString(
            "rules[1].value"))
        .body("tags.name", hasItem("Check"));
  }
}
