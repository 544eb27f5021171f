package dev.videoautomation.gateway.info;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * {@code GET /v1/info} reads the daily limits through the platform's billing client (platform {@code calls}), with
 * the timeout and retries docs/internal-api.md §1.4 gives billing's {@code prices}: 3 s, two retries on 502, 504,
 * timeouts and connect failures. Its own application (a profile of its own), so that no earlier test has the price
 * list cached.
 */
@QuarkusTest
@TestProfile(InfoPricesTest.FreshPriceList.class)
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class InfoPricesTest {
  private static final String PRICES = "/internal/prices";

  /** Nothing changed but the application: a fresh one, with an empty price-list cache. */
  public static class FreshPriceList implements QuarkusTestProfile {
  }

  @InjectWireMock
  WireMockServer owner;

  @Test
  void shouldRetryBillingAsTheInternalApiSaysAndKeepThePriceListItRead() {
    owner.resetAll();
    owner.stubFor(get(urlEqualTo(PRICES)).inScenario("billing").whenScenarioStateIs(STARTED)
        .willReturn(aResponse().withStatus(502).withHeader("Content-Type", "application/json")
            .withBody("{\"error\": \"upstream_error\", \"message\": \"a proxy in front of billing failed\"}"))
        .willSetStateTo("failed once"));
    owner.stubFor(get(urlEqualTo(PRICES)).inScenario("billing").whenScenarioStateIs("failed once")
        .willReturn(aResponse().withStatus(504)).willSetStateTo("failed twice"));
    owner.stubFor(get(urlEqualTo(PRICES)).inScenario("billing").whenScenarioStateIs("failed twice")
        .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody("""
            {"currency": "usd", "plans": [{"plan": "pro", "priceCents": 9900, "interval": "month",
              "monthlyCredits": 500, "limits": {"watch": 51, "scrape": 499}}], "operations": [], "updatedAt": 1}""")));

    given().when().get("/v1/info").then().statusCode(200)
        .body("dailyLimits.watch", equalTo(51))
        .body("dailyLimits.scrape", equalTo(499));
    owner.verify(3, getRequestedFor(urlEqualTo(PRICES)).withHeader("Authorization", matching("Bearer .+")));

    // Kept five minutes, as billing's Cache-Control allows: the next caller costs billing nothing.
    given().when().get("/v1/info").then().statusCode(200).body("dailyLimits.watch", equalTo(51));
    owner.verify(3, getRequestedFor(urlEqualTo(PRICES)));
  }
}
