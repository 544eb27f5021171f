package dev.videoautomation.auth.recovery;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * Recovery addresses: a keyless checkout's email is bound unverified until the code mailed at checkout is entered
 * with the client's key; a claim binds its address verified and displaces unverified bindings; recovery uses only
 * verified ones, so nobody can squat another's address.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class RecoveryAddressTest {
  TestSmtpServer smtp;

  /** A client minted as billing mints one after a keyless checkout naming {@code email}. */
  private record Minted(String clientId, String keyId, String key) {
    RequestSpecification asClient() {
      return given().header("Authorization", "Bearer " + TestTokens.forClientKey(clientId, keyId,
          Set.of("api.read", "api.write"), "pro")).contentType(ContentType.JSON);
    }
  }

  private static Minted checkout(String email) {
    var answer = given().header("Authorization", "Bearer " + TestTokens.forService("billing-service"))
        .contentType(ContentType.JSON)
        .body(Map.of("operationId", "cs_" + UUID.randomUUID().toString().replace("-", ""), "email", email))
        .when().post("/internal/clients").then().statusCode(201).body("emailBound", equalTo(true))
        .extract().jsonPath();
    return new Minted(answer.getString("clientId"), answer.getString("keyId"), answer.getString("credential"));
  }

  private static JsonPath recoverWithCode(String email, String code) {
    return asGateway().contentType(ContentType.JSON).body(Map.of("email", email, "code", code))
        .when().post("/v1/api_keys/recover").then().statusCode(200).extract().jsonPath();
  }

  private static void askForRecoveryCode(String email) {
    asGateway().contentType(ContentType.JSON).body(Map.of("email", email)).when().post("/v1/api_keys/recover")
        .then().statusCode(202);
  }

  @Test
  void shouldNotLetAKeylessCheckoutSquatTheAddressOfItsRealOwner() {
    var victim = email("victim");
    var squatter = checkout(victim);
    code(smtp, victim, 0); // the checkout's confirmation code went to the victim, not to the squatter

    // Unverified, the address recovers nothing: no recovery mail.
    askForRecoveryCode(victim);
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, victim)).isEqualTo(1);

    // The real owner claims a registration with the address and the code mailed to it.
    var registration = AuthFixtures.registerAnonymously();
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", victim))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var ownerKey = asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code(smtp, victim, 1)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200).extract().<String>path("credential");
    var ownerClient = verify(ownerKey).getString("clientId");

    askForRecoveryCode(victim);
    var recovered = recoverWithCode(victim, code(smtp, victim, 2)).getString("credential");
    assertThat(verify(recovered).getString("clientId")).isEqualTo(ownerClient).isNotEqualTo(squatter.clientId());
    assertThat(verify(squatter.key()).getString("status")).isEqualTo("active");

    // The squatter's binding was displaced: the checkout's code no longer verifies anything.
    squatter.asClient().body(Map.of("code", code(smtp, victim, 0))).when().post("/v1/api_keys/verify_email")
        .then().statusCode(409).contentType(startsWith("application/json")).body("error", equalTo("conflict"));
  }

  @Test
  void shouldMakeACheckoutAddressRecoverOnceItsOwnerEntersTheMailedCode() {
    var buyer = email("buyer");
    var minted = checkout(buyer);
    var mailed = smtp.awaitMessageTo(buyer, java.time.Duration.ofSeconds(30));
    assertThat(mailed.body()).contains("POST /v1/api_keys/verify_email");
    var code = code(smtp, buyer, 0);
    askForRecoveryCode(buyer);

    var wrong = code.equals("000000") ? "000001" : "000000";
    minted.asClient().body(Map.of("code", wrong)).when().post("/v1/api_keys/verify_email").then().statusCode(401)
        .contentType(startsWith("application/json")).body("error", equalTo("invalid_code"))
        .body("field", equalTo("code"));
    minted.asClient().body(Map.of("code", code)).when().post("/v1/api_keys/verify_email").then().statusCode(200)
        .body("status", equalTo("verified"));
    minted.asClient().body("{}").when().post("/v1/api_keys/verify_email").then().statusCode(200)
        .body("status", equalTo("verified"));
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, buyer)).as("no recovery mail before the address was verified").isEqualTo(1);

    askForRecoveryCode(buyer);
    var recovered = recoverWithCode(buyer, code(smtp, buyer, 1)).getString("credential");
    assertThat(verify(recovered).getString("clientId")).isEqualTo(minted.clientId());
    assertThat(verify(minted.key()).getString("status")).isEqualTo("replaced");
  }

  @Test
  void shouldRefuseACodeGivenTwiceNamingTheField() {
    var buyer = email("twice");
    var minted = checkout(buyer);
    var code = code(smtp, buyer, 0);
    minted.asClient().body("{\"code\":\"1\",\"code\":\"" + code + "\"}").when()
        .post("/v1/api_keys/verify_email").then().statusCode(400).contentType(startsWith("application/json"))
        .body("error", equalTo("invalid_request")).body("field", equalTo("code"))
        .body("message", equalTo("Field 'code' appears more than once in its object; send each field once."));
    // Refused before anything was looked at: the code still verifies.
    minted.asClient().body(Map.of("code", code)).when().post("/v1/api_keys/verify_email").then().statusCode(200)
        .body("status", equalTo("verified"));
  }

  @Test
  void shouldMailANewCodeOnRequestAndEndTheEarlierOne() {
    var buyer = email("resend");
    var minted = checkout(buyer);
    var first = code(smtp, buyer, 0);
    minted.asClient().body("{}").when().post("/v1/api_keys/verify_email").then().statusCode(202)
        .body("status", equalTo("code_sent"));
    var second = code(smtp, buyer, 1);
    if (!first.equals(second)) {
      minted.asClient().body(Map.of("code", first)).when().post("/v1/api_keys/verify_email").then()
          .statusCode(401).body("error", equalTo("invalid_code"));
    }
    minted.asClient().body(Map.of("code", second)).when().post("/v1/api_keys/verify_email").then().statusCode(200)
        .body("status", equalTo("verified"));
  }

  @Test
  void shouldLetOnlyOneClientHoldAnAddressVerified() {
    var shared = email("shared");
    var first = checkout(shared);
    var second = checkout(shared); // several unverified bindings of one address may wait
    first.asClient().body(Map.of("code", code(smtp, shared, 0))).when().post("/v1/api_keys/verify_email").then()
        .statusCode(200);
    second.asClient().body(Map.of("code", code(smtp, shared, 1))).when().post("/v1/api_keys/verify_email").then()
        .statusCode(409).body("error", equalTo("conflict"));
    // A later checkout naming a verified address binds nothing and mails nothing.
    given().header("Authorization", "Bearer " + TestTokens.forService("billing-service")).contentType(ContentType.JSON)
        .body(Map.of("operationId", "cs_" + UUID.randomUUID().toString().replace("-", ""), "email", shared))
        .when().post("/internal/clients").then().statusCode(201).body("emailBound", equalTo(false));
    // A claim with the address still completes, but the address stays with the client that verified it first.
    var claimed = AuthFixtures.claimed(smtp, shared);
    askForRecoveryCode(shared);
    var recovered = recoverWithCode(shared, code(smtp, shared, 3)).getString("credential");
    assertThat(verify(recovered).getString("clientId")).isEqualTo(first.clientId()).isNotEqualTo(claimed.clientId());
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, shared)).isEqualTo(4);
  }

  @Test
  void shouldSayWhenNoAddressWaitsAndNeedTheClientsKey() {
    var claimed = AuthFixtures.claimed(smtp);
    given().header("Authorization", "Bearer " + TestTokens.forClientKey(claimed.clientId(), claimed.keyId(),
        Set.of("api.read", "api.write"), null)).contentType(ContentType.JSON).body("{}")
        .when().post("/v1/api_keys/verify_email").then().statusCode(200).body("status", equalTo("verified"));
    var anonymous = verify(AuthFixtures.registerAnonymously().getString("credential"));
    given().header("Authorization", "Bearer " + TestTokens.forClientKey(anonymous.getString("clientId"),
        anonymous.getString("keyId"), Set.of("api.read"), null)).contentType(ContentType.JSON).body("{}")
        .when().post("/v1/api_keys/verify_email").then().statusCode(409).body("error", equalTo("conflict"))
        .body("message", containsString("no recovery address"));
    asGateway().contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/verify_email").then()
        .statusCode(401).body("error", equalTo("unauthorized"));
    var minted = checkout(email("badcode"));
    minted.asClient().body(Map.of("code", "12")).when().post("/v1/api_keys/verify_email").then().statusCode(400)
        .body("field", equalTo("code"));
  }
}
