package dev.videoautomation.billing.subscriptions;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The rules of docs/internal-api.md §3.3, at fixed moments. */
class EntitlementRulesTest {
  static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");
  static final Instant LATER = NOW.plus(Duration.ofDays(10));
  static final Instant EARLIER = NOW.minus(Duration.ofDays(1));
  static final Map<String, Integer> LIMITS = Map.of("watch", 50, "scrape", 500, "compliance.video", 20);

  private static Subscription subscription(String status, Instant periodEnd, Instant graceEnd) {
    var subscription = new Subscription();
    subscription.clientId = "cli_a";
    subscription.plan = "pro";
    subscription.status = status;
    subscription.periodEnd = periodEnd;
    subscription.graceEnd = graceEnd;
    return subscription;
  }

  private static Entitlement at(Subscription subscription) {
    return Entitlements.compute("cli_a", subscription, LIMITS, NOW);
  }

  @Test
  void shouldAnswerNoneWithoutLimitsForAClientWithoutSubscription() {
    assertThat(Entitlements.compute("cli_a", null, LIMITS, NOW))
        .isEqualTo(new Entitlement("cli_a", false, null, "none", Map.of(), null, null));
  }

  @Test
  void shouldOpenEveryBucketOfAnActiveSubscriptionUntilItsPeriodEnds() {
    var entitlement = at(subscription("active", LATER, null));
    assertThat(entitlement.active()).isTrue();
    assertThat(entitlement.status()).isEqualTo("active");
    assertThat(entitlement.limits()).isEqualTo(LIMITS);
    assertThat(entitlement.limits().keySet()).containsExactly("watch", "compliance.video", "scrape");
    assertThat(entitlement.periodEnd()).isEqualTo(LATER.toEpochMilli());
    assertThat(entitlement.validUntil()).isEqualTo(LATER.toEpochMilli());
  }

  @Test
  void shouldReportAnActiveSubscriptionPastItsPeriodAsExpired() {
    var entitlement = at(subscription("active", EARLIER, null));
    assertThat(entitlement.active()).isFalse();
    assertThat(entitlement.status()).isEqualTo("expired");
    assertThat(entitlement.limits()).isEmpty();
    assertThat(entitlement.validUntil()).isNull();
  }

  @Test
  void shouldKeepAPastDueSubscriptionWorkingOnlyWithinItsGrace() {
    var inGrace = at(subscription("past_due", EARLIER, LATER));
    assertThat(inGrace.active()).isTrue();
    assertThat(inGrace.status()).isEqualTo("past_due");
    assertThat(inGrace.limits()).isEqualTo(LIMITS);
    assertThat(inGrace.validUntil()).isEqualTo(LATER.toEpochMilli());

    var afterGrace = at(subscription("past_due", EARLIER.minus(Duration.ofDays(5)), EARLIER));
    assertThat(afterGrace.active()).isFalse();
    assertThat(afterGrace.status()).isEqualTo("past_due");
    assertThat(afterGrace.limits()).isEmpty();
    assertThat(afterGrace.validUntil()).isNull();

    assertThat(at(subscription("past_due", EARLIER, null)).active()).isFalse();
  }

  @Test
  void shouldKeepACanceledSubscriptionWorkingUntilItsPeriodEnds() {
    var before = at(subscription("canceled", LATER, null));
    assertThat(before.active()).isTrue();
    assertThat(before.status()).isEqualTo("canceled");
    assertThat(before.limits()).isEqualTo(LIMITS);
    assertThat(before.validUntil()).isEqualTo(LATER.toEpochMilli());

    var after = at(subscription("canceled", EARLIER, null));
    assertThat(after.active()).isFalse();
    assertThat(after.status()).isEqualTo("expired");
    assertThat(after.limits()).isEmpty();
  }

  @Test
  void shouldNeverOpenAnExpiredSubscription() {
    var entitlement = at(subscription("expired", LATER, null));
    assertThat(entitlement.active()).isFalse();
    assertThat(entitlement.status()).isEqualTo("expired");
    assertThat(entitlement.limits()).isEmpty();
    assertThat(entitlement.plan()).isEqualTo("pro");
    assertThat(entitlement.periodEnd()).isEqualTo(LATER.toEpochMilli());
  }

  @Test
  void shouldWriteTheDocumentedEventPayload() {
    assertThat(EntitlementEvents.payload("cli_a", 1763700000000L))
        .isEqualTo("{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":\"cli_a\",\"at\":1763700000000}");
    assertThat(EntitlementEvents.payload(null, 1L))
        .isEqualTo("{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":null,\"at\":1}");
  }
}
