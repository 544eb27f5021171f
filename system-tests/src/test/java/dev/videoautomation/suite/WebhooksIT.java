package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import dev.videoautomation.suite.Agents.Agent;

/**
 * Standard Webhooks through the gateway (docs/jobs.md, "Webhooks"): records-service posts job events to an agent's
 * receiver (WireMock on loopback) and every delivery verifies with the reference library
 * {@code com.standardwebhooks:standardwebhooks}, as a receiver would verify it. A failing receiver is retried with the
 * same {@code webhook-id} and redelivered from the log; 410 disables an endpoint and enable restores it; a rotated
 * secret signs beside the new one; a job's one-off {@code webhookUrl} is signed with the secret its creation showed.
 */
@ExtendWith(RunningSuite.class)
class WebhooksIT {
  private static final Duration DELIVERY = Duration.ofSeconds(30);
  private static final String SECRET = "^whsec_[A-Za-z0-9+/]+=*$";

  @Test
  void shouldDeliverAJobsEndVerifiedByTheStandardLibrary() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = receiver(200);
    var endpoint = create(agent, path, List.of("job.succeeded", "job.failed", "job.canceled"));
    var secret = endpoint.getString("secret");
    var endpointId = endpoint.getString("id");
    as(agent).when().get("/v1/webhooks/" + endpointId).then().statusCode(200).body("status", is("enabled"))
        .body("url", is(url(path))).body("secret", nullValue()).body("disabledReason", nullValue());
    as(agent).when().get("/v1/webhooks").then().statusCode(200).body("data.id", org.hamcrest.Matchers.hasItem(endpointId));

    var token = "hook-image-" + UUID.randomUUID();
    JobSupport.queueImage(RunningSuite.providers(), token).finish();
    var jobId = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
        .when().post("/v1/images/generate").then().statusCode(202).extract().<String>path("id");

    var delivery = awaitRequests(path, 1).getFirst();
    verify(delivery, secret);
    assertThatThrownBy(() -> verify(delivery, otherSecret())).as("the signature is the endpoint's own")
        .isInstanceOf(WebhookVerificationException.class);
    var body = JobSupport.JSON.readTree(delivery.getBodyAsString());
    assertThat(body.path("type").asText()).isEqualTo("job.succeeded");
    assertThat(Instant.parse(body.path("timestamp").asText())).isAfter(Instant.now().minusSeconds(120));
    assertThat(body.at("/data/id").asText()).isEqualTo(jobId);
    assertThat(body.at("/data/kind").asText()).isEqualTo("image");
    assertThat(body.at("/data/status").asText()).isEqualTo("succeeded");
    assertThat(body.at("/data/result/imageUrls/0").asText()).isNotBlank();
    var webhookId = delivery.getHeader("webhook-id");
    assertThat(webhookId).startsWith("evt_");

    var log = awaitDeliveries(agent, endpointId, deliveries -> deliveries.size() == 1
        && deliveries.getFirst().path("status").asText().equals("delivered"));
    var entry = log.getFirst();
    assertThat(entry.path("id").asText()).startsWith("dlv_");
    assertThat(entry.path("eventId").asText()).isEqualTo(webhookId);
    assertThat(entry.path("eventType").asText()).isEqualTo("job.succeeded");
    assertThat(entry.path("attempts").asInt()).isEqualTo(1);
    assertThat(entry.path("lastStatusCode").asInt()).isEqualTo(200);
    Thread.sleep(3_000);
    assertThat(requests(path)).as("one event per transition; progress not subscribed").hasSize(1);

