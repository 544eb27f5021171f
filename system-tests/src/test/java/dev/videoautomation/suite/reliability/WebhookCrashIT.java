package dev.videoautomation.suite.reliability;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.sun.net.httpserver.HttpServer;
import com.standardwebhooks.Webhook;

import dev.videoautomation.suite.Service;

/**
 * kill -9 of records-service while it is delivering a webhook: the receiver holds the first attempt open, records is
 * killed meanwhile, and after its restart the delivery is made again (its lease ran out) with the same
 * {@code webhook-id}, verified by the Standard Webhooks reference library: delivered at least once, never lost.
 */
@ExtendWith(ReliabilitySuite.class)
class WebhookCrashIT {
  /** What the receiver got: headers and body as received, and when. */
  private record Received(String id, String timestamp, String signature, String body, long at) {
  }

  @Test
  void shouldDeliverAtLeastOnceWithTheSameIdWhenRecordsIsKilledMidDelivery() throws Exception {
    var suite = ReliabilitySuite.suite();
    var received = new ArrayList<Received>();
    var firstArrived = new CountDownLatch(1);
    var receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    receiver.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
    receiver.createContext("/hooks/crash", exchange -> {
      var headers = exchange.getRequestHeaders();
      var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      boolean first;
      synchronized (received) {
        received.add(new Received(headers.getFirst("webhook-id"), headers.getFirst("webhook-timestamp"),
            headers.getFirst("webhook-signature"), body, System.nanoTime()));
        first = received.size() == 1;
      }
      if (first) {
        firstArrived.countDown();
        try {
          Thread.sleep(4_000); // the attempt is in flight while records is killed
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    receiver.start();
    try {
      var key = ReliabilitySuite.subscribedKeys(1).getFirst();
      var url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks/crash";
      var endpoint = ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/webhooks").header("Content-Type",
          "application/json").POST(HttpRequest.BodyPublishers.ofString(
              "{\"url\": \"" + url + "\", \"events\": [\"job.succeeded\", \"job.failed\"]}")));
      assertThat(endpoint.statusCode()).as(endpoint.body()).isEqualTo(201);
      var secret = ReliabilitySuite.json(endpoint).path("secret").asText();
      var endpointId = ReliabilitySuite.json(endpoint).path("id").asText();
      var handle = "crash.hook." + UUID.randomUUID().toString().substring(0, 8);
      ReliabilitySuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
          .withQueryParam("handle", equalTo(handle)).willReturn(okJson("{\"success\": true, \"user\": "
              + "{\"uniqueId\": \"" + handle + "\"}, \"stats\": {\"followerCount\": 3}}")));
      var account = ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/accounts").header("Content-Type",
          "application/json").POST(HttpRequest.BodyPublishers.ofString(
              "{\"platform\": \"shortvideo\", \"name\": \"" + handle + "\"}")));
      assertThat(account.statusCode()).as(account.body()).isEqualTo(202);
      var accountId = ReliabilitySuite.json(account).path("id").asText();

      assertThat(firstArrived.await(60, java.util.concurrent.TimeUnit.SECONDS)).as("the first attempt").isTrue();
      var killedAt = System.nanoTime();
      suite.kill(Service.RECORDS);
      suite.restart(Service.RECORDS);

      var deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
      while (System.nanoTime() < deadline) {
        synchronized (received) {
          if (received.size() >= 2) {
            break;
          }
        }
        Thread.sleep(200);
      }
      List<Received> got;
      synchronized (received) {
        got = List.copyOf(received);
      }
      assertThat(got).as("the cut attempt was made again after the restart").hasSizeGreaterThanOrEqualTo(2);
      var webhookId = got.getFirst().id();
      assertThat(webhookId).startsWith("evt_");
      for (var delivery : got) {
        assertThat(delivery.id()).as("the same webhook-id on every attempt").isEqualTo(webhookId);
        new Webhook(secret).verify(delivery.body(), Map.of("webhook-id", List.of(delivery.id()),
            "webhook-timestamp", List.of(delivery.timestamp()), "webhook-signature", List.of(delivery.signature())));
        var body = ReliabilitySuite.JSON.readTree(delivery.body());
        assertThat(body.path("type").asText()).isEqualTo("job.succeeded");
        assertThat(body.at("/data/id").asText()).isEqualTo(accountId);
      }
      var log = awaitDelivered(key, endpointId);
      assertThat(log.path("eventId").asText()).isEqualTo(webhookId);
      ReliabilitySuite.figure("crash-records-webhook", String.format(Locale.ROOT,
          "kill -9 of records-service during a webhook delivery: the delivery was made again %.1f s after the kill, "
              + "%d attempts in all, every one with the same webhook-id and a valid Standard Webhooks signature.",
          (got.get(1).at() - killedAt) / 1e9, got.size()));
    } finally {
      receiver.stop(0);
    }
  }

  private static com.fasterxml.jackson.databind.JsonNode awaitDelivered(String key, String endpointId)
      throws Exception {
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    com.fasterxml.jackson.databind.JsonNode page;
    do {
      page = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/webhooks/" + endpointId
          + "/deliveries")));
      for (var delivery : page.path("data")) {
        if (delivery.path("status").asText().equals("delivered")) {
          return delivery;
        }
      }
      Thread.sleep(250);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("No delivered entry in the log of " + endpointId + ": " + page);
  }
}
