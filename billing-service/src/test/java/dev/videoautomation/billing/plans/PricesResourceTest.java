package dev.videoautomation.billing.plans;

import static dev.videoautomation.billing.BillingCalls.asClient;
import static dev.videoautomation.billing.BillingCalls.asService;
import static dev.videoautomation.billing.BillingCalls.newClientId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import java.util.Arrays;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.TestTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.billing.OperatorProfile;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.PostgresResource;

/** Plans as data and {@code GET /internal/prices} (docs/internal-api.md §3.4.4). */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(OperatorProfile.class)
class PricesResourceTest {
  @Inject
  PlanRepository plans;

  @Test
  @TestTransaction
  void shouldGiveTheProPlanADailyLimitForExactlyEveryBucket() {
    var pro = plans.byName(Plan.PRO).orElseThrow();
    assertThat(pro.priceCents).isEqualTo(9900);
    assertThat(pro.currency).isEqualTo("usd");
    assertThat(pro.interval).isEqualTo("month");
    assertThat(pro.monthlyCredits).isEqualTo(500);
    assertThat(pro.dailyLimits.keySet()).containsExactlyInAnyOrder(Arrays.stream(LimitBucket.values())
        .map(LimitBucket::bucketName).toArray(String[]::new));
    for (var bucket : LimitBucket.values()) {
      assertThat(pro.dailyLimits.get(bucket.bucketName())).as(bucket.bucketName())
          .isEqualTo(bucket.defaultDailyLimit());
    }
    assertThat(plans.allByName()).extracting(p -> p.plan).containsExactly(Plan.PRO);
  }

  @Test
  void shouldListPlansAndOperationCosts() {
    asService("records-service").when().get("/internal/prices")
        .then().statusCode(200)
        .body("currency", equalTo("usd"))
        .body("plans.size()", equalTo(1))
        .body("plans[0].plan", equalTo("pro"))
        .body("plans[0].priceCents", equalTo(9900))
        .body("plans[0].interval", equalTo("month"))
        .body("plans[0].monthlyCredits", equalTo(500))
        .body("plans[0].limits", aMapWithSize(LimitBucket.values().length))
        .body("plans[0].limits.scrape", equalTo(500))
        .body("plans[0].limits.'upload.url'", equalTo(100))
        .body("operations.operation", equalTo(java.util.List.of("account.create", "clone.render", "image.generate",
            "music.generate")))
        .body("operations.find { it.operation == 'image.generate' }.unit", equalTo("image"))
        .body("operations.find { it.operation == 'image.generate' }.credits", equalTo(4))
        .body("operations.find { it.operation == 'image.generate' }.by", equalTo("resolution"))
        .body("operations.find { it.operation == 'image.generate' }.default", equalTo("1K"))
        .body("operations.find { it.operation == 'image.generate' }.variants.'1K'", equalTo(4))
        .body("operations.find { it.operation == 'image.generate' }.variants.'2K'", equalTo(6))
        .body("operations.find { it.operation == 'image.generate' }.variants.'4K'", equalTo(10))
        .body("operations.find { it.operation == 'clone.render' }.credits", equalTo(60))
        .body("operations.find { it.operation == 'clone.render' }", not(hasKey("variants")))
        .body("operations.find { it.operation == 'account.create' }.credits", equalTo(10))
        .body("operations.find { it.operation == 'music.generate' }.unit", equalTo("track"))
        .body("operations.find { it.operation == 'music.generate' }.credits", equalTo(8))
        .body("updatedAt", greaterThan(0L));
  }

  @Test
  void shouldLetCallersCacheFiveMinutesAndRevalidateWithTheEtag() {
    var etag = asClient(newClientId()).when().get("/internal/prices")
        .then().statusCode(200)
        .header("Cache-Control", equalTo("max-age=300"))
        .extract().header("ETag");
    assertThat(etag).matches("\"[0-9a-f]{32}\"");
    asService("gateway-service").when().get("/internal/prices").then().statusCode(200).header("ETag", etag);

    asService("gateway-service").header("If-None-Match", etag).when().get("/internal/prices")
        .then().statusCode(304)
        .header("ETag", etag)
        .header("Cache-Control", equalTo("max-age=300"))
        .body(emptyString());
    asService("gateway-service").header("If-None-Match", "\"other\", " + etag).when().get("/internal/prices")
        .then().statusCode(304);
    asService("gateway-service").header("If-None-Match", "\"stale\"").when().get("/internal/prices")
        .then().statusCode(200).header("ETag", etag);
  }
}
