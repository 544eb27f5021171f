package dev.videoautomation.records;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * The other services and Ayrshare, simulated by one WireMock on loopback (every base URL points at it; paths tell
 * them apart), and callers with internal tokens.
 */
public final class Simulated {
  /** Every config key the one WireMock stands in for. */
  public static final String PROPERTIES = "quarkus.rest-client.billing-client.url,"
      + "quarkus.rest-client.scrape-client.url,quarkus.rest-client.media-client.url,"
      + "quarkus.rest-client.clone-client.url,records.publisher.base-url";
  public static final String CDN = "http://localhost:8080/cdn/";
  public static final ObjectMapper JSON = new ObjectMapper();

  private Simulated() {
  }

  /** A client of its own for each test, so lists never see another test's records. */
  public static String newClient() {
    return Ids.newId(IdPrefix.CLI);
  }

  public static RequestSpecification as(String clientId) {
    return given().auth().oauth2(TestTokens.forClient(clientId, Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  public static JsonNode tree(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Billing charges every operation {@code credits} and answers with the operationId it was given, 490 left. */
  public static void billingCharges(WireMockServer server, int credits) {
    server.stubFor(post(urlPathEqualTo("/internal/credits/charge")).willReturn(json(200,
        "{\"operationId\": \"{{jsonPath request.body '$.operationId'}}\", \"status\": \"charged\", \"creditsCharged\": "
            + credits + ", \"balance\": 490, \"remaining\": 490, \"replayed\": false, \"chargedAt\": 1763700000000}")
        .withTransformers("response-template")));
    server.stubFor(post(urlPathEqualTo("/internal/credits/refund")).willReturn(json(200,
        "{\"operationId\": \"{{jsonPath request.body '$.operationId'}}\", \"status\": \"refunded\", "
            + "\"creditsRefunded\": " + credits + ", \"balance\": 500, \"replayed\": false}")
        .withTransformers("response-template")));
  }

  public static void prices(WireMockServer server) {
    server.stubFor(get(urlPathEqualTo("/internal/prices")).willReturn(json(200, """
        {"currency": "usd", "plans": [], "operations": [
          {"operation": "image.generate", "unit": "image", "credits": 4, "by": "resolution", "default": "1K",
           "variants": {"1K": 4, "2K": 6, "4K": 10}},
          {"operation": "clone.render", "unit": "render", "credits": 60},
          {"operation": "account.create", "unit": "account", "credits": 10},
          {"operation": "music.generate", "unit": "track", "credits": 8}],
         "updatedAt": 1763700000000}""")));
  }

  /** Scrape's lookup answers {@code body} with {@code status} for this handle. */
  public static void lookup(WireMockServer server, String handle, int status, String body) {
    server.stubFor(post(urlPathEqualTo("/internal/lookup/account"))
        .withRequestBody(matchingJsonPath("$.handle", com.github.tomakehurst.wiremock.client.WireMock.equalTo(handle)))
        .willReturn(json(status, body)));
  }

  public static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(int status, String body) {
    return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
  }
}
