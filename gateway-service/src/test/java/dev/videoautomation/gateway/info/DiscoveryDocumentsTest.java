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
import static org.hamcrest.Matchers.nullValue;

import java.util.Arrays;
import java.util.List;
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
import dev.videoautomation.platform.spending.SpendingOperation;
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
         "/v1/watch": {"post": {"summary": "make", "requestBody": {"content": {"application/json":
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
              "monthlyCredits": 500, "limits": {"watch": 51, "scrape": 499}}],
             "operations": [
               {"operation": "image.generate", "unit": "image", "credits": 4, "by": "resolution", "default": "2K",
                "variants": {"1K": 4, "2K": 7, "4K": 11}},
               {"operation": "clone.render", "unit": "render", "credits": 61},
               {"operation": "music.generate", "unit": "track", "credits": 9}],
             "updatedAt": 1}""")));
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
    assertThat(paths).containsKeys("/v1/watch", "/v1/usage", "/v1/info", "/v1/openapi.json");
    assertThat(paths.keySet()).noneMatch(p -> p.startsWith("/internal") || p.startsWith("/q/"));
    assertThat(document.getString("components.schemas.Widget.type")).isEqualTo("object");
  }

  @Test
  void shouldDescribeTheGatewaysOwnOperations() {
    var document = given().when().get("/v1/openapi.json").then().statusCode(200).extract().jsonPath();

    var usage = document.getMap("paths.'/v1/usage'.get");
    assertThat(usage).containsEntry("operationId", "getUsage").doesNotContainKey("requestBody");
    assertThat(document.getList("paths.'/v1/usage'.get.security")).hasSize(2);
    assertThat(document.getList("paths.'/v1/usage'.get.parameters")).isNullOrEmpty();
    assertThat(document.getString("paths.'/v1/info'.get.operationId")).isEqualTo("getInfo");
    assertThat(document.getString("paths.'/v1/openapi.json'.get.operationId")).isEqualTo("getOpenApiDocument");
    assertThat(document.getString("paths.'/docs/errors'.get.operationId")).isEqualTo("getErrorCodes");
    assertThat(document.getString("paths.'/docs'.get.operationId")).isEqualTo("getApiDocsPage");
    for (var path : List.of("/docs", "/docs/errors", "/v1/openapi.json")) {
      assertThat(document.getBoolean("paths.'" + path + "'.get.x-mcp")).as(path).isFalse();
      assertThat(document.getList("paths.'" + path + "'.get.tags")).as(path).containsExactly("Discovery and usage");
    }
    assertThat(document.getMap("paths.'/v1/info'.get")).doesNotContainKey("x-mcp");
    assertThat(document.getList("tags.findAll { it.name == 'Discovery and usage' }.description")).singleElement()
        .asString().contains("/v1/usage");
    assertThat(document.getString("components.schemas.ApiInfo.type")).isEqualTo("object");
    assertThat(document.getMap("components.schemas")).doesNotContainKeys("RoutingContext", "HttpServerRequest");
  }

  @Test
  void shouldRenameAClashingSchemaAndItsReferences() {
    var first = new com.fasterxml.jackson.databind.ObjectMapper();
    try {
      var auth = first.readTree(OWNER_DOCUMENT);
      var media = first.readTree(OWNER_DOCUMENT.replace("\"name\": {\"type\": \"string\"}",
          "\"size\": {\"type\": \"integer\"}").replace("/v1/watch", "/v1/check"));
      var both = new java.util.LinkedHashMap<String, com.fasterxml.jackson.databind.JsonNode>();
      both.put("auth", auth);
      both.put("media", media);
      var result = merged.merge(both, new java.util.ArrayList<>());

      assertThat(result.at("/components/schemas/Widget/properties/name/type").asText()).isEqualTo("string");
      assertThat(result.at("/components/schemas/MediaWidget/properties/size/type").asText()).isEqualTo("integer");
      assertThat(result.at("/paths/~1v1~1check/post/requestBody/content/application~1json/schema/$ref").asText())
          .isEqualTo("#/components/schemas/MediaWidget");
      assertThat(result.at("/paths/~1v1~1watch/post/requestBody/content/application~1json/schema/$ref").asText())
          .isEqualTo("#/components/schemas/Widget");
      assertThat(result.at("/paths/~1v1~1check/post/tags/0").asText()).isEqualTo("Media");
      assertThat(result.at("/info/x-merge-conflicts/0").asText()).startsWith("schemas/Widget:");
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void shouldDescribeTheGatewaysOwnAnswersOnEveryOperation() throws java.io.IOException {
    var owners = new com.fasterxml.jackson.databind.ObjectMapper().readTree("""
        {"openapi": "3.1.0", "paths": {
          "/v1/watch": {"post": {"requestBody": {"content": {"application/json": {}}}, "responses": {}}},
          "/v1/upload": {"post": {"requestBody": {"content": {"multipart/form-data": {}}},
            "responses": {"413": {"description": "media's own"}}}},
          "/v1/posts/{id}": {"get": {"responses": {}}},
          "/v1/api_keys/rotate": {"post": {"requestBody": {"content": {"application/json": {}}}}},
          "/v1/auth/agent": {"post": {"description": "Register.", "requestBody": {"content": {"application/json": {}}}}}
        }}""");

    var result = merged.merge(Map.of("media", owners), new java.util.ArrayList<>());

    assertThat(result.at("/paths/~1v1~1watch/post/requestBody/x-max-body-bytes").asLong()).isEqualTo(1_048_576);
    assertThat(result.at("/paths/~1v1~1watch/post/responses/413/$ref").asText())
        .isEqualTo("#/components/responses/GatewayBodyTooLarge");
    assertThat(result.at("/components/responses/GatewayBodyTooLarge/content/application~1json/example/limit")
        .asLong()).isEqualTo(1_048_576);
    assertThat(result.at("/paths/~1v1~1upload/post/requestBody/x-max-body-bytes").asLong())
        .isEqualTo(2_147_483_648L);
    assertThat(result.at("/paths/~1v1~1upload/post/responses/413/description").asText()).startsWith("media's own");
    assertThat(result.at("/paths/~1v1~1posts~1{id}/get/responses/414/$ref").asText())
        .isEqualTo("#/components/responses/GatewayUriTooLong");
    assertThat(result.at("/paths/~1v1~1posts~1{id}/get/responses/431/$ref").asText())
        .isEqualTo("#/components/responses/GatewayHeadersTooLarge");
    assertThat(result.at("/paths/~1v1~1api_keys~1rotate/post/responses/409/$ref").asText())
        .isEqualTo("#/components/responses/GatewayIdempotencyConflictOrIssued");
    assertThat(result.at("/components/responses/GatewayIdempotencyConflictOrIssued/content/application~1json/examples")
        .fieldNames()).toIterable().containsExactlyInAnyOrder("idempotency_key_in_use", "credential_issued");
    // Any keyed POST may meet a running or reused Idempotency-Key; a GET never does.
    assertThat(result.at("/paths/~1v1~1watch/post/responses/409/$ref").asText())
        .isEqualTo("#/components/responses/GatewayIdempotencyKeyInUse");
    assertThat(result.at("/paths/~1v1~1watch/post/responses/422/$ref").asText())
        .isEqualTo("#/components/responses/GatewayIdempotencyKeyMismatch");
    assertThat(result.at("/paths/~1v1~1posts~1{id}/get/responses/409").isMissingNode()).isTrue();
    assertThat(result.at("/paths/~1v1~1auth~1agent/post/description").asText())
        .startsWith("Register.").contains("`Idempotency-Key` is ignored here");
    assertThat(result.at("/info/description").asText()).contains("up to 4000 bytes (414 `uri_too_long`)");
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
        .body("mcp.endpoint", equalTo("/mcp"))
        .body("mcp.transport", equalTo("streamable-http"))
        .body("endpoints.'POST /mcp'.access", equalTo("optional_key"))
        .body("endpoints.'POST /v1/watch'.bucket", equalTo("watch"))
        .body("endpoints.'POST /v1/watch'.subscription", equalTo(true))
        .body("endpoints.'GET /v1/usage'.scope", equalTo("api.read"))
        .body("endpoints.'POST /v1/auth/agent/**'.access", equalTo("public"))
        .body("endpoints.'POST /v1/watch'.maxBodyBytes", equalTo(1_048_576))
        .body("endpoints.'POST /v1/upload'.maxBodyBytes", equalTo(2_147_483_648L))
        .body("endpoints.'POST /v1/api_keys/rotate'.issuesCredential", equalTo(true))
        .body("endpoints.'POST /v1/watch'.issuesCredential", equalTo(false))
        .body("endpoints.'GET /v1/api_keys'.access", equalTo("manage_keys"))
        .body("endpoints.'GET /v1/api_keys'.scope", equalTo("api.write"))
        .body("endpoints.'GET /v1/api_keys'.subscription", equalTo(true))
        .body("endpoints.'GET /v1/api_keys'.subKeys", equalTo(false))
        .body("endpoints.'POST /v1/webhooks'.subKeys", equalTo(false))
        .body("endpoints.'POST /v1/watch'.subKeys", equalTo(true))
        .body("endpoints.'GET /internal/usage/keys/*'", nullValue())
        .extract().jsonPath();
    // Every route but the gateway's internal API, which serves the suite's services.
    assertThat(info.getMap("endpoints")).hasSize(routes.routes().size() - 1);
    assertThat(info.getList("callCosts.operationId")).containsExactly(Arrays.stream(SpendingOperation.values())
        .map(SpendingOperation::operationId).toArray());
    assertThat(Arrays.stream(LimitBucket.values()).map(LimitBucket::bucketName))
        .allMatch(bucket -> routes.routes().stream().anyMatch(r -> r.bucket().map(b -> b.bucketName())
            .orElse("").equals(bucket)));
  }

  /** Each spending operation of platform's table, priced with billing's list as billing's own charge would be. */
  @Test
  void shouldTellWhatEachSpendingOperationCostsFromBillingsPriceList() {
    given().when().get("/v1/info")
        .then().statusCode(200)
        .body(cost("generateImage") + ".method", equalTo("POST"))
        .body(cost("generateImage") + ".path", equalTo("/v1/images/generate"))
        .body(cost("generateImage") + ".bucket", equalTo("images.generate"))
        .body(cost("generateImage") + ".billingOperation", equalTo("image.generate"))
        .body(cost("generateImage") + ".credits", equalTo(7))
        .body(cost("generateImage") + ".variantField", equalTo("resolution"))
        .body(cost("generateImage") + ".variants", equalTo(Map.of("1K", 4, "2K", 7, "4K", 11)))
        .body(cost("createStartingFrame") + ".bucket", equalTo("clone"))
        .body(cost("createStartingFrame") + ".variantField", nullValue())
        .body(cost("createStartingFrame") + ".variants.'4K'", equalTo(11))
        .body(cost("createCloneVideo") + ".credits", equalTo(61))
        .body(cost("createCloneVideo") + ".variants", nullValue())
        .body(cost("generateMusic") + ".bucket", nullValue())
        .body(cost("generateMusic") + ".credits", equalTo(9))
        .body(cost("scrapeAdsForum") + ".bucket", equalTo("scrape"))
        .body(cost("scrapeAdsForum") + ".billingOperation", nullValue())
        .body(cost("scrapeAdsForum") + ".credits", equalTo(0))
        // A price list without the operation (a deployment error) leaves its cost unknown, never a made-up 0.
        .body(cost("createAccount") + ".billingOperation", equalTo("account.create"))
        .body(cost("createAccount") + ".credits", nullValue());
  }

  private static String cost(String operationId) {
    return "callCosts.find { it.operationId == '" + operationId + "' }";
  }
}
