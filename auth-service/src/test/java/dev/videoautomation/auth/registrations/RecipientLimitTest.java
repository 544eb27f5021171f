package dev.videoautomation.auth.registrations;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.email;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;

/**
 * Code mails per recipient address (default 5 an hour), counted across registration, claim and recovery, whatever
 * the source address, and for recovery whether or not the address is registered.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class RecipientLimitTest {
  private static final int LIMIT = 5;
  TestSmtpServer smtp;

  private static ValidatableResponse registerByEmail(String email) {
    return asGateway().contentType(ContentType.JSON).body(Map.of("type", "identity_assertion",
        "assertion_type", "verified_email", "assertion", email)).when().post("/v1/auth/agent").then();
  }

  private static ValidatableResponse askForRecoveryCode(String email) {
    return asGateway().contentType(ContentType.JSON).body(Map.of("email", email)).when()
        .post("/v1/api_keys/recover").then();
  }

  @Test
  void shouldMailOneAddressFiveCodesAnHourFromEveryWhere() {
    var target = email("target");
    for (int i = 0; i < LIMIT; i++) {
      registerByEmail(target).statusCode(201); // asGateway: a new source address each time
    }
    var secondsToTheHour = Instant.now().until(Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS),
        ChronoUnit.SECONDS);
    registerByEmail(target).statusCode(429)
        .contentType(startsWith("application/problem+json"))
        .header("Retry-After", matchesPattern("\\d+"))
        .body("type", equalTo("/docs/errors#rate_limited"))
        .body("error", equalTo("rate_limited"))
        .body("limit", equalTo(LIMIT))
        .body("retryAfter", allOf(greaterThan(0), lessThanOrEqualTo((int) secondsToTheHour + 1)));
    // Another address has its own count; the refused one mailed nothing more.
    registerByEmail(email("other")).statusCode(201);
    AuthFixtures.code(smtp, target, LIMIT - 1);
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, target)).isEqualTo(LIMIT);
  }

  @Test
  void shouldCountOneMailboxOnceHoweverItsAddressIsSpelled() {
    var local = "mailbox-" + UUID.randomUUID();
    var spellings = List.of(local + "@test.example", local.toUpperCase(Locale.ROOT)
        + "@Test.Example", local + "@test.example.", local + "+one@test.example", local + "+two@test.example.");
    for (var spelling : spellings) {
      registerByEmail(spelling).statusCode(201);
    }
    registerByEmail(local + "+three@test.example").statusCode(429).body("error", equalTo("rate_limited"))
        .body("limit", equalTo(LIMIT));
    askForRecoveryCode(local + "@TEST.EXAMPLE.").statusCode(429);
    // Counted as one, mailed as written (in lower case, as every address is kept).
    for (var written : List.of(local + "+one@test.example", local + "+two@test.example.", local + "@test.example.")) {
      AuthFixtures.code(smtp, written, 0);
    }
    AuthFixtures.sleep(300);
    assertThat(mails(smtp, local + "+one@test.example")).isEqualTo(1);
    assertThat(mails(smtp, local + "@test.example.")).isEqualTo(1);
    assertThat(mails(smtp, local + "@test.example")).isEqualTo(2);
    // Another mailbox of the same domain is not affected.
    registerByEmail(local + "x@test.example").statusCode(201);
  }

  @Test
  void shouldCountClaimsAndRecoveryRequestsTogether() {
    var target = email("mixed");
    registerByEmail(target).statusCode(201);
    registerByEmail(target).statusCode(201);
    var registration = AuthFixtures.registerAnonymously();
    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", target))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    askForRecoveryCode(target).statusCode(202);
    askForRecoveryCode(target).statusCode(202);

    asGateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", target))
        .when().post("/v1/auth/agent/claim").then().statusCode(429)
        .contentType(startsWith("application/problem+json")).body("error", equalTo("rate_limited"));
    askForRecoveryCode(target).statusCode(429).contentType(startsWith("application/json"))
        .header("Retry-After", matchesPattern("\\d+")).body("error", equalTo("rate_limited"))
        .body("limit", equalTo(LIMIT)).body("retryAfter", greaterThan(0));
  }

  @Test
  void shouldLimitRecoveryOfAnUnknownAddressExactlyAsAKnownOne() {
    var known = AuthFixtures.claimed(smtp).email(); // one code mail so far
    var unknown = email("unknown");
    askForRecoveryCode(unknown).statusCode(202); // the same count as the known address's claim mail
    for (int i = 1; i < LIMIT; i++) {
      askForRecoveryCode(known).statusCode(202);
      askForRecoveryCode(unknown).statusCode(202);
    }
    var knownRefusal = askForRecoveryCode(known).statusCode(429).extract();
    var unknownRefusal = askForRecoveryCode(unknown).statusCode(429).extract();
    assertThat(unknownRefusal.<String>path("message").replaceAll("\\d+", "#"))
        .isEqualTo(knownRefusal.<String>path("message").replaceAll("\\d+", "#"));
    assertThat(unknownRefusal.<Integer>path("limit")).isEqualTo(knownRefusal.<Integer>path("limit"));
  }

  @Test
  void shouldKeepNoRecipientAddressInThePlain() throws Exception {
    var target = email("hashed");
    registerByEmail(target).statusCode(201);
    try (var db = AuthFixtures.database(); var query = db.prepareStatement(
        "SELECT count(*) FROM auth.address_windows WHERE address ILIKE ?")) {
      query.setString(1, "%" + target.substring(0, target.indexOf('@')) + "%");
      var rows = query.executeQuery();
      rows.next();
      assertThat(rows.getInt(1)).isZero();
    }
  }
}
