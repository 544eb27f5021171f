package dev.videoautomation.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;

/** Auth's own OpenAPI document: what agents' tool-chains read, so its shape is held here (issue 21). */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiDocumentTest {
  private JsonNode document;

  // Read per test instance: RestAssured knows the application's port only once Quarkus has started.
  @BeforeEach
  void readDocument() throws Exception {
    document = new ObjectMapper().readTree(given().accept("application/json").when()
        .get("/q/openapi?format=json").then().statusCode(200).extract().asString());
  }

  @Test
  void shouldNameAndTagEveryOperationOnce() {
    var declaredTags = new HashSet<String>();
    document.path("tags").forEach(tag -> {
      assertThat(tag.path("description").asText()).as("tag %s", tag.path("name")).isNotBlank();
      declaredTags.add(tag.path("name").asText());
    });
    var ids = new ArrayList<String>();
    operations().forEach((where, operation) -> {
      assertThat(operation.path("operationId").asText()).as(where).matches("^[a-z][A-Za-z]+$");
      ids.add(operation.path("operationId").asText());
      assertThat(operation.path("tags")).as(where).hasSize(1);
      assertThat(declaredTags).as(where).contains(operation.path("tags").get(0).asText());
      assertThat(operation.path("summary").asText()).as(where).isNotBlank();
    });
    assertThat(ids).doesNotHaveDuplicates().contains("registerAgent", "startClaim", "completeClaim",
        "receiveLogoutToken", "rotateApiKey", "recoverApiKey", "revokeLeakedApiKey", "verifyRecoveryEmail", "showClaimPage",
        "submitClaimPage", "getProtectedResourceMetadata", "getAuthorizationServerMetadata", "getAgentAuthManifest",
        "createApiKey", "listApiKeys", "getApiKey", "updateApiKey", "deleteApiKey");
  }

  @Test
  void shouldNoLongerSayKeysNeverExpireSinceSubKeysDo() {
    for (var schema : List.of("Credential", "RotatedCredential", "AnonymousRegistration")) {
      var text = document.at("/components/schemas/" + schema + "/properties/credential_expires/description")
          .asText();
      assertThat(text).as(schema).doesNotContain("keys do not expire").contains("Sub-keys", "expiresAt", "401");
    }
  }

  @Test
  void shouldDocumentTheKeyManagementOperationsAndTheBucketsAsThePlatformNamesThem() {
    var buckets = new ArrayList<String>();
    document.at("/components/schemas/BucketName/enum").forEach(name -> buckets.add(name.asText()));
    assertThat(buckets).containsExactlyElementsOf(java.util.Arrays.stream(
        dev.videoautomation.platform.limits.LimitBucket.values()).map(b -> b.bucketName()).toList());
    var create = document.at("/paths/~1v1~1api_keys/post");
    assertThat(create.path("responses").fieldNames()).toIterable()
        .contains("201", "400", "401", "403", "409", "415", "503").doesNotContain("200");
    assertThat(create.at("/responses/201/content/application~1json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/NewApiKey");
    assertThat(document.at("/components/schemas/NewApiKey/required").toString())
        .contains("credential", "creditBudget", "creditsSpent", "dailyUnits", "expiresAt");
    assertThat(document.at("/components/schemas/ApiKeyView/properties").has("credential")).isFalse();
    for (var pointer : List.of("/paths/~1v1~1api_keys/post", "/paths/~1v1~1api_keys/get",
        "/paths/~1v1~1api_keys~1{id}/get", "/paths/~1v1~1api_keys~1{id}/put", "/paths/~1v1~1api_keys~1{id}/delete")) {
      var description = document.at(pointer + "/description").asText();
      assertThat(description).as(pointer).isNotBlank();
      assertThat(description.split("\n\n")[0].length()).as(pointer).isLessThanOrEqualTo(600);
      assertThat(document.at(pointer + "/responses/403/description").asText()).as(pointer).contains("sub-key");
    }
    assertThat(document.at("/paths/~1v1~1api_keys~1{id}/delete/responses/409/description").asText())
        .contains("primary key");
  }

  @Test
  void shouldNameSchemasForWhatTheyAreAndShareThePlatformErrorBodies() {
    var names = new ArrayList<String>();
    document.path("components").path("schemas").fieldNames().forEachRemaining(names::add);
    assertThat(names).allSatisfy(name -> assertThat(name).doesNotMatch(".*\\d$")
        .isNotIn("RoutingContext", "HttpServerRequest", "Session", "ByteBuf", "Buffer", "MultipartForm"))
        .contains("Error", "Problem").doesNotContain("AuthError", "AuthProblem");
  }

  @Test
  void shouldAnswerProblemDetailsForEveryErrorOfTheRegistrationFamily() {
    operations().forEach((where, operation) -> operation.path("responses").fields().forEachRemaining(answer -> {
      if (answer.getKey().compareTo("400") < 0 || !where.contains(" /v1/")) {
        return;
      }
      // A shared answer (x-answers) is a reference to the component that carries the body.
      var ref = answer.getValue().path("$ref").asText();
      var content = (ref.isEmpty() ? answer.getValue()
          : document.at(ref.substring(1))).path("content");
      var expected = where.contains(" /v1/auth/agent") ? Map.entry("application/problem+json", "Problem")
          : Map.entry("application/json", "Error");
      assertThat(content.path(expected.getKey()).path("schema").path("$ref").asText()).as("%s %s", where,
          answer.getKey()).isEqualTo("#/components/schemas/" + expected.getValue());
    }));
  }

  @Test
  void shouldDocumentTheRegistrationAndLogoutReceiverAsTheyAnswer() {
    var register = document.at("/paths/~1v1~1auth~1agent/post");
    assertThat(register.path("responses").has("201")).isTrue();
    assertThat(register.path("responses").has("200")).isFalse();
    var revoke = document.at("/paths/~1v1~1auth~1agent~1revoke/post");
    assertThat(revoke.path("requestBody").path("content").fieldNames()).toIterable()
        .containsExactly("application/logout+jwt");
    assertThat(revoke.path("requestBody").at("/content/application~1logout+jwt/schema/maxLength").asInt())
        .isEqualTo(16_384);
    assertThat(revoke.path("parameters").findValuesAsText("name")).doesNotContain("Content-Type");
  }

  @Test
  void shouldKeepThePagesForPeopleAndTheLogoutReceiverOutOfAgentTools() {
    for (var pointer : List.of("/paths/~1claim~1{claimToken}/get", "/paths/~1claim~1{claimToken}/post",
        "/paths/~1v1~1auth~1agent~1revoke/post")) {
      assertThat(document.at(pointer).path("x-mcp").isBoolean()).as(pointer).isTrue();
      assertThat(document.at(pointer).path("x-mcp").asBoolean()).as(pointer).isFalse();
    }
    assertThat(operations().entrySet().stream().filter(e -> e.getValue().has("x-mcp")).map(Map.Entry::getKey))
        .hasSize(3);
  }

  private Map<String, JsonNode> operations() {
    var operations = new java.util.LinkedHashMap<String, JsonNode>();
    document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
      if (List.of("get", "put", "post", "delete", "patch").contains(op.getKey())) {
        operations.put(op.getKey().toUpperCase() + " " + path.getKey(), op.getValue());
      }
    }));
    return operations;
  }
}
