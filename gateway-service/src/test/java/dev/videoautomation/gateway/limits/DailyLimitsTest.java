package dev.videoautomation.gateway.limits;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;

import java.net.URL;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Daily units through the gateway: exact counts, 429 bodies and headers, units given back, /v1/usage. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class DailyLimitsTest {
  @InjectWireMock
  WireMockServer owner;

  /** Metrics answer on the management port only. */
  @TestHTTPResource(value = "metrics", management = true)
  URL managementMetrics;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
  }

  @Test
  void shouldAdmitExactlyTheLimitAndThenAnswer429() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 3));
    for (int i = 0; i < 3; i++) {
      given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
          .then().statusCode(200)
          .header("RateLimit-Limit", "3")
          .header("RateLimit-Remaining", String.valueOf(2 - i))
          .header("RateLimit-Reset", matchesPattern("\\d+"));
    }

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(429)
        .header("Retry-After", matchesPattern("\\d+"))
        .header("RateLimit-Remaining", "0")
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("rate_limited"))
        .body("limit", equalTo(3))
        .body("bucket", equalTo("watch"))
        .body("retryAfter", greaterThan(0))
        .body("retryAfter", lessThanOrEqualTo(86_400));
    owner.verify(3, postRequestedFor(urlEqualTo("/v1/watch")));
    var metrics = given().when().get(managementMetrics).then().statusCode(200).extract().asString();
    assertThat(metrics).containsPattern(
        "vas_limit_rejections_total\\{bucket=\"watch\",service=\"gateway-service\"} [1-9]");
  }

  @Test
  void shouldSendTheRateLimitFieldsOfTheIetfDraftBesideTheOlderTrio() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 2));

    for (var remaining : new int[] {1, 0}) {
      var answer = given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
          .when().post("/v1/watch").then().statusCode(200)
          .header("RateLimit-Policy", "\"watch\";q=2;w=86400")
          .header("RateLimit", matchesPattern("\"watch\";r=" + remaining + ";t=\\d+"))
          .header("RateLimit-Limit", "2")
          .header("RateLimit-Remaining", String.valueOf(remaining))
          .extract();
      var secondsToReset = Long.parseLong(answer.header("RateLimit").replaceAll(".*;t=", ""));
      assertThat(secondsToReset).isBetween(1L, 86_400L)
          .isCloseTo(Long.parseLong(answer.header("RateLimit-Reset")), within(1L));
    }
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(429)
        .header("RateLimit-Policy", "\"watch\";q=2;w=86400")
        .header("RateLimit", matchesPattern("\"watch\";r=0;t=\\d+"))
        .header("Retry-After", matchesPattern("\\d+"));
  }

  @Test
  void shouldGiveTheUnitBackWhenTheOwnerFailsOrRefusesTheInputOrTheCredits() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    // 402: insufficient_credits, or budget_exceeded (Max-Credits, a key's budget): refused before anything ran
    for (var status : new int[] {500, 400, 402, 404, 405, 422, 413, 415, 503}) {
      owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(status)
          .withHeader("Content-Type", "application/json").withBody("{\"error\":\"x\",\"message\":\"y\"}")));
      given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
          .then().statusCode(status);
      awaitRemaining(holder.key(), "watch", 1);
    }
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(429);
  }

  @ParameterizedTest(name = "POST {0} -> {1}")
  @CsvSource({"/v1/clones/typo, 404", "/v1/clones/VIDEO, 404", "/v1/clones/check/extra, 404",
      "/v1/clones, 404", "/v1/clones/video/vid_1, 405"})
  void shouldSpendNoCloneUnitOnAPathNoOwnerServes(String path, int status) {
    var holder = stubs.subscribed(Map.of(LimitBucket.CLONE, 1));

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post(path)
        .then().statusCode(status)
        .header("RateLimit-Remaining", nullValue())
        .body("error", equalTo(status == 404 ? "not_found" : "method_not_allowed"));

    assertThat(owner.getAllServeEvents()).noneMatch(e -> e.getRequest().getUrl().startsWith("/v1/clones"));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().body("usage.clone.remaining", equalTo(1));
  }

  @ParameterizedTest(name = "POST /v1/clones/{0} is metered")
  @ValueSource(strings = {"check", "character", "frame", "video"})
  void shouldMeterEachCloneOperation(String operation) {
    var holder = stubs.subscribed(Map.of(LimitBucket.CLONE, 1));
    owner.stubFor(post(urlEqualTo("/v1/clones/" + operation)).willReturn(aResponse().withStatus(202)
        .withHeader("Content-Type", "application/json").withBody("{\"id\":\"vid_1\"}")));

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/clones/" + operation).then().statusCode(202).header("RateLimit-Remaining", "0");
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/clones/" + operation).then().statusCode(429);
  }

  @Test
  void shouldNeverAdmitMoreThanTheLimitUnderConcurrency() throws Exception {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 40));
    var calls = new ArrayList<Callable<Integer>>();
    for (int i = 0; i < 200; i++) {
      calls.add(() -> given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
          .when().post("/v1/watch").statusCode());
    }
    try (var pool = Executors.newFixedThreadPool(32)) {
      var statuses = new ArrayList<Integer>();
      for (var future : pool.invokeAll(calls)) {
        statuses.add(future.get());
      }
      assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(40);
      assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(160);
    }
    owner.verify(40, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldReportEveryBucketInUsage() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 5));
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    var usage = given().auth().oauth2(holder.key()).when().get("/v1/usage")
        .then().statusCode(200)
        .header("Service-Version", "2026-11-21")
        .body("clientId", equalTo(holder.clientId()))
        .body("usage.watch.limit", equalTo(5))
        .body("usage.watch.remaining", equalTo(4))
        .body("usage.scrape.limit", equalTo(500))
        .body("usage.scrape.remaining", equalTo(500))
        .body("resetsAt", matchesPattern("\\d{4}-\\d{2}-\\d{2}T00:00:00Z"))
        .extract().jsonPath().getMap("usage");
    assertThat(usage.keySet()).containsExactlyInAnyOrder(java.util.Arrays.stream(LimitBucket.values())
        .map(LimitBucket::bucketName).toArray(String[]::new));
  }

  @Test
  void shouldReportZeroLimitsWithoutASubscriptionAndWorkForAnAnonymousKey() {
    var anonymous = stubs.anonymous();

    given().header("X-Api-Key", anonymous.key()).when().get("/v1/usage")
        .then().statusCode(200)
        .body("clientId", equalTo(anonymous.clientId()))
        .body("usage.watch.limit", equalTo(0))
        .body("usage.watch.remaining", equalTo(0));
  }

  private void awaitRemaining(String key, String bucket, int expected) {
    var deadline = System.nanoTime() + 2_000_000_000L;
    int remaining;
    do {
      remaining = given().auth().oauth2(key).when().get("/v1/usage").then().statusCode(200).extract()
          .path("usage." + bucket + ".remaining");
    } while (remaining != expected && System.nanoTime() < deadline);
    assertThat(remaining).isEqualTo(expected);
  }
}
