package dev.videoautomation.gateway.idempotency;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * What an answer settles is settled before the caller sees the answer: the {@code Idempotency-Key} record stored or
 * the key freed, a worthless answer's unit given back. Each test slows the settling statements down in Postgres (a
 * statement trigger that sleeps before the gateway's UPDATE or DELETE, while the INSERT that claims a key or takes a
 * unit runs at once), then sends the next request the moment the answer arrives, with no waiting or retrying.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class SettledBeforeAnswerTest {
  private static final String SLOW_WRITE = """
      CREATE OR REPLACE FUNCTION test_slow_settling() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_query() ~* '^\\s*(UPDATE|DELETE)' THEN
          PERFORM pg_sleep(1.5);
        END IF;
        RETURN NULL;
      END $$""";

  @InjectWireMock
  WireMockServer owner;

  @Inject
  DataSource database;

  OwnerStubs.Holder holder;

  @BeforeEach
  void reset() throws SQLException {
    owner.resetAll();
    holder = new OwnerStubs(owner).subscribed(Map.of(LimitBucket.WATCH, 3));
    answer(200, "{\"summary\":\"first\"}");
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      statement.execute(SLOW_WRITE);
      for (var table : new String[] {"idempotency_keys", "daily_usage"}) {
        statement.execute("CREATE TRIGGER test_slow_settling BEFORE UPDATE OR DELETE ON " + table
            + " FOR EACH STATEMENT EXECUTE FUNCTION test_slow_settling()");
      }
    }
  }

  @AfterEach
  void speedUp() throws SQLException {
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      statement.execute("DROP TRIGGER IF EXISTS test_slow_settling ON idempotency_keys");
      statement.execute("DROP TRIGGER IF EXISTS test_slow_settling ON daily_usage");
    }
  }

  @Test
  void shouldReplayARetrySentTheMomentTheFirstAnswerArrives() {
    var key = UUID.randomUUID().toString();

    watch(key).then().statusCode(200).header("Idempotent-Replayed", nullValue()).body("summary", equalTo("first"));
    watch(key).then().statusCode(200).header("Idempotent-Replayed", "true").body("summary", equalTo("first"));

    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldShowAStreamedFailuresUnitGivenBackTheMomentItIsAnswered() {
    answer(500, "{\"error\":\"internal_error\",\"message\":\"x\"}");

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(500);
    remainingWatchUnits(3);
  }

  @Test
  void shouldLetARetryRunAndShowTheUnitTheMomentABufferedFailureIsAnswered() {
    answer(503, "{\"error\":\"service_unavailable\",\"message\":\"x\"}");
    var key = UUID.randomUUID().toString();

    watch(key).then().statusCode(503);
    remainingWatchUnits(3);
    answer(200, "{\"summary\":\"second try\"}");
    watch(key).then().statusCode(200).header("Idempotent-Replayed", nullValue())
        .body("summary", equalTo("second try"));
  }

  @Test
  void shouldFreeTheKeyOfARefusedUnitBeforeThe429() {
    for (int i = 0; i < 3; i++) {
      given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
          .then().statusCode(200);
    }
    var key = UUID.randomUUID().toString();

    watch(key).then().statusCode(429).body("error", equalTo("rate_limited"));
    watch(key).then().statusCode(429).body("error", equalTo("rate_limited"));
  }

  private Response watch(String key) {
    return given().auth().oauth2(holder.key()).header("Idempotency-Key", key).contentType("application/json")
        .body("{\"url\":\"a\"}").when().post("/v1/watch");
  }

  private void answer(int status, String body) {
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(status)
        .withHeader("Content-Type", "application/json").withBody(body)));
  }

  private void remainingWatchUnits(int expected) {
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().statusCode(200)
        .body("usage.watch.remaining", equalTo(expected));
  }
}
