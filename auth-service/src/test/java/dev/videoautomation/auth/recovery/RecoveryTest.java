package dev.videoautomation.auth.recovery;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** Key recovery by email: the same answers whatever the email, a new key, every older key ended. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class RecoveryTest {
  TestSmtpServer smtp;

  private static io.restassured.response.ExtractableResponse<io.restassured.response.Response> recover(
      Map<String, String> body) {
    return asGateway().contentType(ContentType.JSON).body(body).when().post("/v1/api_keys/recover").then()
        .extract();
  }

  @Test
  void shouldAnswerAnUnknownEmailExactlyAsAKnownOneAndMailNothing() {
    var claimed = AuthFixtures.claimed(smtp);
    var stranger = email("stranger");
    var known = recover(Map.of("email", claimed.email()));
    var unknown = recover(Map.of("email", stranger));
    assertThat(known.statusCode()).isEqualTo(202);
    assertThat(unknown.statusCode()).isEqualTo(202);
    assertThat(unknown.body().asString()).isEqualTo(known.body().asString())
        .isEqualTo("{\"status\":\"code_sent_if_registered\"}");
    assertThat(unknown.contentType()).isEqualTo(known.contentType());
    code(smtp, claimed.email(), 1);
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, stranger)).isZero();
  }

  @Test
  void shouldStoreACodeForAnUnknownEmailAsForAKnownOneSoBothTakeTheSameWork() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var stranger = email("stranger");
    for (int i = 0; i < 2; i++) {
      recover(Map.of("email", claimed.email()));
      recover(Map.of("email", stranger));
    }
    // The same statements ran for both, on rows of the same shape: the earlier code voided, a new one stored, naming
    // the address only (the client is the address's verified holder when a code is used); no mail to the stranger.
    try (var db = AuthFixtures.database(); var query = db.prepareStatement("SELECT count(*) FILTER (WHERE voided_at "
        + "IS NULL), count(*) FILTER (WHERE voided_at IS NOT NULL), count(client_id) FROM auth.one_time_codes "
        + "WHERE email = ? AND purpose = 'recovery'")) {
      for (var email : List.of(claimed.email(), stranger)) {
        query.setString(1, email);
        var rows = query.executeQuery();
        rows.next();
        assertThat(rows.getInt(1)).as("open codes for " + email).isEqualTo(1);
        assertThat(rows.getInt(2)).as("voided codes for " + email).isEqualTo(1);
        assertThat(rows.getInt(3)).as("codes naming a client").isZero();
      }
    }
    code(smtp, claimed.email(), 2);
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, stranger)).isZero();
  }

  @Test
  void shouldIssueANewKeyAndEndEveryOlderKeyOfTheClient() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    // A second active key: the claimed one rotated with grace stays active for an hour.
    var rotated = given().header("Authorization", "Bearer " + TestTokens.forClientKey(claimed.clientId(),
        claimed.keyId(), Set.of("api.read", "api.write"), null)).contentType(ContentType.JSON)
        .body(Map.of("graceSeconds", 3600)).when().post("/v1/api_keys/rotate").then().statusCode(200)
        .extract().<String>path("credential");
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("active");

    recover(Map.of("email", claimed.email()));
    var code = code(smtp, claimed.email(), 1);
    try (var events = new AuthFixtures.KeyEventListener()) {
      var answer = asGateway().contentType(ContentType.JSON).body(Map.of("email", claimed.email(), "code", code))
          .when().post("/v1/api_keys/recover").then().statusCode(200)
          .contentType(startsWith("application/json"))
          .body("credential_type", equalTo("api_key"))
          .body("scopes", equalTo(List.of("api.read", "api.write")))
          .extract().jsonPath();
      assertThat(answer.getMap("$")).containsOnlyKeys("credential", "credential_type", "credential_expires",
          "scopes");
      var recovered = answer.getString("credential");
      assertThat(recovered).startsWith("svc_live_");

      var event = events.await(payload -> payload.contains("client.keys_revoked")
          && payload.contains(claimed.clientId()));
      assertThat(event).contains("\"keyId\":null").doesNotContain(recovered, ApiKeys.hash(recovered));
      assertThat(verify(claimed.key()).getString("status")).isEqualTo("replaced");
      assertThat(verify(rotated).getString("status")).isEqualTo("replaced");
      assertThat(verify(recovered).getString("status")).isEqualTo("active");
      assertThat(verify(recovered).getString("clientId")).isEqualTo(claimed.clientId());
    }
    // A code works once.
    assertThat(recover(Map.of("email", claimed.email(), "code", code)).statusCode()).isEqualTo(401);
  }

  @Test
  void shouldRefuseEveryWrongCodeWithTheSameAnswerWhateverTheEmail() {
    var claimed = AuthFixtures.claimed(smtp);
    recover(Map.of("email", claimed.email()));
    var code = code(smtp, claimed.email(), 1);
    var wrong = code.equals("000000") ? "000001" : "000000";
    var stranger = recover(Map.of("email", email("stranger"), "code", wrong));
    assertThat(stranger.statusCode()).isEqualTo(401);
    assertThat(stranger.<String>path("error")).isEqualTo("invalid_code");
    // Wrong codes for a known email, up to and past the attempt limit, read exactly like the stranger's answer.
    for (int attempt = 1; attempt <= 6; attempt++) {
      var known = recover(Map.of("email", claimed.email(), "code", wrong));
      assertThat(known.statusCode()).isEqualTo(401);
      assertThat(known.body().asString()).as("attempt " + attempt).isEqualTo(stranger.body().asString());
    }
    var right = recover(Map.of("email", claimed.email(), "code", code));
    assertThat(right.body().asString()).isEqualTo(stranger.body().asString());
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldNameABadField() {
    asGateway().contentType(ContentType.JSON).body(Map.of()).when().post("/v1/api_keys/recover").then()
        .statusCode(400).contentType(startsWith("application/json")).body("field", equalTo("email"));
    asGateway().contentType(ContentType.JSON).body(Map.of("email", "not-an-email")).when()
        .post("/v1/api_keys/recover").then().statusCode(400).body("field", equalTo("email"));
    asGateway().contentType(ContentType.JSON).body(Map.of("email", email("x"), "code", "12")).when()
        .post("/v1/api_keys/recover").then().statusCode(400).body("field", equalTo("code"));
  }
}
