package dev.videoautomation.auth.registrations;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static dev.videoautomation.auth.AuthFixtures.registerAnonymously;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/** Registration, claims, keys and their verification, against real PostgreSQL and a real SMTP server. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class RegistrationTest {
  TestSmtpServer smtp;

  @ConfigProperty(name = "quarkus.datasource.jdbc.url")
  String jdbcUrl;
  @ConfigProperty(name = "quarkus.datasource.username")
  String username;
  @ConfigProperty(name = "quarkus.datasource.password")
  Optional<String> password;

  private final List<String> logged = new CopyOnWriteArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      logged.add(String.valueOf(record.getMessage()) + " " + java.util.Arrays.toString(record.getParameters()));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
  };

  @BeforeEach
  void captureLogs() {
    Logger.getLogger("").addHandler(capture);
  }

  @AfterEach
  void stopCapturing() {
    Logger.getLogger("").removeHandler(capture);
  }

  @Test
  void shouldPublishTheDiscoveryDocumentsWithAbsoluteUrls() {
    asGateway().when().get("/.well-known/oauth-protected-resource").then().statusCode(200)
        .body("resource", equalTo("http://localhost:8080"))
        .body("authorization_servers", equalTo(List.of("http://localhost:8080")))
        .body("bearer_methods_supported", hasItems("header"))
        .body("resource_documentation", equalTo("http://localhost:8080/docs"));
    asGateway().when().get("/.well-known/oauth-authorization-server").then().statusCode(200)
        .body("issuer", equalTo("http://localhost:8080"))
        .body("token_endpoint", equalTo("http://localhost:8080/v1/auth/agent"))
        .body("revocation_endpoint", equalTo("http://localhost:8080/v1/auth/agent/revoke"))
        .body("agent_auth.manifest_url", equalTo("http://localhost:8080/.well-known/agent-auth"))
        .body("agent_auth.registration_endpoint", equalTo("http://localhost:8080/v1/auth/agent"))
        .body("agent_auth.identity_types_supported", equalTo(List.of("anonymous", "verified_email")))
        .body("agent_auth.assertion_types_supported", equalTo(List.of("verified_email")))
        .body("agent_auth.claim_endpoint", equalTo("http://localhost:8080/v1/auth/agent/claim"))
        .body("agent_auth.claim_complete_endpoint", equalTo("http://localhost:8080/v1/auth/agent/claim/complete"))
        .body("agent_auth.revocation_endpoint", equalTo("http://localhost:8080/v1/auth/agent/revoke"));
    asGateway().when().get("/.well-known/agent-auth").then().statusCode(200)
        .body("registration_endpoint", equalTo("http://localhost:8080/v1/auth/agent"))
        .body("flows.anonymous.request.type", equalTo("anonymous"));
  }

  @Test
  void shouldClaimAnAnonymousRegistrationAndEndItsKeyAtOnce() throws Exception {
    var registration = registerAnonymously();
    var anonymousKey = registration.getString("credential");
    assertThat(anonymousKey).startsWith("svc_anon_");
    assertThat(registration.getString("registration_type")).isEqualTo("anonymous");
    assertThat(registration.getString("credential_type")).isEqualTo("api_key");
    assertThat(registration.getList("scopes")).containsExactly("api.read");
    assertThat(registration.getList("post_claim_scopes")).containsExactly("api.read", "api.write");
    assertThat(registration.getString("claim_url"))
        .isEqualTo("http://localhost:8080/claim/" + registration.getString("claim_token"));
    assertThat(registration.getLong("claim_token_expires")).isGreaterThan(System.currentTimeMillis() + 23 * 3600_000L);
    assertThat(registration.getString("registration_id")).startsWith("rgn_");
    var before = verify(anonymousKey);
    assertThat(before.getString("status")).isEqualTo("active");
    assertThat(before.getList("scopes")).containsExactly("api.read");

    var email = email("claimer");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200)
        .body("registration_id", equalTo(registration.getString("registration_id")))
        .body("claim_attempt_id", startsWith("cla_"))
        .body("status", equalTo("initiated"));

    try (var listener = DriverManager.getConnection(jdbcUrl, username, password.orElse(""))) {
      listener.createStatement().execute("LISTEN key_events");
      var liveKey = asGateway().contentType(ContentType.JSON)
          .body(Map.of("claim_token", registration.getString("claim_token"), "code", code(smtp, email, 0)))
          .when().post("/v1/auth/agent/claim/complete").then().statusCode(200)
          .body("credential_type", equalTo("api_key"))
          .body("credential_expires", nullValue())
          .body("scopes", equalTo(List.of("api.read", "api.write")))
          .extract().<String>path("credential");

      assertThat(liveKey).startsWith("svc_live_");
      var events = listener.unwrap(PGConnection.class).getNotifications(2_000);
      assertThat(events).isNotNull().hasSize(1);
      assertThat(events[0].getParameter()).contains("\"event\":\"key.replaced\"")
          .contains("\"keyId\":\"" + before.getString("keyId") + "\"").doesNotContain(anonymousKey)
          .doesNotContain(dev.videoautomation.platform.keys.ApiKeys.hash(anonymousKey));
      assertThat(verify(anonymousKey).getString("status")).isEqualTo("replaced");
      var after = verify(liveKey);
      assertThat(after.getString("status")).isEqualTo("active");
      assertThat(after.getString("clientId")).isEqualTo(before.getString("clientId"));
      assertThat(after.getList("scopes")).containsExactly("api.read", "api.write");
      assertThat(logged).noneMatch(line -> line.contains(liveKey) || line.contains(anonymousKey));
    }
  }

  @Test
  void shouldIssueAKeyToAnEmailRegistrationWithTheMailedCode() {
    var email = email("verified");
    var registration = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent").then().statusCode(201)
        .body("registration_type", equalTo("email-verification"))
        .body("credential", nullValue())
        .body("post_claim_scopes", equalTo(List.of("api.read", "api.write")))
        .extract().jsonPath();
    assertThat(registration.getMap("$")).doesNotContainKeys("credential", "credential_type", "scopes");

    var key = asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code(smtp, email, 0)))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200).extract().<String>path("credential");
    assertThat(verify(key).getString("status")).isEqualTo("active");

    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(404)
        .contentType(startsWith("application/problem+json"));
  }

  @Test
  void shouldRefuseToClaimAnEmailRegistrationByEmail() {
    var email = email("double");
    var token = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().<String>path("claim_token");

    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", token, "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("error", equalTo("not_anonymous_registration"))
        .body("status", equalTo(400))
        .body("type", containsString("not_anonymous_registration"))
        .body("title", not(nullValue()))
        .body("detail", containsString("claim/complete"));
  }

  @Test
  void shouldVoidTheCodeAfterFiveWrongAttempts() {
    var registration = registerAnonymously();
    var email = email("guesser");
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var code = code(smtp, email, 0);
    var wrong = code.equals("000000") ? "000001" : "000000";
    for (int attempt = 1; attempt <= 5; attempt++) {
      asGateway().contentType(ContentType.JSON)
          .body(Map.of("claim_token", registration.getString("claim_token"), "code", wrong))
          .when().post("/v1/auth/agent/claim/complete").then().statusCode(401)
          .contentType(startsWith("application/problem+json"))
          .body("error", equalTo(attempt < 5 ? "invalid_code" : "code_attempts_exhausted"));
    }
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(401)
        .body("error", equalTo("code_attempts_exhausted"));
    assertThat(verify(registration.getString("credential")).getString("status")).isEqualTo("active");
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
      assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(1);
      assertThat(statuses.stream().filter(s -> s == 404).count()).isEqualTo(7);
    }
  }

  @Test
  void shouldNameWhatIsWrongWithARegistration() {
    asGateway().contentType(ContentType.JSON).body(Map.of("type", "password"))
        .when().post("/v1/auth/agent").then().statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("error", equalTo("unsupported_type")).body("field", equalTo("type"));
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "phone", "assertion", "x"))
        .when().post("/v1/auth/agent").then().statusCode(400)
        .body("error", equalTo("unsupported_type")).body("field", equalTo("assertion_type"));
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email"))
        .when().post("/v1/auth/agent").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("assertion"));
    asGateway().contentType(ContentType.JSON).body("{}")
        .when().post("/v1/auth/agent").then().statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("field", equalTo("type"));
    asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", "clm_nothing", "code", "123456"))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(404)
        .contentType(startsWith("application/problem+json"))
        .body("error", equalTo("not_found"));
  }

  @Test
  void shouldReceiveALogoutToken() {
    asGateway().contentType("application/logout+jwt")
        .body("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
        .when().post("/v1/auth/agent/revoke").then().statusCode(200).body("revoked", equalTo(true));
    asGateway().contentType(ContentType.JSON).body("{}")
        .when().post("/v1/auth/agent/revoke").then().statusCode(415)
        .contentType(startsWith("application/problem+json"));
    asGateway().contentType("application/logout+jwt").body("not a token".getBytes())
        .when().post("/v1/auth/agent/revoke").then().statusCode(400);
  }

  @Test
  void shouldAnswerVerifyOnlyForTheGateway() {
    var body = Map.of("keyHash", "0".repeat(64));
    given().header("Authorization", "Bearer " + TestTokens.forService("records-service"))
        .contentType(ContentType.JSON).body(body).when().post("/internal/verify")
        .then().statusCode(403).body("error", equalTo("insufficient_scope"));
    given().header("Authorization", "Bearer " + TestTokens.forClient("cli_x", Set.of("api.read"), null))
        .contentType(ContentType.JSON).body(body).when().post("/internal/verify").then().statusCode(403);
    asGateway().contentType(ContentType.JSON).body(body).when().post("/internal/verify").then().statusCode(200)
        .body("status", equalTo("unknown")).body("clientId", nullValue()).body("scopes", equalTo(List.of()));
    asGateway().contentType(ContentType.JSON).body(Map.of("keyHash", "XYZ")).when().post("/internal/verify")
        .then().statusCode(400).body("field", equalTo("keyHash"));
  }

  @Test
  void shouldWalkAHumanThroughTheClaimPage() {
    var registration = registerAnonymously();
    var token = registration.getString("claim_token");
    asGateway().when().get("/claim/" + token).then().statusCode(200)
        .contentType(startsWith("text/html")).body(containsString("name=\"email\""));
    var email = email("human");
    asGateway().contentType(ContentType.URLENC).formParam("email", email)
        .when().post("/claim/" + token).then().statusCode(200).body(containsString("name=\"code\""));
    asGateway().contentType(ContentType.URLENC).formParam("code", "12345x")
        .when().post("/claim/" + token).then().statusCode(400).body(containsString("6 digits"));
    var response = asGateway().contentType(ContentType.URLENC).formParam("code", code(smtp, email, 0))
        .when().post("/claim/" + token);
    assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
    var page = response.asString();
    var key = page.replaceAll("(?s).*<code>(svc_live_[0-9A-Za-z]+)</code>.*", "$1");
    assertThat(key).startsWith("svc_live_");
    assertThat(verify(key).getString("status")).isEqualTo("active");
    assertThat(verify(registration.getString("credential")).getString("status")).isEqualTo("replaced");
    asGateway().when().get("/claim/" + token).then().statusCode(404).contentType(startsWith("text/html"));
    asGateway().when().get("/claim/<script>").then().statusCode(404).body(not(containsString("<script>")));
  }

  @Test
  void shouldMailNothingButAnswerTheSameForAnUnknownEmail() {
    var claimed = AuthFixtures.claimed(smtp);
    var stranger = email("stranger");
    var known = asGateway().contentType(ContentType.JSON).body(Map.of("email", claimed.email()))
        .when().post("/v1/api_keys/recover").then().statusCode(202).extract().asString();
    var unknown = asGateway().contentType(ContentType.JSON).body(Map.of("email", stranger))
        .when().post("/v1/api_keys/recover").then().statusCode(202).extract().asString();
    assertThat(unknown).isEqualTo(known);
    var code = code(smtp, claimed.email(), 1);
    assertThat(mails(smtp, stranger)).isZero();

    asGateway().contentType(ContentType.JSON).body(Map.of("email", stranger, "code", code))
        .when().post("/v1/api_keys/recover").then().statusCode(401).body("error", equalTo("invalid_code"));
    var recovered = asGateway().contentType(ContentType.JSON).body(Map.of("email", claimed.email(), "code", code))
        .when().post("/v1/api_keys/recover").then().statusCode(200)
        .body("scopes", equalTo(List.of("api.read", "api.write"))).extract().<String>path("credential");
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("replaced");
    assertThat(verify(recovered).getString("clientId")).isEqualTo(claimed.clientId());
  }
}
