package dev.videoautomation.billing.plans;

import static dev.videoautomation.billing.BillingCalls.asService;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.PostgresResource;

/** /v1/pricing shows $99 and the very limits the gateway reads from /internal/prices. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class PricingResourceTest {

  @Test
  void shouldShowThePriceAndTheLimitsTheGatewayEnforces() {
    var pricing = asService("gateway-service").when().get("/v1/pricing")
        .then().statusCode(200)
        .header("Service-Version", "2026-11-21")
        .body("currency", equalTo("usd"))
        .body("plans[0].plan", equalTo("pro"))
        .body("plans[0].price", equalTo(99))
        .body("plans[0].priceCents", equalTo(9900))
        .body("plans[0].interval", equalTo("month"))
        .body("plans[0].monthlyCredits", equalTo(500))
        .body("operations.find { it.operation == 'image.generate' }.variants.'4K'", equalTo(10))
        .body("subscribe", equalTo("POST /v1/subscribe"))
        .extract().jsonPath();
    var enforced = asService("gateway-service").when().get("/internal/prices").then().statusCode(200)
        .extract().jsonPath().getMap("plans[0].limits");

    assertThat(pricing.getMap("plans[0].dailyLimits")).isEqualTo(enforced);
    assertThat(pricing.getMap("plans[0].dailyLimits").keySet()).containsExactly(Arrays.stream(LimitBucket.values())
        .map(LimitBucket::bucketName).toArray(String[]::new));
  }
}
