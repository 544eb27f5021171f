package dev.videoautomation.suite.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.suite.JobSupport;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.contract.JdkExchange;

/**
 * A sub-key's credit budget and its own daily cap stay exact over a long, randomized interleaving of both kinds of
 * call across two gateway replicas, one of which is killed (SIGKILL) and started again mid-run (issue 32 §3, "Exact
 * under concurrency across replicas"). A call cut by the crash may have been charged or counted without an answer,
 * so the answers only bound what was spent; the owners' records say it exactly: billing's {@code creditsSpent} and
 * ledger hold exactly the budget, each charge a track the client has, the gateways' key counter exactly the cap, and
 * both refuse from then on.
 */
@ExtendWith(ReliabilitySuite.class)
class SubKeyLimitsIT {
  private static final String CHARGING = "/v1/music";
  /** billing's {@code music.generate}. */
  private static final int COST = 8;
  private static final int BUDGET_CALLS = 25;
  private static final String METERED = "/v1/compliance/prompt";
  private static final String BUCKET = "compliance.prompt";
  /** Below the plan's 100, so that the sub-key's own cap is the one that binds. */
  private static final int CAP = 60;
  private static final int CALLS = 600;
  private static final int IN_FLIGHT = 16;
  /**
   * The answers after which the suite's own gateway (one of the two) is killed: early, so that both limits are still
   * being spent while it is down and after it is back.
   */
  private static final int KILL_AFTER = 40;

  private record Call(URI gateway, boolean charging, HttpRequest request) {
  }

  private record Outcome(Call call, HttpResponse<String> response, IOException failure) {
  }

