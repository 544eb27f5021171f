package dev.videoautomation.gateway.openapi;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.smallrye.openapi.runtime.OpenApiConstants;
import io.quarkus.smallrye.openapi.runtime.OpenApiDocumentService;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.openapi.runtime.io.Format;

import dev.videoautomation.gateway.info.DiscoveryTag;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SharedComponents;
import dev.videoautomation.platform.testing.WireMockResource;

/** What the gateway adds to the services' documents, from its route table (security, its own answers, order). */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class MergedOpenApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String KEYED = "[{\"bearer\":[]},{\"apiKey\":[]}]";

  static final String MEDIA = """
      {"openapi": "3.0.3", "paths": {
        "/v1/watch": {"post": {"operationId": "watchVideo", "requestBody": {"content": {"application/json": {}}},
          "responses": {"200": {"description": "ok"},
            "503": {"description": "`provider_not_configured`: no provider.", "content": {}}}}},
        "/v1/check/rules": {"get": {"operationId": "getCheckRules", "responses": {"200": {"description": "ok"}}}},
        "/cdn/m/{mediaId}/{fileName}": {"get": {"operationId": "getCdnObject",
          "responses": {"200": {"description": "the object"}}}},
        "/m/{mediaId}/{name}": {"servers": [{"url": "http://localhost:8080/cdn"}],
          "head": {"operationId": "headCdnObject", "responses": {"200": {"description": "headers"}}}},
        "/v1/not-routed": {"get": {"operationId": "getNothing", "responses": {"200": {"description": "ok"}}}}}}""";

  static final String CLONE = """
      {"openapi": "3.0.3", "paths": {
        "/v1/images/generate": {"post": {"operationId": "generateImage",
          "requestBody": {"content": {"application/json": {}}},
          "responses": {"202": {"description": "queued"}}}},
        "/v1/images/{id}": {"get": {"operationId": "getImage", "parameters": [{"name": "id", "in": "path",
          "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "the task"}}}},
        "/v1/api_keys": {"get": {"operationId": "listApiKeys", "responses": {"200": {"description": "keys"}}}},
        "/v1/webhooks": {"get": {"operationId": "listWebhooks", "responses": {"200": {"description": "hooks"}}}}}}""";

  static final String AUTH_AND_BILLING = """
      {"openapi": "3.0.3", "paths": {
        "/v1/auth/agent": {"post": {"operationId": "registerAgent", "description": "Register.",
          "requestBody": {"content": {"application/json": {}}},
          "responses": {"201": {"description": "registered"}}}},
        "/v1/api_keys/rotate": {"post": {"operationId": "rotateApiKey",
          "responses": {"200": {"description": "the new key"},
            "401": {"description": "auth's own: the key is revoked."}}}},
        "/v1/subscribe": {"post": {"operationId": "subscribe", "responses": {"201": {"description": "ok"}}}}}}""";

  @Inject
  MergedOpenApi merged;

  @Inject
  OpenApiDocumentService ownDocument;

  private ObjectNode merge(String... services) throws IOException {
    var documents = new LinkedHashMap<String, JsonNode>();
    for (var service : services) {
      documents.put(service, JSON.readTree(switch (service) {
        case "media" -> MEDIA;
        case "clone" -> CLONE;
        default -> AUTH_AND_BILLING;
      }));
    }
    return merged.merge(documents, new ArrayList<>());
  }

  private static JsonNode operation(JsonNode document, String path, String method) {
    return document.path("paths").path(path).path(method);
  }

  @Test
  void shouldReadTheGatewaysOwnDocumentInProcessThoughItsPathAnswers404() {
    var document = merged.documentKeepingOnlyWhole();

    assertThat(document.path("paths").has("/v1/usage")).as("the gateway's own GET /v1/usage").isTrue();
    assertThat(document.path("paths").has("/v1/info")).isTrue();
    assertThat(document.path("info").path("x-missing-services").toString()).doesNotContain("gateway");
    given().when().get("/q/openapi").then().statusCode(404).body("error", equalTo("not_found"));
  }

  /** The service contract's component check, on the gateway's own document as read in process. */
  @Test
  void shouldHoldEachPlatformComponentOnceAndNoTwinOfItInItsOwnDocument() {
    var document = ownDocument.getDocument(OpenApiConstants.DEFAULT_DOCUMENT_NAME, Format.JSON);
    SharedComponents.assertHeldOnce(new String(document, StandardCharsets.UTF_8), Set.of());
  }

  @Test
  void shouldAskForAKeyExactlyWhereTheGatewayDoes() throws IOException {
    var document = merge("media", "auth");

    assertThat(document.at("/components/securitySchemes/bearer/type").asText()).isEqualTo("http");
    assertThat(document.at("/components/securitySchemes/bearer/scheme").asText()).isEqualTo("bearer");
    assertThat(document.at("/components/securitySchemes/bearer/description").asText()).startsWith("An API key "
        + "(`svc_live_…` or `svc_anon_…`) as a bearer token: `Authorization: Bearer <key>`.");
    assertThat(document.at("/components/securitySchemes/apiKey/type").asText()).isEqualTo("apiKey");
    assertThat(document.at("/components/securitySchemes/apiKey/in").asText()).isEqualTo("header");
    assertThat(document.at("/components/securitySchemes/apiKey/name").asText()).isEqualTo("X-Api-Key");
    assertThat(operation(document, "/v1/watch", "post").path("security").toString()).isEqualTo(KEYED);
    assertThat(operation(document, "/v1/check/rules", "get").path("security").toString()).isEqualTo(KEYED);
    assertThat(operation(document, "/v1/api_keys/rotate", "post").path("security").toString()).isEqualTo(KEYED);
    assertThat(operation(document, "/v1/subscribe", "post").path("security").toString())
        .isEqualTo("[{},{\"bearer\":[]},{\"apiKey\":[]}]");
    assertThat(operation(document, "/v1/auth/agent", "post").path("security").toString()).isEqualTo("[]");
    assertThat(operation(document, "/v1/auth/agent", "post").path("responses").has("401")).isFalse();
    assertThat(operation(document, "/v1/subscribe", "post").at("/responses/401/$ref").asText())
        .isEqualTo("#/components/responses/GatewayUnauthorized");
  }

  @Test
  void shouldSayInBothKeySchemesThatARequestCarriesOneCredential() throws IOException {
    var document = merge("media");

    for (var scheme : new String[] {"bearer", "apiKey"}) {
      assertThat(document.at("/components/securitySchemes/" + scheme + "/description").asText()).as(scheme)
          .contains("the same key in both headers is accepted")
          .contains("`Authorization: Bearer` and `X-Api-Key` with different keys, or either header repeated with "
              + "different values) are 400 `invalid_request` naming both headers")
          .contains("an `Authorization` that is not `Bearer` beside `X-Api-Key`");
    }
    assertThat(operation(document, "/v1/check/rules", "get").at("/responses/400/$ref").asText())
        .isEqualTo("#/components/responses/GatewayConflictingCredentials");
    assertThat(document.at("/components/responses/GatewayConflictingCredentials/content/application~1json/example"
        + "/error").asText()).isEqualTo("invalid_request");
    assertThat(operation(document, "/cdn/m/{mediaId}/{fileName}", "get").path("responses").has("400")).isFalse();
  }

  @Test
  void shouldDeclareTheIdempotencyKeyWhereTheGatewayHonoursIt() throws IOException {
    var document = merge("media", "auth");

    for (var keyed : new String[] {"/v1/watch", "/v1/subscribe"}) {
      var post = operation(document, keyed, "post");
      assertThat(post.path("parameters").toString()).as(keyed)
          .isEqualTo("[{\"$ref\":\"#/components/parameters/IdempotencyKey\"}]");
      var success = post.path("responses").properties().stream().filter(r -> r.getKey().startsWith("2"))
          .findFirst().orElseThrow().getValue();
      assertThat(success.at("/headers/Idempotent-Replayed/$ref").asText()).as(keyed)
          .isEqualTo("#/components/headers/Idempotent-Replayed");
    }
    var key = document.at("/components/parameters/IdempotencyKey");
    assertThat(key.path("name").asText()).isEqualTo("Idempotency-Key");
    assertThat(key.path("in").asText()).isEqualTo("header");
    assertThat(key.path("required").asBoolean(true)).isFalse();
    assertThat(key.at("/schema/minLength").asInt()).isEqualTo(1);
    assertThat(key.at("/schema/maxLength").asInt()).isEqualTo(255);
    assertThat(key.path("description").asText()).contains("`Idempotent-Replayed: true`", "24 hours",
        "idempotency_key_mismatch", "idempotency_key_in_use");
    assertThat(document.at("/components/headers/Idempotent-Replayed/schema/enum").toString()).isEqualTo("[\"true\"]");
    // Reads, and the public routes that issue a credential, ignore the key: nothing to declare there.
    assertThat(operation(document, "/v1/check/rules", "get").has("parameters")).isFalse();
    var register = operation(document, "/v1/auth/agent", "post");
    assertThat(register.has("parameters")).isFalse();
    assertThat(register.at("/responses/201/headers").has("Idempotent-Replayed")).isFalse();
    assertThat(register.path("description").asText()).contains("`Idempotency-Key` is ignored here");
  }

  @Test
  void shouldDeclareTheKeyOnRotateButNoReplayOfTheCredential() throws IOException {
    var document = merge("auth");

    var rotate = operation(document, "/v1/api_keys/rotate", "post");
    assertThat(rotate.path("parameters").toString())
        .isEqualTo("[{\"$ref\":\"#/components/parameters/IdempotencyKeyWithoutReplay\"}]");
    assertThat(rotate.at("/responses/200/headers").has("Idempotent-Replayed")).isFalse();
    assertThat(rotate.at("/responses/409/$ref").asText())
        .isEqualTo("#/components/responses/GatewayIdempotencyConflictOrIssued");
    var key = document.at("/components/parameters/IdempotencyKeyWithoutReplay");
    assertThat(key.path("name").asText()).isEqualTo("Idempotency-Key");
    assertThat(key.path("description").asText()).contains("shown once and never stored", "credential_issued");
  }

  @Test
  void shouldDeclareThe401WithItsChallenge() throws IOException {
    var document = merge("media");

    assertThat(operation(document, "/v1/watch", "post").at("/responses/401/$ref").asText())
        .isEqualTo("#/components/responses/GatewayUnauthorized");
    var unauthorized = document.at("/components/responses/GatewayUnauthorized");
    assertThat(unauthorized.at("/headers/WWW-Authenticate/$ref").asText())
        .isEqualTo("#/components/headers/WWW-Authenticate");
    assertThat(unauthorized.at("/content/application~1json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/Error");
    assertThat(unauthorized.at("/content/application~1json/example/error").asText()).isEqualTo("unauthorized");
    assertThat(document.at("/components/headers/WWW-Authenticate/example").asText())
        .isEqualTo("Bearer resource_metadata=\"http://localhost:8080/.well-known/oauth-protected-resource\"");
  }

  @Test
  void shouldDeclareTheRefusalsTheRouteCanGet() throws IOException {
    var document = merge("media");

    assertThat(operation(document, "/v1/watch", "post").at("/responses/403/$ref").asText())
        .isEqualTo("#/components/responses/GatewayScopeOrSubscriptionOrBucket");
    var watchRefusals = document.at("/components/responses/GatewayScopeOrSubscriptionOrBucket/content/"
        + "application~1json/examples");
    assertThat(watchRefusals.properties()).extracting(Map.Entry::getKey)
        .containsExactly("insufficient_scope", "subscription_required", "insufficient_scope_sub_key");
    assertThat(watchRefusals.at("/insufficient_scope_sub_key/value/bucket").asText()).isEqualTo("watch");
    assertThat(watchRefusals.at("/insufficient_scope_sub_key/value/message").asText()).contains("'watch' bucket");
    assertThat(operation(document, "/v1/check/rules", "get").at("/responses/403/$ref").asText())
        .isEqualTo("#/components/responses/GatewayInsufficientScope");
    assertThat(document.at("/components/responses/GatewayInsufficientScope/content/application~1json/example/error")
        .asText()).isEqualTo("insufficient_scope");
    assertThat(operation(document, "/cdn/m/{mediaId}/{fileName}", "get").path("responses").has("403")).isFalse();
  }

  @Test
  void shouldDeclareTheInsufficientScopeChallengeOnThe403() throws IOException {
    var document = merge("media");

    for (var forbidden : new String[] {"GatewayScopeOrSubscriptionOrBucket", "GatewayInsufficientScope"}) {
      assertThat(document.at("/components/responses/" + forbidden + "/headers/WWW-Authenticate/$ref").asText())
          .as(forbidden).isEqualTo("#/components/headers/InsufficientScopeChallenge");
    }
    var challenge = document.at("/components/headers/InsufficientScopeChallenge");
    assertThat(challenge.path("example").asText())
        .isEqualTo("Bearer error=\"insufficient_scope\", scope=\"api.write\"");
    assertThat(challenge.path("description").asText()).contains("not sent with `subscription_required`");
    assertThat(challenge.at("/schema/type").asText()).isEqualTo("string");
    // The 401's challenge stays its own.
    assertThat(document.at("/components/responses/GatewayUnauthorized/headers/WWW-Authenticate/$ref").asText())
        .isEqualTo("#/components/headers/WWW-Authenticate");
  }

  @Test
  void shouldDeclareTheDailyLimitOnMeteredOperationsOnly() throws IOException {
    var document = merge("media");

    var watch = operation(document, "/v1/watch", "post");
    assertThat(watch.at("/responses/429/$ref").asText()).isEqualTo("#/components/responses/GatewayRateLimitedWatch");
    var limited = document.at("/components/responses/GatewayRateLimitedWatch");
    assertThat(limited.path("headers").properties()).extracting(Map.Entry::getKey).contains("RateLimit-Limit",
        "RateLimit-Remaining", "RateLimit-Reset", "Retry-After");
    assertThat(limited.at("/content/application~1json/examples/rate_limited/value/error").asText())
        .isEqualTo("rate_limited");
    // A sub-key's own daily cap refuses with its own limit, beside the client's policy.
    assertThat(limited.at("/content/application~1json/examples/rate_limited_sub_key/value/subKey").asBoolean())
        .isTrue();
    assertThat(limited.path("description").asText()).contains("\"watch:key\"");
    assertThat(watch.at("/responses/200/headers").properties()).extracting(Map.Entry::getKey)
        .contains("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
    assertThat(document.at("/components/headers/Retry-After/schema/type").asText()).isEqualTo("integer");
    var rules = operation(document, "/v1/check/rules", "get");
    assertThat(rules.path("responses").has("429")).isFalse();
    assertThat(rules.at("/responses/200/headers").has("RateLimit-Limit")).isFalse();
  }

  @Test
  void shouldDeclareTheDraftRateLimitHeadersBesideTheTrio() throws IOException {
    var document = merge("media");

    var limited = document.at("/components/responses/GatewayRateLimitedWatch/headers");
    assertThat(limited.properties()).extracting(Map.Entry::getKey).contains("RateLimit-Policy", "RateLimit",
        "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After");
    var watchSuccess = operation(document, "/v1/watch", "post").at("/responses/200/headers");
    assertThat(watchSuccess.properties()).extracting(Map.Entry::getKey).contains("RateLimit-Policy", "RateLimit",
        "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
    assertThat(watchSuccess.at("/RateLimit-Policy/$ref").asText()).isEqualTo("#/components/headers/RateLimit-Policy");
    var policy = document.at("/components/headers/RateLimit-Policy");
    assertThat(policy.path("example").asText()).isEqualTo("\"scrape\";q=500;w=86400");
    assertThat(policy.path("required").asBoolean(false)).isFalse();
    assertThat(policy.at("/schema/type").asText()).isEqualTo("string");
    assertThat(policy.path("description").asText()).contains("draft-ietf-httpapi-ratelimit-headers-11");
    var remaining = document.at("/components/headers/RateLimit");
    assertThat(remaining.path("example").asText()).isEqualTo("\"scrape\";r=499;t=3600");
    assertThat(remaining.path("required").asBoolean(false)).isFalse();
    assertThat(operation(document, "/v1/check/rules", "get").at("/responses/200/headers").has("RateLimit")).isFalse();
  }

  @Test
  void shouldDeclareMaxCreditsAndCreditsRemainingOnCreditChargingOperationsOnly() throws IOException {
    var document = merge("media", "clone");

    var generate = operation(document, "/v1/images/generate", "post");
    assertThat(generate.path("parameters").findValuesAsText("$ref"))
        .contains("#/components/parameters/MaxCredits");
    assertThat(generate.at("/responses/202/headers/Credits-Remaining/$ref").asText())
        .isEqualTo("#/components/headers/Credits-Remaining");
    var cap = document.at("/components/parameters/MaxCredits");
    assertThat(cap.path("name").asText()).isEqualTo("Max-Credits");
    assertThat(cap.path("in").asText()).isEqualTo("header");
    assertThat(cap.path("description").asText()).contains("402 `budget_exceeded`");
    assertThat(cap.at("/schema/type").asText()).isEqualTo("integer");
    assertThat(document.at("/components/headers/Credits-Remaining/schema/type").asText()).isEqualTo("integer");
    // Metered but free, or neither: no credit headers.
    var watch = operation(document, "/v1/watch", "post");
    assertThat(watch.path("parameters").findValuesAsText("$ref")).doesNotContain("#/components/parameters/MaxCredits");
    assertThat(watch.at("/responses/200/headers").has("Credits-Remaining")).isFalse();
    assertThat(operation(document, "/v1/images/{id}", "get").at("/responses/200/headers").has("Credits-Remaining"))
        .isFalse();
  }

  @Test
  void shouldDeclareTheDryRunAndMaxCreditsRefusalsOfOperationsThatSpend() throws IOException {
    var document = merge("media", "clone");

    assertThat(operation(document, "/v1/images/generate", "post").at("/responses/400/$ref").asText())
        .isEqualTo("#/components/responses/GatewayConflictingCredentialsOrDryRunOrMaxCredits");
    var charging = document.at("/components/responses/GatewayConflictingCredentialsOrDryRunOrMaxCredits");
    assertThat(charging.path("description").asText()).contains("`field: \"dryRun\"`")
        .contains("`field: \"Max-Credits\"`").contains("before any unit or credit is spent");
    var examples = charging.at("/content/application~1json/examples");
    assertThat(examples.properties()).extracting(Map.Entry::getKey)
        .containsExactly("invalid_request", "invalid_request_dryRun", "invalid_request_Max-Credits");
    assertThat(examples.at("/invalid_request/value/message").asText()).contains("different credentials");
    assertThat(examples.at("/invalid_request_dryRun/value/field").asText()).isEqualTo("dryRun");
    assertThat(examples.at("/invalid_request_Max-Credits/value/field").asText()).isEqualTo("Max-Credits");
    assertThat(examples.at("/invalid_request_Max-Credits/value/message").asText()).contains("0 to 2147483647");

    // Metered but free: the dryRun refusal alone.
    assertThat(operation(document, "/v1/watch", "post").at("/responses/400/$ref").asText())
        .isEqualTo("#/components/responses/GatewayConflictingCredentialsOrDryRun");
    assertThat(document.at("/components/responses/GatewayConflictingCredentialsOrDryRun/content/application~1json/"
        + "examples").properties()).extracting(Map.Entry::getKey)
        .containsExactly("invalid_request", "invalid_request_dryRun");
    // Spending nothing: the two credentials alone.
    assertThat(operation(document, "/v1/check/rules", "get").at("/responses/400/$ref").asText())
        .isEqualTo("#/components/responses/GatewayConflictingCredentials");
    assertThat(operation(document, "/v1/images/{id}", "get").at("/responses/400/$ref").asText())
        .isEqualTo("#/components/responses/GatewayConflictingCredentials");
  }

  @Test
  void shouldDeclareWhereASubKeyIsRefused() throws IOException {
    var document = merge("clone", "auth");

    var keys = operation(document, "/v1/api_keys", "get");
    assertThat(keys.at("/responses/403/$ref").asText()).isEqualTo("#/components/responses/GatewayKeyManagement");
    assertThat(document.at("/components/responses/GatewayKeyManagement/content/application~1json/examples")
        .properties()).extracting(Map.Entry::getKey)
        .containsExactly("insufficient_scope", "subscription_required", "insufficient_scope_sub_key");
    assertThat(operation(document, "/v1/webhooks", "get").at("/responses/403/$ref").asText())
        .isEqualTo("#/components/responses/GatewayInsufficientScopeOrSubKey");
    // Rotating and subscribing ask no scope, but refuse a sub-key.
    for (var path : List.of("/v1/api_keys/rotate", "/v1/subscribe")) {
      assertThat(operation(document, path, "post").at("/responses/403/$ref").asText()).as(path)
          .isEqualTo("#/components/responses/GatewaySubKeyRefused");
    }
    var refused = document.at("/components/responses/GatewaySubKeyRefused");
    assertThat(refused.at("/content/application~1json/example/subKey").asBoolean()).isTrue();
    assertThat(refused.has("headers")).isFalse();
    assertThat(operation(document, "/v1/images/{id}", "get").at("/responses/403/$ref").asText())
        .isEqualTo("#/components/responses/GatewayInsufficientScope");
  }

  /** Read from the gateway's own document, in process: its /q/openapi answers 404 on the public port. */
  @Test
  void shouldDeclareTheBucketOfTheErrorBody() {
    var bucket = merged.documentKeepingOnlyWhole().at("/components/schemas/Error/properties/bucket");

    assertThat(bucket.path("type").asText()).isEqualTo("string");
    assertThat(bucket.path("example").asText()).isEqualTo("scrape");
    assertThat(bucket.path("description").asText()).contains("429 `rate_limited`", "GET /v1/usage");
  }

  @Test
  void shouldDeclareTheGatewaysOwnFailures() throws IOException {
    var document = merge("media");

    var responses = operation(document, "/v1/watch", "post").path("responses");
    assertThat(responses.at("/413/$ref").asText()).isEqualTo("#/components/responses/GatewayBodyTooLarge");
    assertThat(responses.at("/414/$ref").asText()).isEqualTo("#/components/responses/GatewayUriTooLong");
    assertThat(responses.at("/431/$ref").asText()).isEqualTo("#/components/responses/GatewayHeadersTooLarge");
    assertThat(responses.at("/500/$ref").asText()).isEqualTo("#/components/responses/GatewayInternalError");
    assertThat(responses.at("/502/$ref").asText()).isEqualTo("#/components/responses/GatewayUpstreamError");
    assertThat(responses.at("/504/$ref").asText()).isEqualTo("#/components/responses/GatewayUpstreamTimeout");
    assertThat(document.at("/components/responses/GatewayInternalError/content/application~1json/example/error")
        .asText()).isEqualTo("internal_error");
    assertThat(document.at("/components/responses/GatewayUpstreamError/content/application~1json/example/error")
        .asText()).isEqualTo("upstream_error");
    // A read takes no body, but one sent past the limit is refused all the same: the 413 is declared there too.
    assertThat(operation(document, "/v1/check/rules", "get").at("/responses/413/$ref").asText())
        .isEqualTo("#/components/responses/GatewayBodyTooLarge");
  }

  @Test
  void shouldKeepWhatAServiceDeclaredItself() throws IOException {
    var document = merge("media", "auth");

    var ownUnavailable = operation(document, "/v1/watch", "post").at("/responses/503");
    assertThat(ownUnavailable.has("$ref")).isFalse();
    assertThat(ownUnavailable.path("description").asText()).startsWith("`provider_not_configured`: no provider.")
        .contains("service_unavailable");
    var ownUnauthorized = operation(document, "/v1/api_keys/rotate", "post").at("/responses/401");
    assertThat(ownUnauthorized.path("description").asText()).startsWith("auth's own: the key is revoked.");
    assertThat(ownUnauthorized.at("/headers/WWW-Authenticate/$ref").asText())
        .isEqualTo("#/components/headers/WWW-Authenticate");
  }

  /**
   * A service names the platform's shared answers with {@code x-answers}, which become {@code $ref}s; a reference
   * takes no siblings, so where the gateway answers the same status with its own codes the answer is written out.
   */
  @Test
  void shouldWriteOutASharedAnswerWhereTheGatewayAddsItsCodes() throws IOException {
    var shared = JSON.readTree("""
        {"openapi": "3.0.3", "paths": {
          "/v1/watch": {"post": {"operationId": "watchVideo", "requestBody": {"content": {"application/json": {}}},
            "responses": {"200": {"description": "ok"},
              "400": {"$ref": "#/components/responses/InvalidRequest"},
              "404": {"$ref": "#/components/responses/NotFound"},
              "409": {"$ref": "#/components/responses/Conflict"},
              "413": {"$ref": "#/components/responses/PayloadTooLarge"},
              "422": {"$ref": "#/components/responses/Unprocessable"},
              "503": {"$ref": "#/components/responses/ProviderNotConfigured"}}}}},
         "components": {"schemas": {"Error": {"type": "object"}}, "responses": {
           "InvalidRequest": {"description": "`invalid_request`: a field is wrong.", "content": {"application/json":
             {"schema": {"$ref": "#/components/schemas/Error"}}}},
           "NotFound": {"description": "`not_found`: nothing of yours.", "content": {"application/json":
             {"schema": {"$ref": "#/components/schemas/Error"}}}},
           "Conflict": {"description": "`conflict`: it clashes.", "content": {"application/json":
             {"schema": {"$ref": "#/components/schemas/Error"}}}},
           "PayloadTooLarge": {"description": "`payload_too_large`: too big.", "content": {"application/json":
             {"schema": {"$ref": "#/components/schemas/Error"}}}},
           "Unprocessable": {"description": "`unprocessable`: cannot be done.", "content": {"application/json":
             {"schema": {"$ref": "#/components/schemas/Error"}}}},
           "ProviderNotConfigured": {"description": "`provider_not_configured`: no provider.", "content":
             {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}}""");

    var document = merged.merge(Map.of("media", shared), new ArrayList<>());

    var responses = operation(document, "/v1/watch", "post").path("responses");
    var conflict = responses.path("409");
    assertThat(conflict.has("$ref")).isFalse();
    assertThat(conflict.path("description").asText()).startsWith("`conflict`: it clashes. From the gateway: ")
        .contains("`idempotency_key_in_use`");
    assertThat(conflict.at("/content/application~1json/schema/$ref").asText()).isEqualTo("#/components/schemas/Error");
    assertThat(responses.at("/422/description").asText()).startsWith("`unprocessable`: cannot be done.")
        .contains("`idempotency_key_mismatch`");
    assertThat(responses.at("/503/description").asText()).startsWith("`provider_not_configured`: no provider.")
        .contains("`service_unavailable`");
    // What already says the gateway's code, and a status the gateway never gives, stay references.
    assertThat(responses.at("/400/$ref").asText()).isEqualTo("#/components/responses/InvalidRequest");
    assertThat(responses.at("/413/$ref").asText()).isEqualTo("#/components/responses/PayloadTooLarge");
    assertThat(responses.at("/404/$ref").asText()).isEqualTo("#/components/responses/NotFound");
    // The shared components are left as every other operation reads them.
    assertThat(document.at("/components/responses/Conflict/description").asText())
        .isEqualTo("`conflict`: it clashes.");
    assertThat(document.at("/components/responses/Unprocessable").has("headers")).isFalse();
  }

  @Test
  void shouldAnswerProblemDetailsOnTheRegistrationFamily() throws IOException {
    var document = merge("auth");

    var register = operation(document, "/v1/auth/agent", "post");
    assertThat(register.at("/responses/500/$ref").asText())
        .isEqualTo("#/components/responses/GatewayInternalErrorProblem");
    var problem = document.at("/components/responses/GatewayInternalErrorProblem/content");
    assertThat(problem.properties()).extracting(Map.Entry::getKey).containsExactly("application/problem+json");
    assertThat(problem.at("/application~1problem+json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/Problem");
    assertThat(problem.at("/application~1problem+json/example/type").asText())
        .isEqualTo("/docs/errors#internal_error");
    assertThat(operation(document, "/v1/subscribe", "post").at("/responses/500/$ref").asText())
        .isEqualTo("#/components/responses/GatewayInternalError");
  }

  @Test
  void shouldKeepTheCdnWhetherItIsAPathOrABaseUrl() throws IOException {
    var document = merge("media");

    var object = operation(document, "/cdn/m/{mediaId}/{fileName}", "get");
    assertThat(object.path("operationId").asText()).isEqualTo("getCdnObject");
    assertThat(object.path("security").toString()).isEqualTo("[]");
    assertThat(operation(document, "/m/{mediaId}/{name}", "head").path("operationId").asText())
        .isEqualTo("headCdnObject");
    assertThat(document.path("paths").has("/v1/not-routed")).isFalse();
    assertThat(document.at("/info/x-merge-conflicts").toString()).contains("GET /v1/not-routed");
  }

  @Test
  void shouldMergeIntoTheSameDocumentWhateverOrderTheServicesAnswerIn() throws IOException {
    var forwards = merge("media", "auth");
    var backwards = merge("auth", "media");

    assertThat(JSON.writeValueAsString(backwards)).isEqualTo(JSON.writeValueAsString(forwards));
    var paths = new ArrayList<String>();
    forwards.path("paths").fieldNames().forEachRemaining(paths::add);
    assertThat(paths).isSorted();
    var watchStatuses = new ArrayList<String>();
    operation(forwards, "/v1/watch", "post").path("responses").fieldNames().forEachRemaining(watchStatuses::add);
    assertThat(watchStatuses).isSorted();
  }

  @Test
  void shouldWriteTheIntroductionSoNothingInItIsTakenForHtml() throws IOException {
    var description = merge("media").at("/info/description").asText();

    assertThat(description).contains("`Authorization: Bearer <key>`").contains("`X-Api-Key: <key>`")
        .contains("[/docs/errors](/docs/errors)");
    assertThat(description.replaceAll("`[^`]*`", "")).doesNotContain("<", ">");
  }

  /** The page is described in the gateway's own openapi.yaml (Swagger UI serves it; no resource declares it). */
  @Test
  void shouldListTheDocsPageButNotForAgents() {
    var docs = operation(merged.documentKeepingOnlyWhole(), "/docs", "get");

    assertThat(docs.path("operationId").asText()).isEqualTo("getApiDocsPage");
    assertThat(docs.path("x-mcp").asBoolean(true)).isFalse();
    assertThat(docs.path("security").toString()).isEqualTo("[]");
    assertThat(docs.at("/tags/0").asText()).isEqualTo(DiscoveryTag.NAME);
  }
}
