package dev.videoautomation.gateway.limits;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A sub-key's own daily caps beside its client's limits (issue 32): both counts taken in one statement, exact under
 * concurrency, both policies in the RateLimit headers, /v1/usage with a sub-key, and what each key took today for
 * auth (docs/internal-api.md §3.19.4).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class SubKeyLimitsTest {
  @InjectWireMock
  WireMockServer owner;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
  }

  @Test
  void shouldRefuseASubKeyPastItsOwnDailyCapWithItsLimitAndBothPolicies() {
    var parent = stubs.subscribed(Map.of(LimitBucket.WATCH, 10));
    var subKey = stubs.subKey(parent, "active", null, Map.of("watch", 2), null);

    for (var remaining : new int[] {1, 0}) {
      given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
          .then().statusCode(200)
          .header("RateLimit-Policy", "\"watch\";q=10;w=86400, \"watch:key\";q=2;w=86400")
          .header("RateLimit", matchesPattern("\"watch\";r=" + (8 + remaining) + ";t=\\d+, \"watch:key\";r="
              + remaining + ";t=\\d+"))
          .header("RateLimit-Limit", "2")
          .header("RateLimit-Remaining", String.valueOf(remaining));
    }

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(429)
        .header("Retry-After", matchesPattern("\\d+"))
        .header("RateLimit-Policy", "\"watch\";q=10;w=86400, \"watch:key\";q=2;w=86400")
        .header("RateLimit", matchesPattern("\"watch\";r=8;t=\\d+, \"watch:key\";r=0;t=\\d+"))
        .header("RateLimit-Limit", "2")
        .header("RateLimit-Remaining", "0")
        .body("error", equalTo("rate_limited"))
        .body("limit", equalTo(2))
        .body("bucket", equalTo("watch"))
        .body("subKey", equalTo(true))
        .body("retryAfter", greaterThan(0))
        .body("retryAfter", lessThanOrEqualTo(86_400))
        .body("message", containsString("sub-key's own daily cap of 2"));
    owner.verify(2, postRequestedFor(urlEqualTo("/v1/watch")));

    // The client's other keys go on: the cap is the sub-key's alone, and its units counted for the client too.
    given().auth().oauth2(parent.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200)
        .header("RateLimit-Policy", "\"watch\";q=10;w=86400")
        .header("RateLimit-Remaining", "7");
  }

  @Test
  void shouldTakeNeitherUnitWhenTheClientsLimitRefuses() {
    var parent = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    var subKey = stubs.subKey(parent, "active", null, Map.of("watch", 5), null);
    given().auth().oauth2(parent.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(429)
        .header("RateLimit-Policy", "\"watch\";q=1;w=86400, \"watch:key\";q=5;w=86400")
        .header("RateLimit", matchesPattern("\"watch\";r=0;t=\\d+, \"watch:key\";r=5;t=\\d+"))
        .header("RateLimit-Limit", "1")
        .body("limit", equalTo(1))
        .body("subKey", nullValue());

    given().auth().oauth2(subKey.key()).when().get("/v1/usage").then().statusCode(200)
        .body("subKey.usage.watch.used", equalTo(0))
        .body("subKey.usage.watch.limit", equalTo(5))
        .body("subKey.usage.watch.remaining", equalTo(0));
  }

  @Test
  void shouldAdmitExactlyTheSubKeysCapUnderConcurrency() throws Exception {
    var parent = stubs.subscribed(Map.of(LimitBucket.WATCH, 100));
    var subKey = stubs.subKey(parent, "active", List.of("watch"), Map.of("watch", 7), null);
    var calls = new ArrayList<Callable<Integer>>();
    for (int i = 0; i < 60; i++) {
      calls.add(() -> given().auth().oauth2(subKey.key()).contentType("application/json").body("{}")
          .when().post("/v1/watch").statusCode());
    }
    var statuses = new ArrayList<Integer>();
    try (var pool = Executors.newFixedThreadPool(24)) {
      for (var future : pool.invokeAll(calls)) {
        statuses.add(future.get());
      }
    }
    assertThat(statuses.stream().filter(s -> s == 200).count()).isEqualTo(7);
    assertThat(statuses.stream().filter(s -> s == 429).count()).isEqualTo(53);
    owner.verify(7, postRequestedFor(urlEqualTo("/v1/watch")));
    given().auth().oauth2(parent.key()).when().get("/v1/usage").then().statusCode(200)
        .body("usage.watch.remaining", equalTo(93))
        .body("$", not(hasKey("subKey")));
  }

  @Test
  void shouldShowASubKeyItsOwnCapsAndTodaysUseBesideItsClients() {
    var parent = stubs.subscribed(Map.of(LimitBucket.WATCH, 10, LimitBucket.EXTRACT, 4));
    var expiresAt = System.currentTimeMillis() + 3_600_000;
    var subKey = stubs.subKey(parent, "active", List.of("watch", "extract"), Map.of("watch", 3), expiresAt);
    given().auth().oauth2(parent.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);
    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    var usage = given().auth().oauth2(subKey.key()).when().get("/v1/usage").then().statusCode(200)
        .body("clientId", equalTo(parent.clientId()))
        .body("usage.watch.limit", equalTo(10))
        .body("usage.watch.remaining", equalTo(8))
        .body("subKey.keyId", equalTo(subKey.keyId()))
        .body("subKey.parentKeyId", equalTo(parent.keyId()))
        .body("subKey.buckets", equalTo(List.of("watch", "extract")))
        .body("subKey.expiresAt", equalTo(expiresAt))
        .body("subKey.usage.watch.limit", equalTo(3))
        .body("subKey.usage.watch.used", equalTo(1))
        .body("subKey.usage.watch.remaining", equalTo(2))
        .body("subKey.usage.extract.limit", nullValue())
        .body("subKey.usage.extract.used", equalTo(0))
        .body("subKey.usage.extract.remaining", equalTo(4))
        .extract().jsonPath().getMap("subKey.usage");
    assertThat(usage.keySet()).containsExactlyInAnyOrder("watch", "extract");
  }

  @Test
  void shouldTellAuthWhatEachKeyOfAClientTookToday() {
    var parent = stubs.subscribed();
    var subKey = stubs.subKey(parent, "active", null, Map.of(), null);
    var other = stubs.subscribed();
    for (var holder : List.of(parent, subKey, subKey, other)) {
      given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
          .then().statusCode(200);
    }

    given().auth().oauth2(TestTokens.forService("auth-service"))
        .when().get("/internal/usage/keys/" + parent.clientId())
        .then().statusCode(200)
        .header("Service-Version", "2026-11-21")
        .body("day", equalTo(LocalDate.now(ZoneOffset.UTC).toString()))
        .body("keys.size()", equalTo(2))
        .body("keys." + parent.keyId() + ".watch", equalTo(1))
        .body("keys." + subKey.keyId() + ".watch", equalTo(2));
  }

  @Test
  void shouldServeTheKeysUsageToTheNamedServiceOnly() {
    var parent = stubs.subscribed();
    var path = "/internal/usage/keys/" + parent.clientId();

    given().when().get(path).then().statusCode(401).body("error", equalTo("unauthorized"));
    // An API key is not an internal token, not even the client's own.
    given().auth().oauth2(parent.key()).when().get(path).then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2(TestTokens.forService("billing-service")).when().get(path)
        .then().statusCode(403).body("error", equalTo("insufficient_scope"))
        .body("message", containsString("service:auth-service"));
    given().auth().oauth2(TestTokens.forClient(parent.clientId(), Set.of("api.read", "api.write"), "pro"))
        .when().get(path).then().statusCode(403).body("error", equalTo("insufficient_scope"));
    given().auth().oauth2(TestTokens.longLived("service:auth-service")).when().get(path).then().statusCode(401);
  }
}
