package dev.videoautomation.records.webhooks;

import static dev.videoautomation.records.Simulated.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/** Without SUITE_WEBHOOK_KEY nothing can be signed: /v1/webhooks says what to set, after checking the input. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class WebhooksNotConfiguredTest {
  @Test
  void shouldAnswer503WithSetupNamingTheKey() {
    var client = Simulated.newClient();
    as(client).body("{\"url\": \"http://127.0.0.1:1/h\", \"events\": [\"job.failed\"]}").when()
        .post("/v1/webhooks").then().statusCode(503).body("error", equalTo("provider_not_configured"))
        .body("setup", containsString("SUITE_WEBHOOK_KEY"));
    as(client).when().get("/v1/webhooks").then().statusCode(503).body("error", equalTo("provider_not_configured"));
    as(client).when().get("/v1/webhooks/whk_abc/deliveries").then().statusCode(503);
    as(client).body("{\"url\": \"http://127.0.0.1:1/h\", \"events\": [\"job.nope\"]}").when().post("/v1/webhooks")
        .then().statusCode(400).body("field", equalTo("events[0]"));
  }
}
