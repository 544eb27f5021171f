package dev.videoautomation.records.jobs;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;
import dev.videoautomation.records.accounts.AccountVerifier;

/**
 * Without SUITE_WEBHOOK_KEY a create with a webhookUrl is 503 provider_not_configured with setup, once the rest of
 * its body is right, and nothing is charged or stored.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class WebhookUrlNotConfiguredTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  AccountVerifier verifier;

  @Test
  void shouldAnswer503WithSetupAfterTheBodyIsRight() {
    wireMock.resetAll();
    var client = Simulated.newClient();
    var account = Fixtures.activeAccount(wireMock, verifier, client);
    var asset = Fixtures.asset(wireMock, client)[0];
    wireMock.resetRequests();
    var url = "https://hooks.example.com/jobs";

    var accountBody = "{\"platform\": \"shortvideo\", \"name\": \"hooked\", \"webhookUrl\": \"" + url + "\"}";
    String accountRefusal = as(client).body(accountBody).when().post("/v1/accounts").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", containsString("SUITE_WEBHOOK_KEY")).extract().asString();
    var postBody = "{\"accountId\": \"" + account + "\", \"videoId\": \"" + asset + "\", \"webhookUrl\": \""
        + url + "\"}";
    String postRefusal = as(client).body(postBody).when().post("/v1/posts").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", containsString("SUITE_WEBHOOK_KEY")).extract().asString();
    // Issue 32: a dry run knows it without calling out, and says it as the real call does; it asks no quote.
    as(client).body(accountBody).queryParam("dryRun", "true").when().post("/v1/accounts").then().statusCode(503)
        .body(equalTo(accountRefusal));
    as(client).body(postBody).queryParam("dryRun", "true").when().post("/v1/posts").then().statusCode(503)
        .body(equalTo(postRefusal));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/quote")));
    // A body wrong elsewhere hears of that first.
    as(client).body("{\"platform\": \"myspace\", \"name\": \"hooked\", \"webhookUrl\": \"" + url + "\"}")
        .when().post("/v1/accounts").then().statusCode(400).body("field", equalTo("platform"));
    as(client).body("{\"accountId\": \"acc_nope\", \"videoId\": \"" + asset + "\", \"webhookUrl\": \"" + url + "\"}")
        .when().post("/v1/posts").then().statusCode(400).body("field", equalTo("accountId"));

    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
    as(client).when().get("/v1/accounts").then().body("data.size()", equalTo(1));
    as(client).when().get("/v1/posts").then().body("data.size()", equalTo(0));
  }
}
