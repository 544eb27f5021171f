package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.suite.contract.JdkExchange;

/**
 * A sub-key's limits are exact under concurrency, across two gateway replicas on one database (issue 32 §3, "Exact
 * under concurrency across replicas"): 200 concurrent credit-charging calls on a sub-key whose budget covers ten
 * charge exactly ten (billing's one charging statement), and 200 concurrent metered calls on a sub-key with its own
 * daily cap admit exactly the cap (the gateway's one counting statement), whichever replica each call reaches.
 *
 * <p>The key is used once through each gateway first, as an agent would have, so that the race is about the limits
 * and not a cold cache. On this shared 2-core machine a call may still be shed with a typed 503 (auth's verify past
 * its 1 s timeout) or 504 (an owner past its timeout); that is allowed as long as it spent nothing: every credit
 * charged is a track the agent was answered 202 for (and can list), and every unit counted a call answered 200 (the
 * gateway gives a unit back on a 5xx, so another call takes it).
 */
@ExtendWith(RunningSuite.class)
class SubKeyConcurrencyIT {
  private static final int CALLS = 200;
  /** Calls in flight at once: a fixed pool, released together, so that they race. */
  private static final int IN_FLIGHT = 50;
  private static final HttpClient RAW = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private static List<URI> gateways;

  @BeforeAll
  static void startASecondGateway() throws Exception {
    var suite = RunningSuite.suite();
    gateways = List.of(suite.baseUri(Service.GATEWAY),
        suite.startReplica(Service.GATEWAY, "sub-keys-b", Map.of()));
  }

  @Test
  void shouldChargeExactlyTheBudgetUnder200ConcurrentCalls() throws Exception {
    var primary = Agents.subscribedAgent();
    var created = SubKeys.create(primary, Map.of("creditBudget", 10 * SubKeys.COST));
    var sub = SubKeys.agent(primary, created);
    var id = (String) created.get("id");
    var token = "subkeys-budget-" + UUID.randomUUID();
    SubKeys.queueMusic(token);
    var balance = SubKeys.balance(primary.clientId());

    warm(sub);

    var answers = race(i -> post(gateways.get(i % 2), SubKeys.CHARGING, sub.key(),
        "{\"prompt\": \"Lo-fi piano " + token + " " + i + "\"}"));

    var statuses = statuses(answers);
    var shed = shed(answers);
    assertThat(statuses).as(describe(answers)).containsKeys(202, 402);
    assertThat(statuses.get(202)).as("every charge answered 202: " + describe(answers)).isEqualTo(10L);
    assertThat(statuses.get(402)).as(describe(answers)).isEqualTo(CALLS - 10 - shed);
    for (var answer : answers) {
      var body = json(answer);
      if (answer.statusCode() == 402) {
        assertThat(body.path("error").asText()).as(answer.body()).isEqualTo("budget_exceeded");
        assertThat(body.path("cost").asInt()).isEqualTo(SubKeys.COST);
        assertThat(body.path("creditBudget").asInt()).isEqualTo(10 * SubKeys.COST);
      } else if (answer.statusCode() == 202) {
        assertThat(answer.headers().firstValue("Credits-Remaining").map(Integer::parseInt).orElseThrow())
            .isBetween(0, 9 * SubKeys.COST);
      }
    }
    assertThat(answers).filteredOn(answer -> answer.statusCode() == 202)
        .extracting(answer -> answer.headers().firstValue("Credits-Remaining").orElseThrow())
        .as("each charge saw its own rest of the budget").doesNotHaveDuplicates();
    assertThat(SubKeys.view(primary, id)).containsEntry("creditsSpent", 10 * SubKeys.COST)
        .containsEntry("creditBudget", 10 * SubKeys.COST);
    assertThat(SubKeys.charges(primary.clientId())).containsExactly(10, 10 * SubKeys.COST);
    assertThat(SubKeys.balance(primary.clientId())).isEqualTo(balance - 10 * SubKeys.COST);
    assertThat(as(primary).queryParam("limit", 200).when().get(SubKeys.CHARGING).then().statusCode(200)
        .extract().jsonPath().getList("data.prompt", String.class))
        .as("a track for every charge").filteredOn(prompt -> prompt.contains(token)).hasSize(10);
  }