    as(agent).when().delete("/v1/webhooks/" + endpointId).then().statusCode(200);
    as(agent).when().get("/v1/webhooks/" + endpointId).then().statusCode(404).body("error", is("not_found"));
  }

  @Test
  void shouldRetryAFailingReceiverThenRedeliverFromTheLogWithTheSameId() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = receiver(503);
    var endpoint = create(agent, path, List.of("job.canceled"));
    var endpointId = endpoint.getString("id");
    var jobId = canceledJob(agent);

    var attempts = awaitRequests(path, 2);
    var webhookId = attempts.getFirst().getHeader("webhook-id");
    for (var attempt : attempts) {
      assertThat(attempt.getHeader("webhook-id")).as("the same id on every retry").isEqualTo(webhookId);
      verify(attempt, endpoint.getString("secret"));
      assertThat(JobSupport.JSON.readTree(attempt.getBodyAsString()).at("/data/id").asText()).isEqualTo(jobId);
    }
    var pending = awaitDeliveries(agent, endpointId, deliveries -> !deliveries.isEmpty()
        && deliveries.getFirst().path("attempts").asInt() >= 2).getFirst();
    assertThat(pending.path("status").asText()).isEqualTo("pending");
    assertThat(pending.path("lastStatusCode").asInt()).isEqualTo(503);
    assertThat(pending.path("nextAttemptAt").asLong()).isPositive();

    // The receiver recovers: the next retry is delivered.
    stub(path, 200);
    var delivered = awaitDeliveries(agent, endpointId, deliveries -> deliveries.getFirst().path("status").asText()
        .equals("delivered")).getFirst();
    var before = requests(path).size();

    var redelivery = as(agent).when().post("/v1/webhooks/deliveries/" + delivered.path("id").asText() + "/redeliver")
        .then().statusCode(202).body("id", matchesPattern("^dlv_[0-9A-Za-z]+$")).body("eventId", is(webhookId))
        .extract().jsonPath();
    assertThat(redelivery.getString("id")).isNotEqualTo(delivered.path("id").asText());
    var again = awaitRequests(path, before + 1).getLast();
    assertThat(again.getHeader("webhook-id")).as("redelivered with the same webhook-id").isEqualTo(webhookId);
    verify(again, endpoint.getString("secret"));
    var log = awaitDeliveries(agent, endpointId, deliveries -> deliveries.size() == 2
        && deliveries.stream().allMatch(d -> d.path("status").asText().equals("delivered")));
    assertThat(log).extracting(d -> d.path("eventId").asText()).containsOnly(webhookId);
  }

  @Test
  void shouldDisableAnEndpointThatAnswers410AndEnableItAgain() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = receiver(410);
    var endpoint = create(agent, path, List.of("job.canceled"));
    var endpointId = endpoint.getString("id");
    canceledJob(agent);

    awaitRequests(path, 1);
    var disabled = awaitEndpoint(agent, endpointId, view -> view.getString("status").equals("disabled"));
    assertThat(disabled.getString("disabledReason")).isEqualTo("gone");
    var failed = awaitDeliveries(agent, endpointId, deliveries -> !deliveries.isEmpty()
        && deliveries.getFirst().path("status").asText().equals("failed")).getFirst();
    assertThat(failed.path("attempts").asInt()).as("410 is not retried").isEqualTo(1);
    assertThat(failed.path("lastStatusCode").asInt()).isEqualTo(410);
    Thread.sleep(3_000);
    assertThat(requests(path)).as("nothing more sent to a disabled endpoint").hasSize(1);

    stub(path, 200);
    as(agent).when().post("/v1/webhooks/" + endpointId + "/enable").then().statusCode(200)
        .body("status", is("enabled")).body("disabledReason", nullValue());
    var secondJob = canceledJob(agent);
    var restored = awaitRequests(path, 2).getLast();
    verify(restored, endpoint.getString("secret"));
    assertThat(JobSupport.JSON.readTree(restored.getBodyAsString()).at("/data/id").asText()).isEqualTo(secondJob);
  }

  @Test
  void shouldSignWithBothSecretsDuringARotationsOverlap() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = receiver(200);
    var endpoint = create(agent, path, List.of("job.canceled"));
    var endpointId = endpoint.getString("id");
    var previous = endpoint.getString("secret");
    var rotated = as(agent).when().post("/v1/webhooks/" + endpointId + "/rotate_secret").then().statusCode(200)
        .body("id", is(endpointId)).body("secret", matchesPattern(SECRET)).extract().<String>path("secret");
    assertThat(rotated).isNotEqualTo(previous);

    canceledJob(agent);

    var delivery = awaitRequests(path, 1).getFirst();
    var signatures = delivery.getHeader("webhook-signature").split(" ");
    assertThat(signatures).as("two signatures during the overlap").hasSize(2).allMatch(s -> s.startsWith("v1,"));
    verify(delivery, rotated);
    verify(delivery, previous);
    var id = delivery.getHeader("webhook-id");
    var timestamp = Long.parseLong(delivery.getHeader("webhook-timestamp"));
    assertThat(signatures).containsExactlyInAnyOrder(
        new Webhook(rotated).sign(id, timestamp, delivery.getBodyAsString()),
        new Webhook(previous).sign(id, timestamp, delivery.getBodyAsString()));
    assertThatThrownBy(() -> verify(delivery, otherSecret())).isInstanceOf(WebhookVerificationException.class);
  }

  @Test
  void shouldSignAJobsOwnReceiverWithTheSecretShownOnce() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = receiver(200);
    var token = "hook-once-" + UUID.randomUUID();
    JobSupport.queueImage(RunningSuite.providers(), token).finish();
    var started = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token, "webhookUrl", url(path)))
        .when().post("/v1/images/generate").then().statusCode(202).body("webhookSecret", matchesPattern(SECRET))
        .extract().jsonPath();
    var jobId = started.getString("id");
    as(agent).when().get("/v1/images/" + jobId).then().statusCode(200).body("webhookSecret", nullValue());

    var delivery = awaitRequests(path, 1).getFirst();
    verify(delivery, started.getString("webhookSecret"));
    assertThatThrownBy(() -> verify(delivery, otherSecret())).isInstanceOf(WebhookVerificationException.class);
    var body = JobSupport.JSON.readTree(delivery.getBodyAsString());
    assertThat(body.path("type").asText()).isEqualTo("job.succeeded");
    assertThat(body.at("/data/id").asText()).isEqualTo(jobId);
    Thread.sleep(3_000);
    assertThat(requests(path)).as("a one-off receiver gets the job's final event only").hasSize(1);
  }

  /** A music job canceled at once: its {@code job.canceled} is the event the endpoint gets. */
  private static String canceledJob(Agent agent) throws Exception {
    var token = "hook-cancel-" + UUID.randomUUID();
    JobSupport.queueMusic(RunningSuite.providers(), token);
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("prompt", token))
        .when().post("/v1/music").then().statusCode(202).extract().<String>path("id");
    as(agent).when().post("/v1/jobs/" + id + "/cancel").then().statusCode(200).body("status", is("canceled"));
    return id;
  }

  private static JsonPath create(Agent agent, String path, List<String> events) {
    return as(agent).contentType(ContentType.JSON).body(Map.of("url", url(path), "events", events))
        .when().post("/v1/webhooks").then().statusCode(201)
        .body("id", matchesPattern("^whk_[0-9A-Za-z]+$")).body("status", is("enabled"))
        .body("secret", matchesPattern(SECRET)).body("events", is(events)).extract().jsonPath();
  }

  /** A receiver path of its own, answering {@code status}. */
  private static String receiver(int status) {
    var path = "/hooks/" + UUID.randomUUID();
    stub(path, status);
    return path;
  }

  private static void stub(String path, int status) {
    RunningSuite.receivers().stubFor(post(urlEqualTo(path)).willReturn(aResponse().withStatus(status)
        .withHeader("Content-Type", "text/plain").withBody("receiver says " + status)));
  }

  private static String url(String path) {
    return RunningSuite.receivers().baseUrl() + path;
  }

  private static List<LoggedRequest> requests(String path) {
    return RunningSuite.receivers().findAll(postRequestedFor(urlEqualTo(path))).stream()
        .sorted(java.util.Comparator.comparing(LoggedRequest::getLoggedDate)).toList();
  }

  private static List<LoggedRequest> awaitRequests(String path, int atLeast) throws InterruptedException {
    var deadline = System.nanoTime() + DELIVERY.toNanos();
    while (requests(path).size() < atLeast && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    var got = requests(path);
    assertThat(got).as("deliveries to " + path).hasSizeGreaterThanOrEqualTo(atLeast);
    return got;
  }

  private static List<JsonNode> awaitDeliveries(Agent agent, String endpointId, Predicate<List<JsonNode>> done)
      throws Exception {
    var deadline = System.nanoTime() + DELIVERY.toNanos();
    List<JsonNode> last;
    do {
      var page = JobSupport.JSON.readTree(as(agent).when().get("/v1/webhooks/" + endpointId + "/deliveries")
          .then().statusCode(200).extract().asString());
      last = new java.util.ArrayList<>();
      page.path("data").forEach(last::add);
      if (done.test(last)) {
        return last;
      }
      Thread.sleep(200);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("The delivery log of " + endpointId + " did not get there: " + last);
  }

  private static JsonPath awaitEndpoint(Agent agent, String endpointId, Predicate<JsonPath> done)
      throws InterruptedException {
    var deadline = System.nanoTime() + DELIVERY.toNanos();
    JsonPath view;
    do {
      view = as(agent).when().get("/v1/webhooks/" + endpointId).then().statusCode(200).extract().jsonPath();
      if (done.test(view)) {
        return view;
      }
      Thread.sleep(200);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("The endpoint " + endpointId + " did not get there: " + view.prettify());
  }

  /** Verifies a received delivery as a receiver would: the reference library, the body as received. */
  static void verify(LoggedRequest delivery, String secret) throws Exception {
    new Webhook(secret).verify(delivery.getBodyAsString(), Map.of(
        "webhook-id", List.of(delivery.getHeader("webhook-id")),
        "webhook-timestamp", List.of(delivery.getHeader("webhook-timestamp")),
        "webhook-signature", List.of(delivery.getHeader("webhook-signature"))));
  }

  private static String otherSecret() {
    var bytes = new byte[32];
    new java.security.SecureRandom().nextBytes(bytes);
    return "whsec_" + java.util.Base64.getEncoder().encodeToString(bytes);
  }
}
