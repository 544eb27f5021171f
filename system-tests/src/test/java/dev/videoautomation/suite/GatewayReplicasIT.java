package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;

import dev.videoautomation.suite.contract.ContractHttpClient;

/**
 * Two gateway replicas on one database, as Kubernetes would run them: exact daily counts across both, one execution
 * per Idempotency-Key across both, units given back on owner failures, and a replaced key refused by both within a
 * second. The metered owner is simulated (WireMock) so its answers are under the test's control.
 */
@ExtendWith(RunningSuite.class)
class GatewayReplicasIT {
  private static final String PROFILE = "/v1/scrape/shortvideo/profile";
  private static List<URI> replicas;
  /** Every exchange judged against the OpenAPI snapshot, like the REST Assured ones. */
  private static final HttpClient HTTP = ContractHttpClient.judging(HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build());

  @BeforeAll
  static void startTwoGateways() throws Exception {
    var owner = Map.of("GATEWAY_OWNERS_SCRAPE", RunningSuite.providers().baseUrl());
    var suite = RunningSuite.suite();
    replicas = List.of(suite.startReplica(Service.GATEWAY, "replica-a", owner),
        suite.startReplica(Service.GATEWAY, "replica-b", owner));
    RunningSuite.providers().stubFor(post(urlEqualTo(PROFILE)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":{\"user\":\"someone\"}}")));
  }

  @Test
  void shouldAdmitExactlyTheDailyLimitAcrossBothReplicas() throws Exception {
    var agent = Agents.subscribedAgent();
    var before = countRequests(PROFILE);

    var statuses = fire(2_000, i -> request(replicas.get(i % 2), PROFILE, agent.key(), null, "{\"handle\":\"a\"}"));

    assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(500);
    assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(1_500);
    assertThat(countRequests(PROFILE) - before).isEqualTo(500);
    given().baseUri(replicas.get(1).toString()).header("X-Api-Key", agent.key()).when().get("/v1/usage")
        .then().statusCode(200).body("usage.scrape.limit", equalTo(500)).body("usage.scrape.remaining", equalTo(0));
  }

  @Test
  void shouldExecuteAnIdempotentPostOnceAcrossBothReplicas() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = "/v1/scrape/photo/profile";
    RunningSuite.providers().stubFor(post(urlEqualTo(path)).willReturn(aResponse().withStatus(200)
        .withFixedDelay(300).withHeader("Content-Type", "application/json").withBody("{\"data\":{\"n\":1}}")));
    var key = UUID.randomUUID().toString();
    var before = countRequests(path);

    var statuses = fire(100, i -> request(replicas.get(i % 2), path, agent.key(), key, "{\"handle\":\"b\"}"));

    assertThat(statuses).containsOnly(200, 409);
    assertThat(countRequests(path) - before).isEqualTo(1);
    given().baseUri(replicas.get(0).toString()).header("X-Api-Key", agent.key()).when().get("/v1/usage")
        .then().body("usage.scrape.remaining", equalTo(499));
  }

  @Test
  void shouldGiveTheUnitBackWhenTheOwnerFails() {
    var agent = Agents.subscribedAgent();
    var path = "/v1/scrape/ads/forum";
    RunningSuite.providers().stubFor(post(urlEqualTo(path)).willReturn(aResponse().withStatus(502)
        .withHeader("Content-Type", "application/json").withBody("{\"error\":\"upstream_error\",\"message\":\"x\"}")));

    given().baseUri(replicas.get(0).toString()).header("X-Api-Key", agent.key()).contentType(ContentType.JSON)
        .body("{\"query\":\"c\"}").when().post(path).then().statusCode(502);

    var deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
    int remaining;
    do {
      remaining = given().baseUri(replicas.get(1).toString()).header("X-Api-Key", agent.key()).when()
          .get("/v1/usage").then().statusCode(200).extract().path("usage.scrape.remaining");
    } while (remaining != 500 && System.nanoTime() < deadline);
    assertThat(remaining).isEqualTo(500);
  }

  @Test
  void shouldRefuseARotatedKeyOnEveryReplicaWithinASecond() {
    var agent = Agents.claimedAgent();
    for (var replica : replicas) {
      given().baseUri(replica.toString()).auth().oauth2(agent.key()).when().get("/v1/usage").then().statusCode(200);
    }

    var newKey = given().baseUri(replicas.get(0).toString()).auth().oauth2(agent.key())
        .contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate")
        .then().statusCode(200).extract().<String>path("credential");
    var rotatedAt = System.nanoTime();

    for (var replica : replicas) {
      int status;
      do {
        status = given().baseUri(replica.toString()).auth().oauth2(agent.key()).when().get("/v1/usage")
            .statusCode();
      } while (status != 401 && System.nanoTime() - rotatedAt < Duration.ofSeconds(1).toNanos());
      assertThat(status).as("old key on " + replica).isEqualTo(401);
      given().baseUri(replica.toString()).auth().oauth2(newKey).when().get("/v1/usage")
          .then().statusCode(200).body("clientId", equalTo(agent.clientId()));
    }
  }

  private interface RequestFactory {
    HttpRequest build(int index);
  }

  /** Sends {@code count} requests at once (at most 200 open at a time) and returns their statuses. */
  private static List<Integer> fire(int count, RequestFactory factory) throws Exception {
    var open = new Semaphore(200);
    var futures = new ArrayList<CompletableFuture<Integer>>();
    for (int i = 0; i < count; i++) {
      open.acquire();
      futures.add(HTTP.sendAsync(factory.build(i), HttpResponse.BodyHandlers.discarding())
          .thenApply(HttpResponse::statusCode)
          .whenComplete((status, failure) -> open.release()));
    }
    var statuses = new ArrayList<Integer>();
    for (var future : futures) {
      statuses.add(future.get());
    }
    return statuses;
  }

  private static HttpRequest request(URI gateway, String path, String apiKey, String idempotencyKey, String body) {
    var builder = HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(60))
        .header("Authorization", "Bearer " + apiKey).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (idempotencyKey != null) {
      builder.header("Idempotency-Key", idempotencyKey);
    }
    return builder.build();
  }

  private static int countRequests(String path) {
    return RunningSuite.providers().countRequestsMatching(postRequestedFor(urlEqualTo(path)).build()).getCount();
  }
}
