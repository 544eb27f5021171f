package dev.videoautomation.records.webhooks;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

import dev.videoautomation.platform.events.Outbox;
import dev.videoautomation.platform.events.OutboxRelay;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/**
 * Webhooks end to end inside records: endpoints through the public API, events through {@code POST /internal/events}
 * (or records' own relay), deliveries through the worker to WireMock receivers on loopback, verified with the
 * Standard Webhooks library a receiver would use.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
@TestProfile(WithWebhookKey.class)
class WebhooksTest {
  private static final Duration IDLE = Duration.ofSeconds(30);

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  DeliveryWorker worker;

  @Inject
  DataSource dataSource;

  @Inject
  OutboxRelay.Sink sink;

  @Inject
  ObjectMapper json;

  String client;
  String path;

  @BeforeEach
  void setUp() {
    client = Simulated.newClient();
    path = "/hooks/" + Ids.newId(IdPrefix.REQ);
    answer(204, "");
  }

  @Test
  void shouldSignEveryDeliverySoTheStandardLibraryVerifiesIt() throws Exception {
    var created = create(List.of("job.succeeded"));
    assertThat(created.getString("id")).startsWith("whk_");
    assertThat(created.getString("status")).isEqualTo("enabled");
    assertThat(created.getString("disabledReason")).isNull();
    var secret = created.getString("secret");
    assertThat(secret).startsWith("whsec_").isEqualTo(WithWebhookKey.SECRETS.endpointSecret(created.getString("id"),
        1));
    as(client).when().get("/v1/webhooks/" + created.getString("id")).then().statusCode(200)
        .body("secret", nullValue()).body("events", equalTo(List.of("job.succeeded")));

    var event = newEventId();
    relay(event(event, "job.succeeded", "vid_abc1", 3, null, Instant.now()));
    deliverAll();

    var received = received();
    assertThat(received).hasSize(1);
    var request = received.getFirst();
    assertThat(request.getHeader("webhook-id")).isEqualTo(event);
    new Webhook(secret).verify(request.getBodyAsString(), headers(request));
    var body = new JsonPath(request.getBodyAsString());
    assertThat(body.getString("type")).isEqualTo("job.succeeded");
    assertThat(body.getString("data.id")).isEqualTo("vid_abc1");
    assertThat(Instant.parse(body.getString("timestamp"))).isNotNull();
    assertThat(request.getHeader("Content-Type")).startsWith("application/json");
    as(client).when().get("/v1/webhooks/" + created.getString("id") + "/deliveries").then().statusCode(200)
        .body("data", hasSize(1)).body("data[0].id", startsWith("dlv_")).body("data[0].eventId", equalTo(event))
        .body("data[0].eventType", equalTo("job.succeeded")).body("data[0].status", equalTo("delivered"))
        .body("data[0].attempts", equalTo(1)).body("data[0].lastStatusCode", equalTo(204))
        .body("data[0].nextAttemptAt", nullValue()).body("nextCursor", nullValue());
  }

  @Test
  void shouldSendOnlyTheTypesAnEndpointSubscribedTo() {
    create(List.of("job.failed"));
    relay(event(newEventId(), "job.succeeded", "vid_abc2", 3, null, Instant.now()));
    deliverAll();
    assertThat(received()).isEmpty();
  }

  @Test
  void shouldRetryAFailingReceiverWithTheSameIdThenRedeliverItFromTheLog() throws Exception {
    var created = create(List.of("job.failed"));
    var id = created.getString("id");
    answer(500, "{\"oops\": true}");
    var event = newEventId();
    relay(event(event, "job.failed", "img_abc3", 2, null, Instant.now()));

    deliverAll();
    var log = deliveries(id);
    assertThat(log.getString("data[0].status")).isEqualTo("pending");
    assertThat(log.getInt("data[0].attempts")).isEqualTo(1);
    assertThat(log.getInt("data[0].lastStatusCode")).isEqualTo(500);
    assertThat(log.getString("data[0].lastResponse")).isEqualTo("{\"oops\": true}");
    // Backed off: the first pause is 5 s, drawn between half and all of it.
    assertThat(log.getLong("data[0].nextAttemptAt")).isGreaterThan(Instant.now().plusMillis(2000).toEpochMilli());
    assertThat(worker.runOnce()).as("nothing is due before the backoff ends").isZero();

    sql("UPDATE records.webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = '" + id + "'");
    deliverAll();
    // The retry window ends: the next failure is the last, and the endpoint is disabled as failing.
    sql("UPDATE records.webhook_deliveries SET next_attempt_at = now(), give_up_at = now() - interval '1 second' "
        + "WHERE endpoint_id = '" + id + "'");
    deliverAll();
    var received = received();
    assertThat(received).hasSize(3).allSatisfy(request -> assertThat(request.getHeader("webhook-id"))
        .isEqualTo(event));
    log = deliveries(id);
    assertThat(log.getString("data[0].status")).isEqualTo("failed");
    assertThat(log.getInt("data[0].attempts")).isEqualTo(3);
    as(client).when().get("/v1/webhooks/" + id).then().statusCode(200).body("status", equalTo("disabled"))
        .body("disabledReason", equalTo("failing"));
    var failed = log.getString("data[0].id");
    as(client).when().post("/v1/webhooks/deliveries/" + failed + "/redeliver").then().statusCode(409)
        .body("error", equalTo("conflict"));

    as(client).when().post("/v1/webhooks/" + id + "/enable").then().statusCode(200)
        .body("status", equalTo("enabled")).body("disabledReason", nullValue());
    answer(200, "thanks");
    var again = as(client).when().post("/v1/webhooks/deliveries/" + failed + "/redeliver").then().statusCode(202)
        .body("status", equalTo("pending")).body("eventId", equalTo(event)).extract().jsonPath();
    assertThat(again.getString("id")).startsWith("dlv_").isNotEqualTo(failed);
    deliverAll();
    received = received();
    assertThat(received).hasSize(4);
    assertThat(received.getLast().getHeader("webhook-id")).isEqualTo(event);
    new Webhook(created.getString("secret")).verify(received.getLast().getBodyAsString(),
        headers(received.getLast()));
    assertThat(received.getLast().getBodyAsString()).isEqualTo(received.getFirst().getBodyAsString());
    log = deliveries(id);
    assertThat(log.getList("data")).hasSize(2);
    assertThat(log.getString("data[0].status")).isEqualTo("delivered");
    assertThat(log.getString("data[0].lastResponse")).isEqualTo("thanks");
  }

  @Test
  void shouldDisableAnEndpointThatAnswers410AndEnableRestoresIt() {
    var id = create(List.of("job.succeeded", "job.canceled")).getString("id");
    answer(410, "");
    relay(event(newEventId(), "job.succeeded", "vid_abc4", 2, null, Instant.now()));
    deliverAll();
    as(client).when().get("/v1/webhooks/" + id).then().statusCode(200).body("status", equalTo("disabled"))
        .body("disabledReason", equalTo("gone"));
    assertThat(deliveries(id).getString("data[0].status")).isEqualTo("failed");

    relay(event(newEventId(), "job.canceled", "vid_abc5", 2, null, Instant.now()));
    deliverAll();
    assertThat(received()).as("a disabled endpoint gets nothing").hasSize(1);

    as(client).when().post("/v1/webhooks/" + id + "/enable").then().statusCode(200)
        .body("status", equalTo("enabled"));
    answer(200, "");
    relay(event(newEventId(), "job.canceled", "vid_abc6", 2, null, Instant.now()));
    deliverAll();
    assertThat(received()).hasSize(2);
    assertThat(deliveries(id).getString("data[0].status")).isEqualTo("delivered");
  }

  @Test
  void shouldSignWithBothSecretsDuringARotationsOverlapAndOnlyTheNewAfterIt() throws Exception {
    var created = create(List.of("job.succeeded"));
    var id = created.getString("id");
    var old = created.getString("secret");
    var rotated = as(client).when().post("/v1/webhooks/" + id + "/rotate_secret").then().statusCode(200)
        .extract().jsonPath();
    var current = rotated.getString("secret");
    assertThat(current).startsWith("whsec_").isNotEqualTo(old).isEqualTo(WithWebhookKey.SECRETS.endpointSecret(id,
        2));

    relay(event(newEventId(), "job.succeeded", "vid_abc7", 2, null, Instant.now()));
    deliverAll();
    var during = received().getLast();
    assertThat(during.getHeader("webhook-signature").split(" ")).hasSize(2);
    new Webhook(old).verify(during.getBodyAsString(), headers(during));
    new Webhook(current).verify(during.getBodyAsString(), headers(during));

    // The overlap ends (24 h on the clock): the stored end is moved into the past.
    sql("UPDATE records.webhook_endpoints SET previous_signs_until = now() - interval '1 second' WHERE id = '" + id
        + "'");
    relay(event(newEventId(), "job.succeeded", "vid_abc8", 2, null, Instant.now()));
    deliverAll();
    var after = received().getLast();
    assertThat(after.getHeader("webhook-signature").split(" ")).hasSize(1);
    new Webhook(current).verify(after.getBodyAsString(), headers(after));
    assertThatThrownBy(() -> new Webhook(old).verify(after.getBodyAsString(), headers(after)))
        .isInstanceOf(WebhookVerificationException.class);
  }

  @Test
  void shouldTakeAnEventOnceHoweverOftenItIsHandedOver() {
    var id = create(List.of("job.succeeded")).getString("id");
    var event = event(newEventId(), "job.succeeded", "vid_abc9", 5, null, Instant.now());
    relay(event, event);
    relay(event);
    deliverAll();
    assertThat(received()).hasSize(1);
    assertThat(deliveries(id).getList("data")).hasSize(1);
  }

  @Test
  void shouldSendAtMostOneProgressEventPerJobEveryFiveSeconds() {
    var progress = create(List.of("job.progress", "job.succeeded")).getString("id");
    var start = Instant.now().minusSeconds(30);
    var first = newEventId();
    var third = newEventId();
    relay(event(first, "job.progress", "img_prog1", 1, null, start),
        event(newEventId(), "job.progress", "img_prog1", 2, null, start.plusSeconds(1)),
        event(third, "job.progress", "img_prog1", 3, null, start.plusSeconds(6)));
    // Older than an event already held: dropped too.
    relay(event(newEventId(), "job.progress", "img_prog1", 2, null, start.plusSeconds(12)));
    deliverAll();
    // Up to four deliveries per endpoint are in flight at once, so the two kept may arrive in either order.
    assertThat(received()).extracting(request -> request.getHeader("webhook-id"))
        .containsExactlyInAnyOrder(first, third);
    assertThat(deliveries(progress).getList("data")).hasSize(2);
  }

  @Test
  void shouldKeepAtMostTenEndpointsPerClient() {
    for (int i = 0; i < WebhookEndpoints.MAX_PER_CLIENT; i++) {
      create(List.of("key.revoked"));
    }
    as(client).body(createBody(List.of("key.revoked"))).when().post("/v1/webhooks").then().statusCode(409)
        .body("error", equalTo("conflict")).body("limit", equalTo(10)).body("message", containsString("10"));
    assertThat(as(client).when().get("/v1/webhooks?limit=200").then().statusCode(200).extract().jsonPath()
        .getList("data")).hasSize(10);
  }

  @Test
  void shouldKeepAtMostFourDeliveriesInFlightPerEndpoint() throws Exception {
    create(List.of("job.succeeded"));
    wireMock.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200).withFixedDelay(2000)));
    for (int i = 0; i < 6; i++) {
      relay(event(newEventId(), "job.succeeded", "vid_flight" + i, 2, null, Instant.now()));
    }
    assertThat(worker.runOnce()).isEqualTo(4);
    assertThat(worker.runOnce()).as("four are still in flight").isZero();
    assertThat(worker.awaitIdle(IDLE)).isTrue();
    assertThat(worker.runOnce()).isEqualTo(2);
    assertThat(worker.awaitIdle(IDLE)).isTrue();
    assertThat(received()).hasSize(6);
  }

  @Test
  void shouldSendAJobsFinalEventToItsOneOffReceiverSignedWithTheJobsSecret() throws Exception {
    var url = "http://127.0.0.1:" + wireMock.port() + path;
    relay(event(newEventId(), "job.progress", "vid_once1", 1, url, Instant.now()),
        event(newEventId(), "job.succeeded", "vid_once1", 2, url, Instant.now()));
    deliverAll();
    var received = received();
    assertThat(received).hasSize(1);
    assertThat(new JsonPath(received.getFirst().getBodyAsString()).getString("type")).isEqualTo("job.succeeded");
    new Webhook(WithWebhookKey.SECRETS.jobSecret("vid_once1")).verify(received.getFirst().getBodyAsString(),
        headers(received.getFirst()));
  }

  @Test
  void shouldDeliverRecordsOwnOutboxThroughTheSameIntakeInProcess() throws Exception {
    assertThat(sink).isInstanceOf(InProcessEventSink.class);
    create(List.of("job.failed"));
    sql("CREATE SCHEMA IF NOT EXISTS webhooks_test");
    sql("CREATE TABLE IF NOT EXISTS webhooks_test.outbox (id varchar(64) PRIMARY KEY, position bigint GENERATED "
        + "ALWAYS AS IDENTITY UNIQUE, job_id varchar(64), client_id varchar(64) NOT NULL, seq bigint, type "
        + "varchar(64) NOT NULL, payload jsonb NOT NULL, webhook_url text, created_at timestamptz NOT NULL, "
        + "relayed_at timestamptz, locked_until timestamptz)");
    var outbox = Outbox.of(dataSource, "webhooks_test.outbox", json, java.time.Clock.systemUTC());
    var event = QuarkusTransaction.requiringNew().call(() -> outbox.jobChanged(new Outbox.JobChange("pst_own1",
        client, JobStatus.FAILED, 4, Map.of("id", "pst_own1", "status", "failed"), null)));
    var relay = new OutboxRelay(dataSource, "webhooks_test.outbox", sink, json, Duration.ofSeconds(30),
        Duration.ofSeconds(5));
    assertThat(relay.relayDue()).isGreaterThanOrEqualTo(1);
    deliverAll();
    var received = received();
    assertThat(received).hasSize(1);
    assertThat(received.getFirst().getHeader("webhook-id")).isEqualTo(event);
  }

  @Test
  void shouldTakeEventsFromServicesOnlyAndNameABadField() {
    given().auth().oauth2(TestTokens.forClient(client, java.util.Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json").body(batch(event(newEventId(), "job.succeeded", "vid_x", 1, null,
            Instant.now()))).when().post("/internal/events").then().statusCode(403);
    service().body(batch(event(newEventId(), "job.exploded", "vid_x", 1, null, Instant.now())))
        .when().post("/internal/events").then().statusCode(400).body("field", equalTo("events[0].type"));
    service().body("{\"events\": [{\"id\": \"evt_1\", \"type\": \"job.succeeded\", \"clientId\": \"" + client
            + "\", \"timestamp\": 1763700060000, \"data\": {}}]}")
        .when().post("/internal/events").then().statusCode(400).body("field", equalTo("events[0].jobId"));
  }

  @Test
  void shouldRefuseBadEndpointsNamingTheField() {
    as(client).body("{\"url\": \"http://127.0.0.1:1/h\", \"events\": [\"job.done\"]}").when().post("/v1/webhooks")
        .then().statusCode(400).body("field", equalTo("events[0]"));
    as(client).body("{\"url\": \"http://127.0.0.1:1/h\", \"events\": []}").when().post("/v1/webhooks")
        .then().statusCode(400).body("field", equalTo("events"));
    as(client).body("{\"url\": \"ftp://127.0.0.1/h\", \"events\": [\"job.failed\"]}").when().post("/v1/webhooks")
        .then().statusCode(400).body("error", equalTo("url_not_allowed")).body("field", equalTo("url"));
    as(client).body("{\"url\": \"http://10.0.0.7/h\", \"events\": [\"job.failed\"]}").when().post("/v1/webhooks")
        .then().statusCode(400).body("error", equalTo("url_not_allowed")).body("field", equalTo("url"));
    as(client).body("{\"url\": \"http://127.0.0.1:1/h\", \"events\": [\"job.failed\"], \"extra\": 1}").when()
        .post("/v1/webhooks").then().statusCode(400);
    as(client).when().get("/v1/webhooks/whk_nope").then().statusCode(404);
    as(client).when().get("/v1/webhooks/not-an-id").then().statusCode(400).body("field", equalTo("id"));
    var other = create(List.of("job.failed")).getString("id");
    as(Simulated.newClient()).when().get("/v1/webhooks/" + other).then().statusCode(404);
    as(Simulated.newClient()).when().delete("/v1/webhooks/" + other).then().statusCode(404);
    as(client).when().delete("/v1/webhooks/" + other).then().statusCode(200).body("deleted", equalTo(true));
    as(client).when().get("/v1/webhooks/" + other).then().statusCode(404);
  }

  @Test
  void shouldStoreNoSecretInAnyColumn() throws Exception {
    var created = create(List.of("job.succeeded"));
    var rotated = as(client).when().post("/v1/webhooks/" + created.getString("id") + "/rotate_secret").then()
        .statusCode(200).extract().jsonPath().getString("secret");
    relay(event(newEventId(), "job.succeeded", "vid_sec1", 2, null, Instant.now()));
    deliverAll();
    var tables = new ArrayList<String>();
    try (var connection = dataSource.getConnection(); var rows = connection.createStatement().executeQuery(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'records'")) {
      while (rows.next()) {
        tables.add(rows.getString(1));
      }
    }
    assertThat(tables).contains("webhook_endpoints", "webhook_events", "webhook_deliveries");
    for (var secret : List.of(created.getString("secret"), rotated)) {
      var encoded = secret.substring("whsec_".length());
      for (var table : tables) {
        try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
            "SELECT count(*) FROM records." + table + " t WHERE t::text LIKE '%' || ? || '%'")) {
          statement.setString(1, encoded);
          try (var rows = statement.executeQuery()) {
            rows.next();
            assertThat(rows.getLong(1)).as("rows of %s holding a secret", table).isZero();
          }
        }
      }
    }
  }

  // --- helpers

  private JsonPath create(List<String> events) {
    return as(client).body(createBody(events)).when().post("/v1/webhooks").then().statusCode(201).extract()
        .jsonPath();
  }

  private String createBody(List<String> events) {
    return "{\"url\": \"http://127.0.0.1:" + wireMock.port() + path + "\", \"events\": "
        + events.stream().map(e -> "\"" + e + "\"").toList() + "}";
  }

  private JsonPath deliveries(String id) {
    return as(client).when().get("/v1/webhooks/" + id + "/deliveries").then().statusCode(200).extract().jsonPath();
  }

  private void answer(int status, String body) {
    wireMock.stubFor(post(urlPathEqualTo(path)).willReturn(aResponse().withStatus(status).withBody(body)));
  }

  private List<LoggedRequest> received() {
    return wireMock.findAll(postRequestedFor(urlPathEqualTo(path)));
  }

  private void deliverAll() {
    worker.runOnce();
    try {
      assertThat(worker.awaitIdle(IDLE)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static String newEventId() {
    return Ids.newId(IdPrefix.EVT);
  }

  private String event(String id, String type, String jobId, long seq, String webhookUrl, Instant at) {
    return "{\"id\": \"" + id + "\", \"type\": \"" + type + "\", \"clientId\": \"" + client + "\", \"jobId\": \""
        + jobId + "\", \"seq\": " + seq + ", \"webhookUrl\": " + (webhookUrl == null ? "null" : "\"" + webhookUrl
        + "\"") + ", \"timestamp\": " + at.toEpochMilli() + ", \"data\": {\"id\": \"" + jobId
        + "\", \"status\": \"" + type.substring(4) + "\"}}";
  }

  private static String batch(String... events) {
    return "{\"events\": [" + String.join(", ", events) + "]}";
  }

  private void relay(String... events) {
    service().body(batch(events)).when().post("/internal/events").then().statusCode(200)
        .body("accepted", equalTo(events.length));
  }

  private static io.restassured.specification.RequestSpecification service() {
    return given().auth().oauth2(TestTokens.forService("clone-service")).contentType("application/json");
  }

  private void sql(String statement) throws SQLException {
    try (var connection = dataSource.getConnection(); var run = connection.createStatement()) {
      run.execute(statement);
    }
  }

  private static Map<String, List<String>> headers(LoggedRequest request) {
    var headers = new HashMap<String, List<String>>();
    for (var name : List.of("webhook-id", "webhook-timestamp", "webhook-signature")) {
      headers.put(name, List.of(request.getHeader(name)));
    }
    return headers;
  }
}
