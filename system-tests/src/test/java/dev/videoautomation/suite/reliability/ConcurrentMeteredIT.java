package dev.videoautomation.suite.reliability;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.contract.JdkExchange;

/**
 * 12,000 metered calls, up to 256 at a time, from 20 clients spread over two gateway replicas on one database: each
 * client has 500 `scrape` units a day, so exactly 10,000 are admitted and reach the owner, the rest are refused with
 * 429 (or shed with a typed 503 when a lookup times out under the burst, costing nothing), and every client's usage
 * shows 0 left.
 */
@ExtendWith(ReliabilitySuite.class)
class ConcurrentMeteredIT {
  private static final String PATH = "/v1/scrape/shortvideo/profile";
  private static final int CLIENTS = 20;
  private static final int CALLS_PER_CLIENT = 600;
  private static final int IN_FLIGHT = 256;

  @Test
  void shouldCountEveryUnitExactlyAcrossTwoReplicas() throws Exception {
    var suite = ReliabilitySuite.suite();
    var providers = ReliabilitySuite.providers();
    providers.stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":{\"user\":\"someone\"}}")));
    var owner = Map.of("GATEWAY_OWNERS_SCRAPE", providers.baseUrl());
    List<URI> replicas = List.of(suite.startReplica(Service.GATEWAY, "metered-a", owner),
        suite.startReplica(Service.GATEWAY, "metered-b", owner));
    var keys = ReliabilitySuite.subscribedKeys(CLIENTS);
    var ownerBefore = providers.countRequestsMatching(postRequestedFor(urlEqualTo(PATH)).build()).getCount();

    var statuses = new ConcurrentHashMap<Integer, AtomicInteger>();
    var answers = new ConcurrentLinkedQueue<HttpResponse<String>>();
    var permits = new Semaphore(IN_FLIGHT);
    var pending = new ArrayList<CompletableFuture<?>>();
    var started = System.nanoTime();
    for (int i = 0; i < CLIENTS * CALLS_PER_CLIENT; i++) {
      var key = keys.get(i % CLIENTS);
      var replica = replicas.get(i % 2);
      permits.acquire();
      pending.add(ReliabilitySuite.RAW.sendAsync(HttpRequest.newBuilder(replica.resolve(PATH))
              .timeout(Duration.ofSeconds(60)).header("Authorization", "Bearer " + key)
              .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"handle\":\"a\"}"))
              .build(), HttpResponse.BodyHandlers.ofString())
          .whenComplete((response, error) -> {
            permits.release();
            if (response != null) {
              answers.add(response);
            }
            statuses.computeIfAbsent(error != null ? -1 : response.statusCode(), s -> new AtomicInteger())
                .incrementAndGet();
          }));
    }
    CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).join();
    var seconds = (System.nanoTime() - started) / 1e9;
    // Judged against the OpenAPI snapshot after the burst, so that judging neither slows it nor sheds calls.
    answers.forEach(response -> JdkExchange.check(response.request(), response));

    // 503 is the gateway shedding a call whose key or entitlement lookup timed out under the burst (2 shared
    // cores); it is typed, costs no unit, and leaves enough calls per client to use every unit.
    assertThat(statuses.keySet()).as("statuses %s", statuses).isSubsetOf(200, 429, 503);
    var shed = statuses.getOrDefault(503, new AtomicInteger()).get();
    assertThat(shed).as("calls shed with 503").isLessThan(CLIENTS * (CALLS_PER_CLIENT - 500));
    assertThat(statuses.get(200).get()).isEqualTo(CLIENTS * 500);
    assertThat(statuses.get(429).get()).isEqualTo(CLIENTS * (CALLS_PER_CLIENT - 500) - shed);
    var ownerCalls = providers.countRequestsMatching(postRequestedFor(urlEqualTo(PATH)).build()).getCount()
        - ownerBefore;
    assertThat(ownerCalls).as("calls that reached the owner").isEqualTo(CLIENTS * 500);
    for (var key : keys) {
      var usage = ReliabilitySuite.json(ReliabilitySuite.send(HttpRequest.newBuilder(replicas.get(0)
          .resolve("/v1/usage")).header("Authorization", "Bearer " + key)));
      assertThat(usage.at("/usage/scrape/remaining").asInt()).isZero();
    }
    ReliabilitySuite.figure("concurrent-metered", String.format(Locale.ROOT,
        "%,d metered calls from %d clients, %d in flight, over two gateway replicas: %,d admitted (= %d × 500), "
            + "%,d answered 429, %d shed with 503 during the cold start (entitlement lookups past their 1 s "
            + "timeout, no unit spent), %,d reached the owner, every client's usage 0 left; %.1f s (%.0f calls/s).",
        CLIENTS * CALLS_PER_CLIENT, CLIENTS, IN_FLIGHT, statuses.get(200).get(), CLIENTS,
        statuses.get(429).get(), shed, ownerCalls, seconds, CLIENTS * CALLS_PER_CLIENT / seconds));
  }
}
