package dev.videoautomation.billing.plans;

import static dev.videoautomation.billing.BillingCalls.asService;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.spending.BillingOperation;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.testing.PostgresResource;

/**
 * /v1/pricing shows $99, the very limits the gateway reads from /internal/prices, and what each spending operation
 * of platform's table costs.
 */
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

  @Test
  void shouldTellWhatEachSpendingOperationCostsPerCall() {
    asService("gateway-service").when().get("/v1/pricing")
        .then().statusCode(200)
        .body("callCosts", hasSize(SpendingOperation.values().length))
        .body("callCosts[0].operationId", equalTo("scrapeShortvideoProfile"))
        .body(cost("generateImage") + ".method", equalTo("POST"))
        .body(cost("generateImage") + ".path", equalTo("/v1/images/generate"))
        .body(cost("generateImage") + ".bucket", equalTo("images.generate"))
        .body(cost("generateImage") + ".billingOperation", equalTo("image.generate"))
        .body(cost("generateImage") + ".credits", equalTo(4))
        .body(cost("generateImage") + ".variantField", equalTo("resolution"))
        .body(cost("generateImage") + ".variants", equalTo(Map.of("1K", 4, "2K", 6, "4K", 10)))
        // Character and frame images are priced at the deployment's resolution: the caller cannot pick it.
        .body(cost("generateCharacterImage") + ".bucket", equalTo("clone"))
        .body(cost("generateCharacterImage") + ".billingOperation", equalTo("image.generate"))
        .body(cost("generateCharacterImage") + ".variantField", nullValue())
        .body(cost("generateCharacterImage") + ".variants.'2K'", equalTo(6))
        .body(cost("createCloneVideo") + ".credits", equalTo(60))
        .body(cost("createCloneVideo") + ".variants", nullValue())
        .body(cost("generateMusic") + ".bucket", nullValue())
        .body(cost("generateMusic") + ".credits", equalTo(8))
        .body(cost("createAccount") + ".credits", equalTo(10))
        .body(cost("importVideo") + ".path", equalTo("/v1/videos/download/{platform}"))
        .body(cost("importVideo") + ".bucket", equalTo("download"))
        .body(cost("importVideo") + ".billingOperation", nullValue())
        .body(cost("importVideo") + ".credits", equalTo(0));
  }

  /** Billing's price list prices every billing operation the table names, by the attribute the table says. */
  @Test
  void shouldPriceEveryBillingOperationOfTheSpendingTable() {
    var operations = asService("gateway-service").when().get("/internal/prices").then().statusCode(200)
        .extract().jsonPath();
    for (var operation : BillingOperation.values()) {
      assertThat(operations.getList("operations.operation")).as(operation.name()).contains(operation.operationName());
    }
    for (var row : SpendingOperation.values()) {
      row.variant().ifPresent(variant -> assertThat(operations.getString("operations.find { it.operation == '"
          + row.billingOperationName() + "' }.by")).as(row.name()).isEqualTo(variant.attribute()));
    }
  }

  private static String cost(String operationId) {
    return "callCosts.find { it.operationId == '" + operationId + "' }";
  }
}
