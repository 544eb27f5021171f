package dev.videoautomation.auth;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;

import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * Every flow that handles a key, a code or a claim token, with every log record captured (DEBUG for auth's own
 * categories): none of them may appear in any record, nor may a key's hash.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class LogHygieneTest {
  TestSmtpServer smtp;

  private final List<String> logged = new CopyOnWriteArrayList<>();
  private final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord record) {
      var text = new StringBuilder(record.getLoggerName() + " " + record.getLevel() + " ");
      text.append(record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage());
      if (record.getParameters() != null) {
        text.append(' ').append(java.util.Arrays.toString(record.getParameters()));
      }
      if (record.getThrown() != null) {
        var trace = new StringWriter();
        record.getThrown().printStackTrace(new PrintWriter(trace));
        text.append(' ').append(trace);
      }
      logged.add(text.toString());
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
    capture.setLevel(Level.ALL);
    Logger.getLogger("").addHandler(capture);
  }

  @AfterEach
  void stopCapturing() {
    Logger.getLogger("").removeHandler(capture);
  }

  @Test
  void shouldNeverLogAKeyACodeOrAClaimToken() {
    var secrets = new ArrayList<String>();
    var codes = new ArrayList<String>();

    // Anonymous registration, claimed through the page (its path holds the claim token), with a wrong code first.
    var registration = AuthFixtures.registerAnonymously();
    var anonymousKey = registration.getString("credential");
    var token = registration.getString("claim_token");
    secrets.addAll(List.of(anonymousKey, token));
    var email = email("quiet");
    asGateway().when().get("/claim/" + token).then().statusCode(200);
    asGateway().contentType(ContentType.URLENC).formParam("email", email).when().post("/claim/" + token)
        .then().statusCode(200);
    var claimCode = code(smtp, email, 0);
    codes.add(claimCode);
    asGateway().contentType(ContentType.URLENC).formParam("code", claimCode.equals("000000") ? "000001" : "000000")
        .when().post("/claim/" + token).then().statusCode(401);
    var page = asGateway().contentType(ContentType.URLENC).formParam("code", claimCode)
        .when().post("/claim/" + token).then().statusCode(200).extract().asString();
    var liveKey = page.replaceAll("(?s).*<code>(svc_live_[0-9A-Za-z]+)</code>.*", "$1");
    secrets.add(liveKey);

    // Email registration through the JSON endpoints.
    var other = email("quiet-too");
    var emailToken = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", other))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().<String>path("claim_token");
    String emailCode;
    try {
      emailCode = code(smtp, other, 0);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; captured:\n" + String.join("\n", logged), e);
    }
    codes.add(emailCode);
    var emailKey = asGateway().contentType(ContentType.JSON).body(Map.of("claim_token", emailToken, "code", emailCode))
        .when().post("/v1/auth/agent/claim/complete").then().statusCode(200).extract().<String>path("credential");
    secrets.addAll(List.of(emailToken, emailKey));

    // Verify, rotation and recovery.
    var verified = AuthFixtures.verify(liveKey);
    var rotated = given().header("Authorization", "Bearer " + TestTokens.forClientKey(verified.getString("clientId"),
        verified.getString("keyId"), Set.of("api.read", "api.write"), null)).contentType(ContentType.JSON)
        .body(Map.of("graceSeconds", 60)).when().post("/v1/api_keys/rotate").then().statusCode(200)
        .extract().<String>path("credential");
    secrets.add(rotated);
    asGateway().contentType(ContentType.JSON).body(Map.of("email", email)).when().post("/v1/api_keys/recover")
        .then().statusCode(202);
    var recoveryCode = code(smtp, email, 1);
    codes.add(recoveryCode);
    var recovered = asGateway().contentType(ContentType.JSON).body(Map.of("email", email, "code", recoveryCode))
        .when().post("/v1/api_keys/recover").then().statusCode(200).extract().<String>path("credential");
    secrets.add(recovered);
    var minted = given().header("Authorization", "Bearer " + TestTokens.forService("billing-service"))
        .contentType(ContentType.JSON).body(Map.of("operationId", "cs_quiet", "email", email("buyer")))
        .when().post("/internal/clients").then().statusCode(201).extract().<String>path("credential");
    secrets.add(minted);

    // Leaked-key reports: a live key (revoked after the answer, its owner mailed), a malformed one, one in a body that
    // is not JSON.
    asGateway().contentType(ContentType.JSON).body(Map.of("credential", recovered))
        .when().post("/v1/api_keys/revoke_leaked").then().statusCode(200);
    var mangled = minted.substring(0, minted.length() - 1) + (minted.endsWith("a") ? "b" : "a");
    secrets.add(mangled);
    asGateway().contentType(ContentType.JSON).body(Map.of("credential", mangled))
        .when().post("/v1/api_keys/revoke_leaked").then().statusCode(400);
    asGateway().contentType(ContentType.JSON).body("{\"credential\": " + minted + "}")
        .when().post("/v1/api_keys/revoke_leaked").then().statusCode(400);
    var deadline = System.nanoTime() + 10_000_000_000L;
    while (AuthFixtures.verify(recovered).getString("status").equals("active") && System.nanoTime() < deadline) {
      AuthFixtures.sleep(20);
    }
    assertThat(AuthFixtures.verify(recovered).getString("status")).isEqualTo("revoked");

    AuthFixtures.sleep(300);
    // The capture works: auth's own debug line for each mail handed to the server is in it.
    assertThat(logged).anyMatch(line -> line.contains("mail was handed"));
    var hashes = secrets.stream().filter(s -> s.startsWith("svc_")).map(ApiKeys::hash).toList();
    for (var line : logged) {
      assertThat(line).doesNotContain(secrets).doesNotContain(hashes);
      for (var code : codes) {
        assertThat(Pattern.compile("(?<!\\d)" + code + "(?!\\d)").matcher(line).find())
            .as("a code in the log: " + line).isFalse();
      }
    }
  }
}
