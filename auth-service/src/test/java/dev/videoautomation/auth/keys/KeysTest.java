package dev.videoautomation.auth.keys;

import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** Rotation with and without grace, and minting clients for billing. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class KeysTest {
  TestSmtpServer smtp;

  private static RequestSpecification as(AuthFixtures.Claimed claimed) {
    return given().header("Authorization", "Bearer " + TestTokens.forClientKey(claimed.clientId(), claimed.keyId(),
        Set.of("api.read", "api.write"), null));
  }

  @Test
  void shouldRotateAtOnceWithoutGrace() {
    var claimed = AuthFixtures.claimed(smtp);
    var rotated = as(claimed).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
        .then().statusCode(200)
        .body("credential_type", equalTo("api_key"))
        .body("scopes", equalTo(List.of("api.read", "api.write")))
        .body("previous_credential_expires", nullValue())
        .extract().<String>path("credential");

    assertThat(verify(claimed.key()).getString("status")).isEqualTo("replaced");
    assertThat(verify(rotated).getString("status")).isEqualTo("active");
    assertThat(verify(rotated).getString("clientId")).isEqualTo(claimed.clientId());
  }

  @Test
  void shouldKeepTheOldKeyThroughTheGrace() {
    var claimed = AuthFixtures.claimed(smtp);
    var answer = as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 600))
        .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().jsonPath();

    var old = verify(claimed.key());
    assertThat(old.getString("status")).isEqualTo("active");
    assertThat(old.getLong("expiresAt")).isEqualTo(answer.getLong("previous_credential_expires"))
        .isBetween(System.currentTimeMillis() + 590_000, System.currentTimeMillis() + 601_000);
    assertThat(verify(answer.getString("credential")).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldBoundTheGraceAndNeedTheCallersKey() {
    var claimed = AuthFixtures.claimed(smtp);
    as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", 86_401))
        .when().post("/v1/api_keys/rotate").then().statusCode(400).body("field", equalTo("graceSeconds"));
    as(claimed).contentType(ContentType.JSON).body(Map.of("graceSeconds", -1))
        .when().post("/v1/api_keys/rotate").then().statusCode(400).body("field", equalTo("graceSeconds"));
    given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service"))
        .contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
        .then().statusCode(401);
    given().header("Authorization", "Bearer " + TestTokens.forClientKey("cli_other", claimed.keyId(),
        Set.of("api.read"), null)).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
        .then().statusCode(401);
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldMintOneClientPerOperationAndReissueOnlyUndeliveredKeys() {
    var operationId = "cs_" + UUID.randomUUID().toString().replace("-", "");
    var email = AuthFixtures.email("buyer");
    var billing = given().header("Authorization", "Bearer " + TestTokens.forService("billing-service"))
        .contentType(ContentType.JSON);

    var first = billing.body(Map.of("operationId", operationId, "email", email))
        .when().post("/internal/clients").then().statusCode(201)
        .body("created", equalTo(true)).body("emailBound", equalTo(true))
        .body("scopes", equalTo(List.of("api.read", "api.write"))).extract().jsonPath();
    assertThat(first.getString("credential")).startsWith("svc_live_");

    given().header("Authorization", "Bearer " + TestTokens.forService("billing-service")).contentType(ContentType.JSON)
        .body(Map.of("operationId", operationId, "email", email)).when().post("/internal/clients")
        .then().statusCode(200).body("created", equalTo(false)).body("credential", nullValue())
        .body("clientId", equalTo(first.getString("clientId"))).body("keyId", equalTo(first.getString("keyId")));

    var reissued = given().header("Authorization", "Bearer " + TestTokens.forService("billing-service"))
        .contentType(ContentType.JSON).body(Map.of("operationId", operationId, "reissueCredential", true))
        .when().post("/internal/clients").then().statusCode(200).extract().jsonPath();
    assertThat(reissued.getString("credential")).startsWith("svc_live_").isNotEqualTo(first.getString("credential"));
    assertThat(verify(first.getString("credential")).getString("status")).isEqualTo("revoked");
    assertThat(verify(reissued.getString("credential")).getString("status")).isEqualTo("active");

    given().header("Authorization", "Bearer " + TestTokens.forService("billing-service")).contentType(ContentType.JSON)
        .body(Map.of("operationId", operationId, "reissueCredential", true)).when().post("/internal/clients")
        .then().statusCode(409).body("error", equalTo("conflict"));
    given().header("Authorization", "Bearer " + TestTokens.forService("gateway-service")).contentType(ContentType.JSON)
        .body(Map.of("operationId", "cs_x")).when().post("/internal/clients").then().statusCode(403);
  }
}
