package dev.videoautomation.billing.subscriptions;

import static dev.videoautomation.billing.BillingCalls.asClient;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.end;
import static dev.videoautomation.billing.BillingCalls.entitlement;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.PostgresResource;

/** {@code GET /internal/entitlements/{clientId}} (docs/internal-api.md §3.3) before and after operators act. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class EntitlementsResourceTest {

  @Test
  void shouldAnswerNoneForAClientBillingHasNeverSeen() {
    var clientId = newClientId();
    entitlement(clientId).statusCode(200)
        .body("clientId", equalTo(clientId))
        .body("active", equalTo(false))
        .body("status", equalTo("none"))
        .body("plan", nullValue())
        .body("limits", aMapWithSize(0))
        .body("periodEnd", nullValue())
        .body("validUntil", nullValue());
  }

  @Test
  void shouldOpenEveryBucketOfThePlanAfterAGrant() {
    var clientId = newClientId();
    var before = Instant.now();
    grant(clientId);

    var answer = entitlement(clientId).statusCode(200)
        .body("clientId", equalTo(clientId))
        .body("active", equalTo(true))
        .body("plan", equalTo("pro"))
        .body("status", equalTo("active"))
        .extract().jsonPath();
    var limits = new LinkedHashMap<String, Integer>(answer.getMap("limits", String.class, Integer.class));
    assertThat(limits.keySet()).containsExactlyInAnyOrder(Arrays.stream(LimitBucket.values()).map(LimitBucket::bucketName)
        .toArray(String[]::new));
    for (var bucket : LimitBucket.values()) {
      assertThat(limits.get(bucket.bucketName())).as(bucket.bucketName()).isEqualTo(bucket.defaultDailyLimit());
    }
    var monthAhead = before.atZone(ZoneOffset.UTC).plusMonths(1).toInstant();
    assertThat(answer.getLong("periodEnd")).isBetween(monthAhead.toEpochMilli(),
        monthAhead.plus(Duration.ofMinutes(1)).toEpochMilli());
    assertThat(answer.getLong("validUntil")).isEqualTo(answer.getLong("periodEnd"));
  }

  @Test
  void shouldCloseEverythingWhenASubscriptionEndsNow() {
    var clientId = newClientId();
    grant(clientId);
    end(clientId, "now").statusCode(200).body("status", equalTo("expired")).body("active", equalTo(false));

    entitlement(clientId).statusCode(200)
        .body("active", equalTo(false))
        .body("status", equalTo("expired"))
        .body("plan", equalTo("pro"))
        .body("limits", aMapWithSize(0))
        .body("validUntil", nullValue());
  }

  @Test
  void shouldKeepACanceledSubscriptionOpenUntilItsPeriodEnds() {
    var clientId = newClientId();
    long periodEnd = grant(clientId).extract().path("periodEnd");
    end(clientId, "period_end").statusCode(200).body("status", equalTo("canceled")).body("active", equalTo(true));

    entitlement(clientId).statusCode(200)
        .body("active", equalTo(true))
        .body("status", equalTo("canceled"))
        .body("limits", aMapWithSize(LimitBucket.values().length))
        .body("periodEnd", equalTo(periodEnd))
        .body("validUntil", equalTo(periodEnd));
  }

  @Test
  void shouldLetAClientSubjectReadOnlyItsOwnEntitlement() {
    var clientId = newClientId();
    grant(clientId);
    asClient(clientId).when().get("/internal/entitlements/" + clientId)
        .then().statusCode(200).body("active", equalTo(true));
    asClient(newClientId()).when().get("/internal/entitlements/" + clientId)
        .then().statusCode(403).body("error", equalTo("insufficient_scope"));
    asService("records-service").when().get("/internal/entitlements/" + clientId)
        .then().statusCode(200).body("clientId", equalTo(clientId));
  }

  @Test
  void shouldNameAMalformedClientId() {
    asService("gateway-service").when().get("/internal/entitlements/key_abc")
        .then().statusCode(400).body("error", equalTo("invalid_request")).body("field", equalTo("clientId"));
    asService("gateway-service").when().get("/internal/entitlements/cli_not-base62!")
        .then().statusCode(400).body("field", equalTo("clientId"));
  }
}
