package dev.videoautomation.billing.subscriptions;

import static dev.videoautomation.billing.BillingCalls.entitlement;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.billing.BillingCalls;
import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.testing.PostgresResource;

/** A subscription whose period ran out is expired by the job, and the gateways hear of it. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class ExpiryTest {
  @Inject
  Expiry expiry;

  @Test
  void shouldExpireASubscriptionWhosePeriodEndedAndAnnounceIt() throws Exception {
    var ended = newClientId();
    var running = newClientId();
    grant(ended);
    grant(running);
    try (var connection = BillingCalls.connect()) {
      connection.createStatement().execute("UPDATE billing.subscriptions SET period_end = now() - interval '1 second'"
          + " WHERE client_id = '" + ended + "'");
      connection.createStatement().execute("LISTEN entitlement_events");

      assertThat(expiry.expireDue()).isGreaterThanOrEqualTo(1);

      var notifications = connection.unwrap(PGConnection.class).getNotifications(2_000);
      assertThat(notifications).isNotNull();
      assertThat(java.util.Arrays.stream(notifications).map(n -> n.getParameter()))
          .anyMatch(p -> p.contains(ended)).noneMatch(p -> p.contains(running));
    }
    entitlement(ended).body("status", equalTo("expired")).body("active", equalTo(false));
    entitlement(running).body("status", equalTo("active"));
  }
}