  @Test
  void shouldKeepASubKeysBudgetAndDailyCapExactAcrossTwoReplicasWithOneRestarted() throws Exception {
    var suite = ReliabilitySuite.suite();
    var gatewayA = suite.baseUri(Service.GATEWAY);
    var gatewayB = suite.startReplica(Service.GATEWAY, "sub-keys-b", Map.of());
    var primary = ReliabilitySuite.subscribedKeys(1).getFirst();
    var clientId = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(primary, "/v1/usage")))
        .path("clientId").asText();
    var created = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(primary, "/v1/api_keys")
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
            "{\"name\": \"reliability sub-agent\", \"buckets\": [\"" + BUCKET + "\"], \"creditBudget\": "
                + BUDGET_CALLS * COST + ", \"dailyUnits\": {\"" + BUCKET + "\": " + CAP + "}}"))));
    var sub = created.path("credential").asText();
    var id = created.path("id").asText();
    assertThat(id).as(created.toString()).startsWith("key_");
    var token = "reliability-sub-key-" + UUID.randomUUID();
    JobSupport.queue(ReliabilitySuite.providers(), JobSupport.MUSIC_MODEL, token,
        "{\"audio\": {\"url\": \"" + ReliabilitySuite.providers().baseUrl() + "/job-files/track.mp3\"}}");
    var balance = JobSupport.balance(ledger(clientId));
    // The sub-agent has used its key on both replicas before (its verification cached on each).
    for (var gateway : List.of(gatewayA, gatewayB)) {
      assertThat(ReliabilitySuite.send(HttpRequest.newBuilder(gateway.resolve("/v1/usage"))
          .header("Authorization", "Bearer " + sub)).statusCode()).isEqualTo(200);
    }

    var seed = System.nanoTime();
    var random = new Random(seed);
    var calls = new ArrayList<Call>();
    for (int i = 0; i < CALLS; i++) {
      var gateway = random.nextBoolean() ? gatewayA : gatewayB;
      var charging = random.nextInt(4) == 0;
      calls.add(new Call(gateway, charging, charging
          ? post(gateway, CHARGING, sub, "{\"prompt\": \"Lo-fi piano " + token + " " + i + "\"}")
          : post(gateway, METERED, sub, "{\"text\": \"A smoothie recipe, take " + i + ".\"}")));
    }
    var answered = new AtomicInteger();
    var pool = Executors.newFixedThreadPool(IN_FLIGHT);
    var outcomes = new ArrayList<Future<Outcome>>();
    long restartMillis;
    try {
      for (var call : calls) {
        outcomes.add(pool.submit(() -> {
          try {
            return new Outcome(call, ReliabilitySuite.RAW.send(call.request(),
                HttpResponse.BodyHandlers.ofString()), null);
          } catch (IOException cut) {
            return new Outcome(call, null, cut);
          } finally {
            answered.incrementAndGet();
          }
        }));
      }
      while (answered.get() < KILL_AFTER) {
        Thread.sleep(20);
      }
      var killed = System.nanoTime();
      suite.kill(Service.GATEWAY);
      Thread.sleep(500);
      suite.restart(Service.GATEWAY);
      restartMillis = (System.nanoTime() - killed) / 1_000_000;
    } finally {
      pool.shutdown();
    }
    var results = new ArrayList<Outcome>();
    for (var outcome : outcomes) {
      results.add(outcome.get());
    }
    results.stream().filter(outcome -> outcome.response() != null)
        .forEach(outcome -> JdkExchange.check(outcome.response().request(), outcome.response()));

    var statuses = new ConcurrentHashMap<String, AtomicInteger>();
    for (var outcome : results) {
      var kind = outcome.call().charging() ? "charging " : "metered ";
      var status = outcome.response() == null ? "cut" : String.valueOf(outcome.response().statusCode());
      statuses.computeIfAbsent(kind + status, s -> new AtomicInteger()).incrementAndGet();
      if (outcome.response() != null) {
        check(outcome);
      }
    }
    var describe = "seed " + seed + ", " + statuses;
    var charged = count(statuses, "charging 202");
    var admitted = count(statuses, "metered 200");
    var chargingUnanswered = unanswered(statuses, "charging ");
    var meteredUnanswered = unanswered(statuses, "metered ");
    assertThat(charged).as(describe).isBetween(BUDGET_CALLS - chargingUnanswered, BUDGET_CALLS);
    assertThat(admitted).as(describe).isBetween(CAP - meteredUnanswered, CAP);
    assertThat(count(statuses, "charging 402")).as("the budget ran out: " + describe).isPositive();
    assertThat(count(statuses, "metered 429")).as("the cap ran out: " + describe).isPositive();

    // The records are exact, whatever the crash cut: billing's spend and ledger, the gateways' key counter.
    var view = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(primary, "/v1/api_keys/" + id)));
    assertThat(view.path("creditsSpent").asInt()).as(describe + " " + view).isEqualTo(BUDGET_CALLS * COST);
    assertThat(view.at("/unitsToday/" + BUCKET.replace("/", "~1")).asInt()).as(describe + " " + view)
        .isEqualTo(CAP);
    var ledger = ledger(clientId);
    var charges = ledger.stream().filter(line -> line.path("kind").asText().equals("charge")).toList();
    assertThat(charges).as(describe).hasSize(BUDGET_CALLS);
    assertThat(charges.stream().mapToInt(line -> Math.abs(line.path("credits").asInt())).sum())
        .isEqualTo(BUDGET_CALLS * COST);
    assertThat(JobSupport.balance(ledger)).isEqualTo(balance - BUDGET_CALLS * COST);
    // Every charge is a track the client has, answered or cut: none was charged for a call that failed.
    var tracks = new ArrayList<String>();
    ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(primary, CHARGING + "?limit=200")))
        .path("data").forEach(track -> tracks.add(track.path("prompt").asText()));
    assertThat(tracks).as(describe).filteredOn(prompt -> prompt.contains(token)).hasSize(BUDGET_CALLS);

    // And both replicas refuse from now on, the restarted one included.
    for (var gateway : List.of(gatewayA, gatewayB)) {
      var refused = ReliabilitySuite.send(request(gateway, CHARGING, sub,
          "{\"prompt\": \"Once more " + token + "\"}"));
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(402);
      assertThat(ReliabilitySuite.json(refused).path("error").asText()).isEqualTo("budget_exceeded");
      var limited = ReliabilitySuite.send(request(gateway, METERED, sub, "{\"text\": \"Once more.\"}"));
      assertThat(limited.statusCode()).as(limited.body()).isEqualTo(429);
      assertThat(ReliabilitySuite.json(limited).path("subKey").asBoolean()).isTrue();
      var usage = ReliabilitySuite.json(ReliabilitySuite.send(HttpRequest.newBuilder(gateway.resolve("/v1/usage"))
          .header("Authorization", "Bearer " + sub)));
      assertThat(usage.at("/subKey/usage/" + BUCKET + "/used").asInt()).as(usage.toString()).isEqualTo(CAP);
    }
    ReliabilitySuite.figure("sub-key-limits", String.format(Locale.ROOT,
        "A sub-key with a budget of %d credits (%d tracks) and its own cap of %d `%s` calls a day: %d randomized "
            + "calls, %d in flight, over two gateway replicas, one killed after %d answers and back %.1f s later: "
            + "%d tracks charged and %d calls admitted with an answer (of %d and %d calls cut by the crash or "
            + "answered a typed 5xx), billing's "
            + "`creditsSpent` %d, %d ledger charges and as many tracks, the key's counter %d: exact.",
        BUDGET_CALLS * COST, BUDGET_CALLS, CAP, BUCKET, CALLS, IN_FLIGHT, KILL_AFTER, restartMillis / 1000.0,
        charged, admitted, chargingUnanswered, meteredUnanswered, view.path("creditsSpent").asInt(),
        charges.size(), view.at("/unitsToday/" + BUCKET).asInt()));
  }

  /** An answer is one of the limits' own, or a typed error of a replica going down or coming up. */
  private static void check(Outcome outcome) {
    var response = outcome.response();
    var status = response.statusCode();
    if (status == 402 || status == 429) {
      var body = ReliabilitySuite.json(response);
      assertThat(body.path("error").asText()).as(response.body())
          .isEqualTo(status == 402 ? "budget_exceeded" : "rate_limited");
      if (status == 429) {
        assertThat(body.path("subKey").asBoolean()).as(response.body()).isTrue();
        assertThat(body.path("limit").asInt()).isEqualTo(CAP);
      }
    } else if (status >= 500) {
      Answers.assertTypedError(response, Set.of(502, 503, 504));
    } else {
      assertThat(status).as(response.body()).isEqualTo(outcome.call().charging() ? 202 : 200);
    }
  }

  private static int count(Map<String, AtomicInteger> statuses, String name) {
    var counted = statuses.get(name);
    return counted == null ? 0 : counted.get();
  }

  /** Calls of a kind that got no answer of the limits: cut by the crash, or a 5xx while a replica was down. */
  private static int unanswered(Map<String, AtomicInteger> statuses, String kind) {
    return statuses.entrySet().stream().filter(entry -> entry.getKey().startsWith(kind)
        && (entry.getKey().endsWith("cut") || entry.getKey().matches(".* 5\\d\\d")))
        .mapToInt(entry -> entry.getValue().get()).sum();
  }

  private static List<JsonNode> ledger(String clientId) throws IOException {
    return JobSupport.ledger(ReliabilitySuite.suite(), ReliabilitySuite.OPERATOR_TOKEN, clientId);
  }

  private static HttpRequest post(URI gateway, String path, String key, String body) {
    return request(gateway, path, key, body).timeout(Duration.ofSeconds(60)).build();
  }

  private static HttpRequest.Builder request(URI gateway, String path, String key, String body) {
    return HttpRequest.newBuilder(gateway.resolve(path)).header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
  }
}
