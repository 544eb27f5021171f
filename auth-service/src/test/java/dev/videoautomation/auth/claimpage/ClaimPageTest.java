package dev.videoautomation.auth.claimpage;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.code;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.registerAnonymously;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;

/**
 * The HTML claim page a human principal walks through: email, code, the key shown once; in JSON, only where the claim
 * stands.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class ClaimPageTest {
  private static final Pattern SHOWN_KEY = Pattern.compile("<code>(svc_live_[0-9A-Za-z]+)</code>");
  /** Without it a phone lays the page out at desktop width and shrinks it: the code field becomes unreadable. */
  private static final String MOBILE_VIEWPORT = "<meta name=\"viewport\" content=\"width=device-width, "
      + "initial-scale=1\">";
  TestSmtpServer smtp;

  @Test
  void shouldWalkAHumanThroughTheClaimOfAnAnonymousRegistration() {
    var registration = registerAnonymously();
    var token = registration.getString("claim_token");
    asGateway().when().get("/claim/" + token).then().statusCode(200)
        .contentType(startsWith("text/html"))
        .header("Cache-Control", "no-store")
        .header("Content-Security-Policy", containsString("default-src 'none'"))
        .header("X-Frame-Options", "DENY")
        .body(containsString("name=\"email\""), not(containsString("<script")), containsString(MOBILE_VIEWPORT));

    var email = email("human");
    asGateway().contentType(ContentType.URLENC).formParam("email", email)
        .when().post("/claim/" + token).then().statusCode(200).body(containsString("name=\"code\""));
    // Opening the link again now asks for the code.
    asGateway().when().get("/claim/" + token).then().statusCode(200).body(containsString("name=\"code\""));
    asGateway().contentType(ContentType.URLENC).formParam("code", "12345x")
        .when().post("/claim/" + token).then().statusCode(400).body(containsString("6 digits"));

    var page = asGateway().contentType(ContentType.URLENC).formParam("code", code(smtp, email, 0))
        .when().post("/claim/" + token).then().statusCode(200).header("Cache-Control", "no-store")
        .body(containsString("give it to the agent"), containsString(MOBILE_VIEWPORT)).extract().asString();
    var shown = SHOWN_KEY.matcher(page);
    assertThat(shown.find()).as(page).isTrue();
    var key = shown.group(1);
    assertThat(verify(key).getString("status")).isEqualTo("active");
    assertThat(verify(key).getList("scopes")).containsExactly("api.read", "api.write");
    assertThat(verify(key).getString("clientId")).isEqualTo(verify(registration.getString("credential"))
        .getString("clientId"));
    assertThat(verify(registration.getString("credential")).getString("status")).isEqualTo("replaced");

    // Used: the link is gone, and the key is never shown again.
    asGateway().when().get("/claim/" + token).then().statusCode(404).contentType(startsWith("text/html"))
        .body(not(containsString("svc_live_")));
    asGateway().contentType(ContentType.URLENC).formParam("code", code(smtp, email, 0))
        .when().post("/claim/" + token).then().statusCode(404).body(not(containsString("svc_live_")));
  }

  @Test
  void shouldTakeTheCodeOfAnEmailRegistrationOnThePage() {
    var email = email("page-email");
    var token = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().<String>path("claim_token");
    asGateway().when().get("/claim/" + token).then().statusCode(200)
        .body(containsString("name=\"code\""), not(containsString("name=\"email\"")));
    asGateway().contentType(ContentType.URLENC).formParam("email", email)
        .when().post("/claim/" + token).then().statusCode(400).body(containsString("name=\"code\""));
    var page = asGateway().contentType(ContentType.URLENC).formParam("code", code(smtp, email, 0))
        .when().post("/claim/" + token).then().statusCode(200).extract().asString();
    var shown = SHOWN_KEY.matcher(page);
    assertThat(shown.find()).isTrue();
    assertThat(verify(shown.group(1)).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldOfferANewCodeOnceTheAttemptsAreUsedUp() {
    var token = registerAnonymously().getString("claim_token");
    var email = email("page-guesser");
    asGateway().contentType(ContentType.URLENC).formParam("email", email).when().post("/claim/" + token)
        .then().statusCode(200);
    var code = code(smtp, email, 0);
    var wrong = code.equals("000000") ? "000001" : "000000";
    for (int attempt = 1; attempt <= 5; attempt++) {
      asGateway().contentType(ContentType.URLENC).formParam("code", wrong).when().post("/claim/" + token)
          .then().statusCode(401);
    }
    asGateway().contentType(ContentType.URLENC).formParam("code", code).when().post("/claim/" + token)
        .then().statusCode(401).body(containsString("no longer works"), containsString("Send a new code"));
    asGateway().contentType(ContentType.URLENC).formParam("email", email).when().post("/claim/" + token)
        .then().statusCode(200);
    asGateway().contentType(ContentType.URLENC).formParam("code", code(smtp, email, 1)).when().post("/claim/" + token)
        .then().statusCode(200).body(containsString("svc_live_"));
  }

  @Test
  void shouldEscapeWhatItEchoesAndAnswerAnUnknownLinkWithA404Page() {
    asGateway().when().get("/claim/<script>alert(1)<script>").then().statusCode(404)
        .contentType(startsWith("text/html")).body(not(containsString("<script>")));
    asGateway().when().get("/claim/clm_unknown").then().statusCode(404).contentType(startsWith("text/html"))
        .body(containsString("does not work"));
    asGateway().contentType(ContentType.URLENC).formParam("email", "x@y.z").when().post("/claim/clm_unknown")
        .then().statusCode(404).contentType(startsWith("text/html"));

    var token = registerAnonymously().getString("claim_token");
    asGateway().contentType(ContentType.URLENC).formParam("email", "<script>alert(1)</script>")
        .when().post("/claim/" + token).then().statusCode(400).body(not(containsString("<script>")));
    // An email registration's refusal carries the server's message; it is escaped too.
    asGateway().contentType(ContentType.URLENC).formParam("code", "<b>12</b>")
        .when().post("/claim/" + token).then().statusCode(400).body(not(containsString("<b>12</b>")));
  }

  @Test
  void shouldNotServeThePageToACallerWithoutTheInternalToken() {
    io.restassured.RestAssured.given().when().get("/claim/clm_x").then().statusCode(401)
        .body("error", equalTo("unauthorized"));
  }

  private static ValidatableResponse statusInJson(String token) {
    return asGateway().accept(ContentType.JSON).when().get("/claim/" + token).then()
        .contentType(startsWith("application/json"));
  }

  @Test
  void shouldAnswerAClientAskingForJsonWhereTheClaimStands() throws Exception {
    var registration = registerAnonymously();
    var token = registration.getString("claim_token");
    var email = email("json-claim");
    statusInJson(token).statusCode(200).header("Cache-Control", "no-store").header("Vary", containsString("Accept"))
        .body("status", equalTo("email_needed")).body("size()", equalTo(1));
    // A browser, a bare client and */* still get the page.
    asGateway().accept("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8").when()
        .get("/claim/" + token).then().statusCode(200).contentType(startsWith("text/html"));
    asGateway().accept("*/*").when().get("/claim/" + token).then().statusCode(200)
        .contentType(startsWith("text/html"));

    asGateway().contentType(ContentType.URLENC).formParam("email", email).when().post("/claim/" + token).then()
        .statusCode(200);
    statusInJson(token).statusCode(200).body("status", equalTo("code_sent"))
        .body(not(containsString(email)), not(containsString(code(smtp, email, 0))));
    asGateway().contentType(ContentType.URLENC).formParam("code", code(smtp, email, 0))
        .when().post("/claim/" + token).then().statusCode(200);
    statusInJson(token).statusCode(200).body("status", equalTo("claimed")).body(not(containsString("svc_")));

    var lapsed = registerAnonymously().getString("claim_token");
    try (var db = AuthFixtures.database(); var update = db.prepareStatement(
        "UPDATE auth.registrations SET claim_expires_at = now() - interval '1 minute' WHERE claim_token_hash = ?")) {
      update.setString(1, ApiKeys.hash(lapsed));
      assertThat(update.executeUpdate()).isEqualTo(1);
    }
    statusInJson(lapsed).statusCode(200).body("status", equalTo("expired"));

    statusInJson("clm_unknown").statusCode(404).body("error", equalTo("not_found"));
    asGateway().accept(ContentType.JSON).when().get("/claim/<script>").then().statusCode(404)
        .contentType(startsWith("application/json")).body("error", equalTo("not_found"));
  }

  @Test
  void shouldAnswerAnEmailRegistrationInJsonAsWaitingForItsCode() {
    var token = asGateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email("json")))
        .when().post("/v1/auth/agent").then().statusCode(201).extract().<String>path("claim_token");
    statusInJson(token).statusCode(200).body("status", equalTo("code_sent"));
  }

  @Test
  void shouldRefuseAFormStepAskedForInJsonNamingTheJsonEndpoints() {
    var token = registerAnonymously().getString("claim_token");
    var email = email("json-post");
    asGateway().accept(ContentType.JSON).contentType(ContentType.URLENC).formParam("email", email)
        .when().post("/claim/" + token).then().statusCode(406).contentType(startsWith("application/json"))
        .body("error", equalTo("not_acceptable"))
        .body("message", allOf(containsString("POST /v1/auth/agent/claim "),
            containsString("POST /v1/auth/agent/claim/complete")));
    // Refused before the step: no code was mailed.
    statusInJson(token).statusCode(200).body("status", equalTo("email_needed"));
    asGateway().accept(ContentType.JSON).contentType(ContentType.URLENC).formParam("code", "123456")
        .when().post("/claim/" + token).then().statusCode(406).body("error", equalTo("not_acceptable"));
  }
}