  @Test
  void shouldAdmitExactlyTheSubKeysDailyCapAcrossTwoReplicas() throws Exception {
    var primary = Agents.subscribedAgent();
    var cap = 25;
    var created = SubKeys.create(primary, Map.of("buckets", List.of(SubKeys.METERED_BUCKET),
        "dailyUnits", Map.of(SubKeys.METERED_BUCKET, cap)));
    var sub = SubKeys.agent(primary, created);

    warm(sub);

    var answers = race(i -> post(gateways.get(i % 2), SubKeys.METERED, sub.key(),
        "{\"text\": \"A smoothie recipe, take " + i + ".\", \"platform\": \"shortvideo\"}"));

    var statuses = statuses(answers);
    var shed = shed(answers);
    assertThat(statuses).as(describe(answers)).containsKeys(200, 429);
    assertThat(statuses.get(200)).as(describe(answers)).isEqualTo((long) cap);
    assertThat(statuses.get(429)).as(describe(answers)).isEqualTo(CALLS - cap - shed);
    assertThat(answers).filteredOn(answer -> answer.statusCode() == 429).allSatisfy(answer -> {
      var body = json(answer);
      assertThat(body.path("error").asText()).isEqualTo("rate_limited");
      assertThat(body.path("subKey").asBoolean()).as(answer.body()).isTrue();
      assertThat(body.path("limit").asInt()).isEqualTo(cap);
    });
    // Both replicas admitted some: the cap held across them, not within each.
    for (var gateway : gateways) {
      assertThat(answers).as("admitted through " + gateway).anySatisfy(answer -> {
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.request().uri().getPort()).isEqualTo(gateway.getPort());
      });
    }
    var usage = as(sub).when().get("/v1/usage").then().statusCode(200).extract().jsonPath();
    assertThat(usage.<String, Object>getMap("subKey.usage.'compliance.prompt'"))
        .containsEntry("limit", cap).containsEntry("used", cap).containsEntry("remaining", 0);
    assertThat(usage.getInt("usage.'compliance.prompt'.remaining")).isEqualTo(SubKeys.PLAN_LIMIT - cap);
    assertThat(SubKeys.view(primary, (String) created.get("id")))
        .containsEntry("unitsToday", Map.of(SubKeys.METERED_BUCKET, cap));
  }

  /**
   * Sends {@link #CALLS} requests from a fixed pool of {@link #IN_FLIGHT} threads, released at once, and judges
   * every exchange against the OpenAPI snapshot afterwards (so that the judging does not spread the race out).
   */
  private static List<HttpResponse<String>> race(IntFunction<HttpRequest> request) throws Exception {
    var pool = Executors.newFixedThreadPool(IN_FLIGHT);
    try {
      var go = new CountDownLatch(1);
      var sent = new ArrayList<Future<HttpResponse<String>>>();
      for (int i = 0; i < CALLS; i++) {
        var call = request.apply(i);
        sent.add(pool.submit(() -> {
          go.await();
          return RAW.send(call, HttpResponse.BodyHandlers.ofString());
        }));
      }
      go.countDown();
      var answers = new ArrayList<HttpResponse<String>>();
      for (var answer : sent) {
        answers.add(answer.get());
      }
      answers.forEach(answer -> JdkExchange.check(answer.request(), answer));
      return answers;
    } finally {
      pool.shutdownNow();
    }
  }

  /** The key used once through each gateway (its verification cached there), as an agent would have. */
  private static void warm(Agents.Agent key) {
    for (var gateway : gateways) {
      io.restassured.RestAssured.given().baseUri(gateway.toString()).auth().oauth2(key.key())
          .when().get("/v1/usage").then().statusCode(200);
    }
  }

  /** The calls shed by a loaded machine: typed 503 and 504 errors, each of which must have spent nothing. */
  private static long shed(List<HttpResponse<String>> answers) {
    var shed = answers.stream().filter(answer -> answer.statusCode() == 503 || answer.statusCode() == 504).toList();
    for (var answer : shed) {
      var body = json(answer);
      assertThat(body.path("error").asText()).as(answer.body()).matches("[a-z_]+");
      assertThat(body.path("message").asText()).as(answer.body()).isNotBlank();
    }
    assertThat(answers).as(describe(answers)).allSatisfy(answer -> assertThat(answer.statusCode())
        .isIn(200, 202, 402, 429, 503, 504));
    return shed.size();
  }

  /** The statuses, and one body of each error status. */
  private static String describe(List<HttpResponse<String>> answers) {
    var bodies = new java.util.TreeMap<Integer, String>();
    answers.stream().filter(answer -> answer.statusCode() >= 400)
        .forEach(answer -> bodies.putIfAbsent(answer.statusCode(), answer.body()));
    return "statuses " + statuses(answers) + ", e.g. " + bodies;
  }

  private static HttpRequest post(URI gateway, String path, String key, String body) {
    return HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(60))
        .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
  }

  private static Map<Integer, Long> statuses(List<HttpResponse<String>> answers) {
    return answers.stream().collect(java.util.stream.Collectors.groupingBy(HttpResponse::statusCode,
        java.util.TreeMap::new, java.util.stream.Collectors.counting()));
  }

  private static JsonNode json(HttpResponse<String> answer) {
    try {
      return JobSupport.JSON.readTree(answer.body());
    } catch (java.io.IOException e) {
      throw new AssertionError("not JSON (" + answer.statusCode() + "): " + answer.body(), e);
    }
  }
}
