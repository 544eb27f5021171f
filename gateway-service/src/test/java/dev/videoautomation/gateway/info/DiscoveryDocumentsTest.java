package dev.videoautomation.gateway.info;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.util.Arrays;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** /v1/openapi.json, /docs and /v1/info, with the owners' documents and billing's prices simulated. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class DiscoveryDocumentsTest {
  @InjectWireMock
  WireMockServer owner;

  @Inject
  RouteTable routes;

  @Inject
  MergedOpenApi merged;

  static final String OWNER_DOCUMENT = """
      {"openapi": "3.1.0", "info": {"title": "Owner", "version": "2026-11-21"},
       "paths": {
         "/v1/widgets": {"post": {"summary": "make", "requestBody": {"content": {"application/json":
            {"schema": {"$ref": "#/components/schemas/Widget"}}}}}},
         "/internal/secret": {"get": {"summary": "hidden"}},
         "/q/health": {"get": {"summary": "health"}}},
       "components": {"schemas": {"Widget": {"type": "object", "properties": {"name": {"type": "string"}}}}}}""";

  @BeforeEach
  void reset() {
    owner.resetAll();
    owner.stubFor(get(urlPathEqualTo("/q/openapi")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(OWNER_DOCUMENT)));
    owner.stubFor(get(urlEqualTo("/internal/prices")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("""
            {"currency": "usd", "plans": [{"plan": "pro", "priceCents": 9900, "interval": "month",
              "monthlyCredits": 500, "limits": {"watch": 51, "scrape": 499}}], "operations": [], "updatedAt": 1}""")));
  }

  @Test
  void shouldMergeEveryServicesDocumentIntoOne() {
    var document = given().when().get("/v1/openapi.json")
        .then().statusCode(200)
        .header("Service-Version", "2026-11-21")
        .body("info.version", equalTo("2026-11-21"))
        .body("info.title", equalTo("Video Automation Service API"))
        .body("info.x-missing-services", hasItem("records-service"))
        .body("servers[0].url", equalTo("http://localhost:8080"))
        .body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
        .body("components.securitySchemes.apiKey.name", equalTo("X-Api-Key"))
        .extract().jsonPath();

    Map<String, Object> paths = document.getMap("paths");
    assertThat(paths).containsKeys("/v1/widgets", "/v1/usage", "/v1/info", "/v1/openapi.json");
    assertThat(paths.keySet()).noneMatch(p -> p.startsWith("/internal") || p.startsWith("/q/"));
    assertThat(document.getString("components.schemas.Widget.type")).isEqualTo("object");
  }

  @Test
  void shouldRenameAClashingSchemaAndItsReferences() {
    var first = new com.fasterxml.jackson.databind.ObjectMapper();
    try {
      var auth = first.readTree(OWNER_DOCUMENT);
      var media = first.readTree(OWNER_DOCUMENT.replace("\"name\": {\"type\": \"string\"}",
          "\"size\": {\"type\": \"integer\"}"));
      var both = new java.util.LinkedHashMap<String, com.fasterxml.jackson.databind.JsonNode>();
      both.put("auth", auth);
      both.put("media", media);
      var result = merged.merge(both, new java.util.ArrayList<>());

      assertThat(result.at("/components/schemas/Widget/properties/name/type").asText()).isEqualTo("string");
      assertThat(result.at("/components/schemas/MediaWidget/properties/size/type").asText()).isEqualTo("integer");
      assertThat(result.at("/paths/~1v1~1widgets/post/requestBody/content/application~1json/schema/$ref").asText())
          .isEqualTo("#/components/schemas/MediaWidget");
      assertThat(result.at("/paths/~1v1~1widgets/post/tags/0").asText()).isEqualTo("Media");
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void shouldShowTheMergedDocumentAtDocs() {
    given().redirects().follow(true).when().get("/docs/")
        .then().statusCode(200).contentType(containsString("text/html"));
    var config = given().when().get("/docs/index.html").then().statusCode(200).extract().asString();
    assertThat(config).contains("/v1/openapi.json");
  }

  @Test
  void shouldDescribeTheApiWithTheRealDailyLimits() {
    var info = given().when().get("/v1/info")
        .then().statusCode(200)
        .body("name", equalTo("Video Automation Service"))
        .body("version", equalTo("2026-11-21"))
        .body("dailyLimits.watch", equalTo(51))
        .body("dailyLimits.scrape", equalTo(499))
        .body("auth.register", equalTo("POST /v1/auth/agent"))
        .body("endpoints.'POST /v1/watch'.bucket", equalTo("watch"))
        .body("endpoints.'POST /v1/watch'.subscription", equalTo(true))
        .body("endpoints.'GET /v1/usage'.scope", equalTo("api.read"))
        .body("endpoints.'POST /v1/auth/agent/**'.access", equalTo("public"))
        .extract().jsonPath();
    assertThat(info.getMap("endpoints")).hasSize(routes.routes().size());
    assertThat(Arrays.stream(LimitBucket.values()).map(LimitBucket::bucketName))
        .allMatch(bucket -> routes.routes().stream().anyMatch(r -> r.bucket().map(b -> b.bucketName())
            .orElse("").equals(bucket)));
  }
}
