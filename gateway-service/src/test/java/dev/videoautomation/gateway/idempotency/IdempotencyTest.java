package dev.videoautomation.gateway.idempotency;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

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

/** Idempotency-Key on POSTs: one execution, stored replays, mismatch and in-flight answers. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class IdempotencyTest {
  @InjectWireMock
  WireMockServer owner;

  OwnerStubs stubs;
  OwnerStubs.Holder holder;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 10));
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withHeader("X-Owner-Answer", "first")
        .withBody("{\"summary\":\"a cat on a sofa\"}")));
  }

  private Response watch(String key, String body) {
    return given().auth().oauth2(holder.key()).header("Idempotency-Key", key).contentType("application/json")
        .body(body).when().post("/v1/watch");
  }

  @Test
  void shouldReplayTheFirstAnswerWithoutTakingAUnit() {
    var key = UUID.randomUUID().toString();

    watch(key, "{\"url\":\"a\"}").then().statusCode(200)
        .header("Idempotent-Replayed", nullValue())
        .header("RateLimit-Remaining", "9")
        .body("summary", equalTo("a cat on a sofa"));
    watch(key, "{\"url\":\"a\"}").then().statusCode(200)
        .header("Idempotent-Replayed", "true")
        .header("X-Owner-Answer", "first")
        .header("Content-Type", "application/json")
        .header("Service-Version", "2026-11-21")
        .body("summary", equalTo("a cat on a sofa"));

    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().body("usage.watch.remaining", equalTo(9));
  }

  @Test
  void shouldRefuseTheSameKeyWithAnotherBody() {
    var key = UUID.randomUUID().toString();
    watch(key, "{\"url\":\"a\"}").then().statusCode(200);

    watch(key, "{\"url\":\"b\"}").then().statusCode(422)
        .body("error", equalTo("idempotency_key_mismatch"));
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldAnswer409WhileTheFirstRequestRuns() throws Exception {
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200).withFixedDelay(800)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"slow\"}")));
    var key = UUID.randomUUID().toString();
    try (var pool = Executors.newSingleThreadExecutor()) {
      var first = pool.submit(() -> watch(key, "{}").statusCode());
      Thread.sleep(300);

      watch(key, "{}").then().statusCode(409).body("error", equalTo("idempotency_key_in_use"));
      assertThat(first.get()).isEqualTo(200);
    }
    watch(key, "{}").then().statusCode(200).header("Idempotent-Replayed", "true").body("summary", equalTo("slow"));
  }

  @Test
  void shouldExecuteOnceUnderAHundredConcurrentRequests() throws Exception {
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200).withFixedDelay(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"once\"}")));
    var key = UUID.randomUUID().toString();
    var calls = new ArrayList<Callable<Response>>();
    for (int i = 0; i < 100; i++) {
      calls.add(() -> watch(key, "{\"url\":\"same\"}"));
    }
    try (var pool = Executors.newFixedThreadPool(50)) {
      var statuses = new ArrayList<Integer>();
      for (var future : pool.invokeAll(calls)) {
        var response = future.get();
        statuses.add(response.statusCode());
        if (response.statusCode() == 200) {
          assertThat(response.jsonPath().getString("summary")).isEqualTo("once");
        }
      }
      assertThat(statuses).containsOnly(200, 409);
    }
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldLetTheKeyBeRetriedWhenTheOwnerFailed() {
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(503)
        .withHeader("Content-Type", "application/json").withBody("{\"error\":\"service_unavailable\"}")));
    var key = UUID.randomUUID().toString();
    watch(key, "{}").then().statusCode(503);

    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"second try\"}")));
    var deadline = System.nanoTime() + 2_000_000_000L;
    Response retry;
    do {
      retry = watch(key, "{}");
    } while (retry.statusCode() == 409 && System.nanoTime() < deadline);
    retry.then().statusCode(200).header("Idempotent-Replayed", nullValue()).body("summary", equalTo("second try"));
  }

  @Test
  void shouldRefuseAnIdempotentBodyPastTheLimit() {
    var body = "{\"text\":\"" + "x".repeat(1_100_000) + "\"}";

    watch(UUID.randomUUID().toString(), body).then().statusCode(413)
        .body("error", equalTo("payload_too_large"))
        .body("limit", equalTo(1_048_576));
    owner.verify(0, postRequestedFor(urlEqualTo("/v1/watch")));
  }
}
