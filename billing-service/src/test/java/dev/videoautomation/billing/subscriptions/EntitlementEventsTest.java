package dev.videoautomation.billing.subscriptions;

import static dev.videoautomation.billing.BillingCalls.connect;
import static dev.videoautomation.billing.BillingCalls.end;
import static dev.videoautomation.billing.BillingCalls.entitlement;
import static dev.videoautomation.billing.BillingCalls.grant;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static dev.videoautomation.billing.BillingCalls.operationId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.equalTo;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.billing.admin.AdminDtos.GrantRequest;
import dev.videoautomation.billing.admin.SubscriptionAdmin;
import dev.videoautomation.platform.testing.PostgresResource;

/**
 * {@code entitlement_events} (docs/internal-api.md §2), as the gateway receives them: on a plain JDBC connection that
 * LISTENs outside the application, delivered on commit of the change and never before, nor after a rollback.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class EntitlementEventsTest {
  static final int QUIET_MILLIS = 300;
  static final int WAIT_MILLIS = 3_000;

  @Inject
  SubscriptionAdmin admin;
  @Inject
  ObjectMapper json;

  private static Connection listen() throws SQLException {
    var connection = connect();
    connection.createStatement().execute("LISTEN entitlement_events");
    return connection;
  }

  private static List<PGNotification> poll(Connection listener, int millis) throws SQLException {
    var notifications = listener.unwrap(PGConnection.class).getNotifications(millis);
    return notifications == null ? List.of() : Arrays.asList(notifications);
  }

  private void assertChanged(PGNotification notification, String clientId, long notBefore) throws Exception {
    assertThat(notification.getName()).isEqualTo("entitlement_events");
    assertThat(notification.getParameter()).hasSizeLessThanOrEqualTo(1024);
    var event = json.readTree(notification.getParameter());
    assertThat(event.get("v").asInt()).isEqualTo(1);
    assertThat(event.get("event").asText()).isEqualTo("entitlement.changed");
    if (clientId == null) {
      assertThat(event.get("clientId").isNull()).isTrue();
    } else {
      assertThat(event.get("clientId").asText()).isEqualTo(clientId);
    }
    assertThat(event.get("at").isIntegralNumber()).isTrue();
    assertThat(event.get("at").asLong()).isBetween(notBefore, System.currentTimeMillis());
    assertThat(event.size()).isEqualTo(4);
  }

  @Test
  void shouldAnnounceAGrantWithTheDocumentedPayload() throws Exception {
    try (var listener = listen()) {
      var clientId = newClientId();
      var before = System.currentTimeMillis();
      grant(clientId);

      var notifications = poll(listener, WAIT_MILLIS);
      assertThat(notifications).hasSize(1);
      assertThat(notifications.getFirst().getParameter())
          .startsWith("{\"v\":1,\"event\":\"entitlement.changed\",\"clientId\":\"" + clientId + "\",\"at\":");
      assertChanged(notifications.getFirst(), clientId, before);
    }
  }

  @Test
  void shouldAnnounceEveryEnd() throws Exception {
    var clientId = newClientId();
    grant(clientId);
    try (var listener = listen()) {
      var before = System.currentTimeMillis();
      end(clientId, "period_end").statusCode(200);
      end(clientId, "now").statusCode(200);

      var notifications = new java.util.ArrayList<PGNotification>(poll(listener, WAIT_MILLIS));
      if (notifications.size() < 2) {
        notifications.addAll(poll(listener, WAIT_MILLIS));
      }
      assertThat(notifications).hasSize(2);
      for (var notification : notifications) {
        assertChanged(notification, clientId, before);
      }
    }
  }

  @Test
  void shouldDeliverTheEventOnlyWhenTheChangeCommits() throws Exception {
    try (var listener = listen()) {
      var clientId = newClientId();
      var before = System.currentTimeMillis();
      QuarkusTransaction.requiringNew().run(() -> {
        admin.grant(new GrantRequest(clientId, operationId(), "pro", null, null), "service:test");
        try {
          assertThat(poll(listener, QUIET_MILLIS)).as("nothing before commit").isEmpty();
        } catch (SQLException e) {
          throw new IllegalStateException(e);
        }
      });

      var notifications = poll(listener, WAIT_MILLIS);
      assertThat(notifications).hasSize(1);
      assertChanged(notifications.getFirst(), clientId, before);
    }
  }

  @Test
  void shouldDeliverNothingWhenTheChangeRollsBack() throws Exception {
    try (var listener = listen()) {
      var clientId = newClientId();
      assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
        admin.grant(new GrantRequest(clientId, operationId(), "pro", null, null), "service:test");
        throw new IllegalStateException("roll back");
      })).hasStackTraceContaining("roll back");

      assertThat(poll(listener, QUIET_MILLIS * 2)).isEmpty();
      entitlement(clientId).body("status", equalTo("none"));
    }
  }

  @Test
  void shouldAnnounceAPlanChangeToEveryClientOnCommit() throws Exception {
    try (var listener = listen(); var operator = connect()) {
      operator.setAutoCommit(false);
      var before = System.currentTimeMillis();
      operator.createStatement().executeUpdate("UPDATE billing.plans SET updated_at = updated_at WHERE plan = 'pro'");
      assertThat(poll(listener, QUIET_MILLIS)).as("nothing before commit").isEmpty();
      operator.commit();

      var notifications = poll(listener, WAIT_MILLIS);
      assertThat(notifications).hasSize(1);
      assertChanged(notifications.getFirst(), null, before);
    }
  }
}
