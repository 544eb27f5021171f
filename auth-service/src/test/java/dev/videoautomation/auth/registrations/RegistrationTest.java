package dev.videoautomation.auth.registrations;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static dev.videoautomation.auth.AuthFixtures.registerAnonymously;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.auth.openapi.DocumentedForms;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;

/** The registration family and discovery, against real PostgreSQL and a real SMTP server. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class RegistrationTest {
  private static final String BASE = "http://localhost:8080";
  TestSmtpServer smtp;

  @Test
  void shouldPublishTheDiscoveryDocumentsWithAbsoluteUrls() {
    asGateway().when().get("/.well-known/oauth-protected-resource").then().statusCode(200)
        .body("resource", equalTo(BASE))
        .body("authorization_servers", equalTo(List.of(BASE)))
        .body("bearer_methods_supported", hasItems("header"))
        .body("resource_documentation", equalTo(BASE + "/docs"));
    asGateway().when().get("/.well-known/oauth-authorization-server").then().statusCode(200)
        .body("issuer", equalTo(BASE))
        .body("token_endpoint", equalTo(BASE + "/v1/auth/agent"))
        .body("revocation_endpoint", equalTo(BASE + "/v1/auth/agent/revoke"))
        .body("agent_auth.manifest_url", equalTo(BASE + "/.well-known/agent-auth"))
        .body("agent_auth.registration_endpoint", equalTo(BASE + "/v1/auth/agent"))
        .body("agent_auth.identity_types_supported", equalTo(List.of("anonymous", "verified_email")))
        .body("agent_auth.assertion_types_supported", equalTo(List.of("verified_email")))
        .body("agent_auth.claim_endpoint", equalTo(BASE + "/v1/auth/agent/claim"))
        .body("agent_auth.claim_complete_endpoint", equalTo(BASE + "/v1/auth/agent/claim/complete"))
        .body("agent_auth.revocation_endpoint", equalTo(BASE + "/v1/auth/agent/revoke"));
    asGateway().when().get("/.well-known/agent-auth").then().statusCode(200)
        .body("registration_endpoint", equalTo(BASE + "/v1/auth/agent"))
        .body("flows.anonymous.request.type", equalTo("anonymous"))
        .body("flows.anonymous.request.requested_credential_type", equalTo("api_key"))
        .body("flows.verified_email.request.assertion_type", equalTo("verified_email"))
        .body("claim_url_template", equalTo(BASE + "/claim/{claim_token}"))
        .body("scopes", allOf(hasKey("api.read"), hasKey("api.write")))
        .body("codes.digits", equalTo(6))
        .body("codes.max_attempts", equalTo(5))
        .body("endpoints.claim_complete", equalTo(BASE + "/v1/auth/agent/claim/complete"))
        .body("endpoints.rotate", equalTo(BASE + "/v1/api_keys/rotate"))
        .body("endpoints.recover", equalTo(BASE + "/v1/api_keys/recover"))
        .body("endpoints.revoke_leaked", equalTo(BASE + "/v1/api_keys/revoke_leaked"))
        .body("key_pattern", equalTo(DocumentedForms.KEY_SCANNER_PATTERN))
        .body("documentation", equalTo(BASE + "/docs"))
        .body("mcp.endpoint", equalTo(BASE + "/mcp"));
  }

  @Test
  void shouldClaimAnAnonymousRegistrationAndEndItsKeyAtOnce() throws Exception {
    var answer = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "anonymous", "requested_credential_type", "api_key"))
        .when().post("/v1/auth/agent").then().statusCode(201)
        .contentType(startsWith("application/json"))
        .body("$", hasKey("credential_expires")).body("credential_expires", nullValue())
        .extract().jsonPath();
    assertThat(answer.getMap("$")).containsOnlyKeys("registration_id", "registration_type", "credential_type",
        "credential", "credential_expires", "scopes", "post_claim_scopes", "claim_url", "claim_token",
        "claim_token_expires");
    var anonymousKey = answer.getString("credential");
    var claimToken = answer.getString("claim_token");
    assertThat(ApiKeys.isWellFormed(anonymousKey)).isTrue();
    assertThat(anonymousKey).startsWith("svc_anon_");
    assertThat(claimToken).startsWith("clm_");
    assertThat(answer.getString("registration_id")).startsWith("rgn_");
    assertThat(answer.getString("registration_type")).isEqualTo("anonymous");
    assertThat(answer.getString("credential_type")).isEqualTo("api_key");
    assertThat(answer.getList("scopes")).containsExactly("api.read");
    assertThat(answer.getList("post_claim_scopes")).containsExactly("api.read", "api.write");
    assertThat(answer.getString("claim_url")).isEqualTo(BASE + "/claim/" + claimToken);
    assertThat(answer.getLong("claim_token_expires"))
        .isBetween(System.currentTimeMillis() + 23 * 3_600_000L, System.currentTimeMillis() + 24 * 3_600_000L);
    var before = verify(anonymousKey);
    assertThat(before.getString("status")).isEqualTo("active");
    assertThat(before.getString("clientId")).startsWith("cli_");
    assertThat(before.getString("keyId")).startsWith("key_");
    assertThat(before.getList("scopes")).containsExactly("api.read");

    var email = email("claimer");
    var attempt = asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", claimToken, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200)
        .body("registration_id", equalTo(answer.getString("registration_id")))
        .body("claim_attempt_id", startsWith("cla_"))
        .body("status", equalTo("initiated"))
        .extract().jsonPath();
    assertThat(attempt.getLong("expires_at"))
        .isBetween(System.currentTimeMillis() + 9 * 60_000L, System.currentTimeMillis() + 10 * 60_000L);

    try (var events = new AuthFixtures.KeyEventListener()) {
      var completed = asGateway().contentType(ContentType.JSON)
          .body(Map.of("claim_token", claimToken, "code", code(smtp, email, 0)))
          .when().post("/v1/auth/agent/claim/complete").then().statusCode(200)
          .body("$", hasKey("credential_expires")).body("credential_expires", nullValue())
          .body("credential_type", equalTo("api_key"))
          .body("scopes", equalTo(List.of("api.read", "api.write")))
          .extract().jsonPath();
      var liveKey = completed.getString("credential");
      assertThat(completed.getMap("$")).containsOnlyKeys("credential", "credential_type", "credential_expires",
          "scopes");
      assertThat(liveKey).startsWith("svc_live_");
      assertThat(ApiKeys.isWellFormed(liveKey)).isTrue();

      var event = events.await(payload -> payload.contains(before.getString("keyId")));
      assertThat(event).contains("\"v\":1", "\"event\":\"key.replaced\"",
          "\"keyId\":\"" + before.getString("keyId") + "\"", "\"clientId\":\"" + before.getString("clientId") + "\"",
          "\"at\":").doesNotContain(anonymousKey, liveKey, ApiKeys.hash(anonymousKey), ApiKeys.hash(liveKey));

      assertThat(verify(anonymousKey).getString("status")).isEqualTo("replaced");
      assertThat(verify(anonymousKey).getList("scopes")).isEmpty();
      var after = verify(liveKey);
      assertThat(after.getString("status")).isEqualTo("active");
      assertThat(after.getString("clientId")).isEqualTo(before.getString("clientId"));
      assertThat(after.getList("scopes")).containsExactly("api.read", "api.write");
      assertThat(after.getString("expiresAt")).isNull();
    }
    // The claim is over: the token no longer opens anything.
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", claimToken, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(404).body("error", equalTo("not_found"));
  }

  @Test
  void shouldIssueAKeyToAnEmailRegistrationWithTheMailedCode() {
    var email = email("verified");
    var registration = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent").then().statusCode(201)
        .body("registration_type", equalTo("email-verification"))
        .body("registration_id", startsWith("rgn_"))
        .body("claim_token", startsWith("clm_"))
        .body("post_claim_scopes", equalTo(List.of("api.read", "api.write")))
        .extract().jsonPath();
    assertThat(registration.getMap("$")).containsOnlyKeys("registration_id", "registration_type",
        "post_claim_scopes", "claim_url", "claim_token", "claim_token_expires");
    assertThat(registration.getString("claim_url")).isEqualTo(BASE + "/claim/" + registration.getString("claim_token"));

    var key = asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code(smtp, email, 0)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200)
        .body("scopes", equalTo(List.of("api.read", "api.write")))
        .extract().<String>path("credential");
    assertThat(key).startsWith("svc_live_");
    var verified = verify(key);
    assertThat(verified.getString("status")).isEqualTo("active");
    assertThat(verified.getList("scopes")).containsExactly("api.read", "api.write");

    // The email became the client's recovery address: recovery mails a code to it.
    asGateway().contentType(ContentType.JSON).body(Map.of("email", email.toUpperCase()))
        .when().post("/v1/api_keys/recover").then().statusCode(202);
    code(smtp, email, 1);
  }

  @Test
  void shouldRefuseToClaimAnEmailRegistrationByEmail() {
    var email = email("double");
    var token = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().<String>path("claim_token");

    problem(asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email))
        .when().post("/v1/auth/agent/claim").then(), 400, "not_anonymous_registration")
        .body("detail", containsString("claim/complete"));
  }

  @Test
  void shouldVoidTheCodeAfterFiveWrongAttempts() {
    var registration = registerAnonymously();
    var token = registration.getString("claim_token");
    var email = email("guesser");
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var code = code(smtp, email, 0);
    var wrong = code.equals("000000") ? "000001" : "000000";
    for (int attempt = 1; attempt <= 5; attempt++) {
      problem(asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "code", wrong))
          .when().post("/v1/auth/agent/claim/complete").then(), 401,
          attempt < 5 ? "invalid_code" : "code_attempts_exhausted");
    }
    problem(asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "code", code))
        .when().post("/v1/auth/agent/claim/complete").then(), 401, "code_attempts_exhausted")
        .body("detail", containsString("/v1/auth/agent/claim"));
    assertThat(verify(registration.getString("credential")).getString("status")).isEqualTo("active");

    // Starting the claim again mails a new code, which works.
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "code", code(smtp, email, 1)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200);
  }

  @Test
  void shouldAcceptOnlyTheNewestCodeOfAClaim() {
    var token = registerAnonymously().getString("claim_token");
    var email = email("twice");
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var first = code(smtp, email, 0);
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var second = code(smtp, email, 1);
    if (!first.equals(second)) {
      problem(asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "code", first))
          .when().post("/v1/auth/agent/claim/complete").then(), 401, "invalid_code");
    }
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "code", second))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200);
  }

  @Test
  void shouldCompleteAClaimOnlyOnceUnderConcurrency() throws Exception {
    var registration = registerAnonymously();
    var email = email("racer");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var code = code(smtp, email, 0);
    var calls = new ArrayList<Callable<Integer>>();
    for (int i = 0; i < 8; i++) {
      calls.add(() -> asGateway().contentType(ContentType.JSON)
          .body(Map.of("claim_token", registration.getString("claim_token"), "code", code))
          .when().post("/v1/auth/agent/claim/complete").statusCode());
    }
    try (var pool = Executors.newFixedThreadPool(8)) {
      var statuses = new ArrayList<Integer>();
      for (var result : pool.invokeAll(calls)) {
        statuses.add(result.get());
      }
      assertThat(statuses).containsOnly(200, 404);
      assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(1);
    }
    try (var db = AuthFixtures.database();
         var query = db.prepareStatement("SELECT count(*) FROM auth.api_keys WHERE client_id = ? AND kind = 'live'")) {
      query.setString(1, verify(registration.getString("credential")).getString("clientId"));
      var rows = query.executeQuery();
      rows.next();
      assertThat(rows.getInt(1)).as("live keys issued").isEqualTo(1);
    }
  }

  @Test
  void shouldTreatAnExpiredClaimTokenAsUnknown() throws Exception {
    var registration = registerAnonymously();
    var token = registration.getString("claim_token");
    try (var db = AuthFixtures.database(); var update = db.prepareStatement(
        "UPDATE auth.registrations SET claim_expires_at = now() - interval '1 second' WHERE claim_token_hash = ?")) {
      update.setString(1, ApiKeys.hash(token));
      assertThat(update.executeUpdate()).isEqualTo(1);
    }
    problem(asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email("late")))
        .when().post("/v1/auth/agent/claim").then(), 404, "not_found");
    problem(asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "code", "123456"))
        .when().post("/v1/auth/agent/claim/complete").then(), 404, "not_found");
    asGateway().when().get("/claim/" + token).then().statusCode(404).contentType(startsWith("text/html"));
  }

  @Test
  void shouldNameWhatIsWrongWithARegistration() {
    problem(post("/v1/auth/agent", Map.of("type", "password")), 400, "unsupported_type")
        .body("field", equalTo("type")).body("detail", containsString("type"));
    problem(post("/v1/auth/agent", Map.of("type", "anonymous", "requested_credential_type", "password")), 400,
        "unsupported_type").body("field", equalTo("requested_credential_type"));
    problem(post("/v1/auth/agent", Map.of("type", "identity_assertion", "assertion_type", "phone",
        "assertion", "x")), 400, "unsupported_type").body("field", equalTo("assertion_type"));
    problem(post("/v1/auth/agent", Map.of("type", "anonymous")), 400, "invalid_request")
        .body("field", equalTo("requested_credential_type"));
    problem(post("/v1/auth/agent", Map.of("type", "identity_assertion")), 400, "invalid_request")
        .body("field", equalTo("assertion_type"));
    problem(post("/v1/auth/agent", Map.of("type", "identity_assertion", "assertion_type", "verified_email")), 400,
        "invalid_request").body("field", equalTo("assertion"));
    problem(post("/v1/auth/agent", Map.of("type", "identity_assertion", "assertion_type", "verified_email",
        "assertion", "not-an-email")), 400, "invalid_request").body("field", equalTo("assertion"));
    problem(post("/v1/auth/agent", Map.of()), 400, "invalid_request").body("field", equalTo("type"));
    problem(post("/v1/auth/agent", Map.of("type", "anonymous", "requested_credential_type", "api_key",
        "colour", "blue")), 400, "invalid_request").body("field", equalTo("colour"));
    problem(asGateway().contentType(ContentType.JSON).body("{\"type\":").when().post("/v1/auth/agent").then(), 400,
        "invalid_request");

    problem(post("/v1/auth/agent/claim", Map.of("email", email("x"))), 400, "invalid_request")
        .body("field", equalTo("claim_token"));
    problem(post("/v1/auth/agent/claim", Map.of("claim_token", "clm_x")), 400, "invalid_request")
        .body("field", equalTo("email"));
    problem(post("/v1/auth/agent/claim", Map.of("claim_token", "clm_x", "email", "nobody")), 400,
        "invalid_request").body("field", equalTo("email"));
    problem(post("/v1/auth/agent/claim", Map.of("claim_token", "clm_nothing", "email", email("x"))), 404,
        "not_found");
    problem(post("/v1/auth/agent/claim/complete", Map.of("code", "123456")), 400, "invalid_request")
        .body("field", equalTo("claim_token"));
    problem(post("/v1/auth/agent/claim/complete", Map.of("claim_token", "clm_x")), 400, "invalid_request")
        .body("field", equalTo("code"));
    problem(post("/v1/auth/agent/claim/complete", Map.of("claim_token", "clm_x", "code", "12ab56")), 400,
        "invalid_request").body("field", equalTo("code"));
    problem(post("/v1/auth/agent/claim/complete", Map.of("claim_token", "clm_nothing", "code", "123456")), 404,
        "not_found");
  }

  @Test
  void shouldReceiveALogoutTokenAndNothingElse() {
    var header = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"RS256\",\"typ\":\"logout+jwt\"}"
        .getBytes(StandardCharsets.UTF_8));
    var token = header + ".eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    asGateway().contentType("application/logout+jwt").body(token.getBytes(StandardCharsets.US_ASCII))
        .when().post("/v1/auth/agent/revoke").then().statusCode(200)
        .contentType(startsWith("application/json")).body("revoked", equalTo(true));
    asGateway().contentType("application/logout+jwt; charset=utf-8").body(token.getBytes(StandardCharsets.US_ASCII))
        .when().post("/v1/auth/agent/revoke").then().statusCode(200);

    problem(asGateway().contentType(ContentType.JSON).body("{}").when().post("/v1/auth/agent/revoke").then(), 415,
        "unsupported_media_type").body("detail", containsString("application/logout+jwt"));
    problem(asGateway().contentType("application/jwt").body(token.getBytes(StandardCharsets.US_ASCII))
        .when().post("/v1/auth/agent/revoke").then(), 415, "unsupported_media_type");
    problem(asGateway().when().post("/v1/auth/agent/revoke").then(), 415, "unsupported_media_type");

    for (var notAToken : List.of("not a token", "", "a.b", header + ".eyJzdWIiOiJ4In0.", "e30.eyJzdWIiOiJ4In0.c2ln",
        "!!!.eyJzdWIiOiJ4In0.c2ln")) {
      problem(asGateway().contentType("application/logout+jwt").body(notAToken.getBytes(StandardCharsets.UTF_8))
          .when().post("/v1/auth/agent/revoke").then(), 400, "invalid_request").body("field", equalTo("body"));
    }
  }

  @Test
  void shouldMailOneCodePerEmailRegistrationAndNoneForAnAnonymousOne() {
    var email = email("count");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent").then().statusCode(201);
    code(smtp, email, 0);
    var messages = smtp.messages().size();
    registerAnonymously();
    AuthFixtures.sleep(300);
    assertThat(smtp.messages()).hasSize(messages);
    assertThat(mails(smtp, email)).isEqualTo(1);
  }

  private static ValidatableResponse post(String path, Map<String, ?> body) {
    return asGateway().contentType(ContentType.JSON).body(body).when().post(path).then();
  }

  /** An RFC 9457 answer with the suite's {@code error} code. */
  static ValidatableResponse problem(ValidatableResponse response, int status, String error) {
    return response.statusCode(status)
        .contentType(startsWith("application/problem+json"))
        .body("type", equalTo("/docs/errors#" + error))
        .body("title", notNullValue())
        .body("status", equalTo(status))
        .body("detail", notNullValue())
        .body("error", equalTo(error))
        .body("message", not(equalTo("")));
  }
}
