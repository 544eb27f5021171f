package dev.videoautomation.gateway.limits;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.matchesPattern;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Metrics;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A used-up bucket refuses its client from memory for a moment (issue 34): the same 429 the database gave, no
 * statement per refusal, a unit given back on this replica seen at once, one given back elsewhere once the moment
 * lapses, and never an admission from memory.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
@TestProfile(SpentBucketsTest.RememberedTwoSeconds.class)
class SpentBucketsTest {
  static final Duration REMEMBERED = Duration.ofSeconds(2);

  public static class RememberedTwoSeconds implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("gateway.units.refusals-remembered-for", REMEMBERED.toMillis() + "ms");
    }
  }

  @InjectWireMock
  WireMockServer owner;

  @Inject
  DailyLimits limits;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
  }

  @Test
  void shouldRefuseAUsedUpBucketFromMemoryWithTheAnswerTheDatabaseGave() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    watch(holder).then().statusCode(200);
    var asked = batchedCalls();
    watch(holder).then().statusCode(429).body("limit", equalTo(1));
    assertThat(batchedCalls() - asked).as("the first refusal comes from the database").isEqualTo(1);

    for (int i = 0; i < 5; i++) {
      watch(holder).then().statusCode(429)
          .header("RateLimit-Policy", "\"watch\";q=1;w=86400")
          .header("RateLimit", matchesPattern("\"watch\";r=0;t=\\d+"))
          .header("RateLimit-Remaining", "0")
          .header("Retry-After", matchesPattern("\\d+"))
          .body("error", equalTo("rate_limited")).body("limit", equalTo(1)).body("bucket", equalTo("watch"))
          .body("retryAfter", greaterThan(0));
    }
    assertThat(batchedCalls() - asked).as("the next five from memory").isEqualTo(1);
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));
    assertThat(limits.usedToday(holder.clientId())).containsEntry(LimitBucket.WATCH, 1);
  }

  @Test
  void shouldSeeAUnitGivenBackOnAnotherReplicaOnceTheMomentLapses() throws Exception {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    watch(holder).then().statusCode(200);
    watch(holder).then().statusCode(429);
    var refusedAt = System.nanoTime();
    // What another replica's give-back does: the database's count only.
    limits.giveBack(holder.clientId(), holder.keyId(), LimitBucket.WATCH, limits.today());

    watch(holder).then().statusCode(429);
    assertThat(System.nanoTime() - refusedAt).as("still within the moment").isLessThan(REMEMBERED.toNanos());
    TimeUnit.NANOSECONDS.sleep(REMEMBERED.toNanos() - (System.nanoTime() - refusedAt) + 200_000_000L);
    watch(holder).then().statusCode(200).header("RateLimit-Remaining", "0");
    watch(holder).then().statusCode(429);
    owner.verify(2, postRequestedFor(urlEqualTo("/v1/watch")));
  }

  @Test
  void shouldForgetAUsedUpBucketAtOnceWhenThisReplicaGivesAUnitBack() throws Exception {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 2));
    owner.stubFor(post(urlEqualTo("/v1/watch")).withRequestBody(containing("slow")).atPriority(1)
        .willReturn(aResponse().withStatus(503).withFixedDelay(600).withHeader("Content-Type", "application/json")
            .withBody("{\"error\":\"upstream_error\",\"message\":\"down\"}")));
    var slow = CompletableFuture.supplyAsync(() -> given().auth().oauth2(holder.key())
        .contentType("application/json").body("{\"slow\":true}").when().post("/v1/watch").then().extract());
    for (int i = 0; i < 100 && limits.usedToday(holder.clientId()).getOrDefault(LimitBucket.WATCH, 0) < 1; i++) {
      Thread.sleep(10);
    }
    watch(holder).then().statusCode(200);
    watch(holder).then().statusCode(429);
    var refusedAt = System.nanoTime();

    assertThat(slow.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
    watch(holder).then().statusCode(200);
    assertThat(System.nanoTime() - refusedAt).as("admitted within the moment the refusal stood")
        .isLessThan(REMEMBERED.toNanos());
  }

  @Test
  void shouldRememberOnlyRefusalsForTheSameCallOnTheSameDay() {
    var clock = new MovableClock(Instant.parse("2026-11-27T23:59:59.500Z"));
    var daily = new DailyLimits(null, clock);
    var spent = new SpentBuckets(daily, Duration.ofMinutes(1));
    var take = new DailyLimits.Take("cli_a", "key_a", LimitBucket.WATCH, 5, null);
    var refused = new DailyLimits.Outcome(false, LimitBucket.WATCH, 5, 0, daily.today(), 1, null, 0,
        DailyLimits.Refusal.CLIENT);

    spent.remember(take, new DailyLimits.Outcome(true, LimitBucket.WATCH, 5, 1, daily.today(), 1, null, 0, null));
    assertThat(spent.refusal(take)).as("an admission is never remembered").isNull();
    spent.remember(take, refused);
    assertThat(spent.refusal(take)).isEqualTo(refused);
    assertThat(spent.refusal(new DailyLimits.Take("cli_a", "key_a", LimitBucket.WATCH, 6, null)))
        .as("a raised limit asks the database").isNull();
    assertThat(spent.refusal(new DailyLimits.Take("cli_a", "key_b", LimitBucket.WATCH, 5, null))).isNull();
    assertThat(spent.refusal(new DailyLimits.Take("cli_a", "key_a", LimitBucket.SCRAPE, 5, null))).isNull();
    spent.forget("cli_a", LimitBucket.WATCH);
    assertThat(spent.refusal(take)).isNull();

    spent.remember(take, refused);
    clock.now = Instant.parse("2026-11-28T00:00:00.100Z");
    assertThat(spent.refusal(take)).as("a new UTC day starts from the database").isNull();
    assertThat(spent.size()).isZero();

    var never = new SpentBuckets(daily, Duration.ZERO);
    never.remember(take, new DailyLimits.Outcome(false, LimitBucket.WATCH, 5, 0, daily.today(), 1, null, 0,
        DailyLimits.Refusal.CLIENT));
    assertThat(never.refusal(take)).as("0 asks the database every time").isNull();
  }

  private static io.restassured.response.Response watch(OwnerStubs.Holder holder) {
    return given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch");
  }

  private static double batchedCalls() {
    return DistributionSummary.builder(UnitBatches.SIZES).baseUnit("calls").register(Metrics.globalRegistry)
        .totalAmount();
  }

  private static final class MovableClock extends Clock {
    Instant now;

    MovableClock(Instant now) {
      this.now = now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
