package dev.videoautomation.records;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The document agents generate clients from (issue 21): what the contract proxy, the generator and the linter found
 * wrong must stay fixed. Reads the service's own document, as the gateway does before merging it.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class OpenApiDocumentTest {
  private static final List<String> KINDS = List.of("accounts", "posts", "references", "assets", "projects",
      "campaigns");
  private static final Set<String> FRAMEWORK_TYPES = Set.of("RoutingContext", "Session", "ByteBuf", "MultipartForm",
      "UriInfo", "HttpServerRequest", "Response", "InputStream", "JsonNode", "Object");
  /** Provider data passed through as given: unbounded by design (.spectral.yaml switches the rule off for them). */
  private static final Set<String> UNBOUNDED_STRINGS = Set.of("AccountView.displayName", "AccountView.profileUrl",
      "PostView.externalId", "PostView.postUrl", "PostView.errorMessage");
  private static final List<String> WEBHOOK_OPERATIONS = List.of("createWebhook", "listWebhooks", "getWebhook",
      "deleteWebhook", "rotateWebhookSecret", "enableWebhook", "listWebhookDeliveries", "redeliverWebhookDelivery");
  private static JsonNode document;

  /** Read once, on the first test: RestAssured knows the test port only once Quarkus has started. */
  @BeforeEach
  void readTheDocument() throws Exception {
    if (document != null) {
      return;
    }
    var text = given().accept("application/json").queryParam("format", "json").when().get("/q/openapi").then()
        .statusCode(200).extract().asString();
    document = new ObjectMapper().readTree(text);
  }

  @Test
  void shouldNameAndTagEveryOperationOnce() {
    var declaredTags = new HashSet<String>();
    document.path("tags").forEach(tag -> {
      assertThat(tag.path("description").asText()).as("tag %s has a description", tag.path("name")).isNotBlank();
      declaredTags.add(tag.path("name").asText());
    });
    var ids = new ArrayList<String>();
    eachOperation((where, operation) -> {
      var id = operation.path("operationId").asText();
      assertThat(id).as("operationId of %s", where).matches("[a-z]+[A-Z][A-Za-z]+");
      ids.add(id);
      assertThat(operation.path("tags")).as("tags of %s", where).hasSize(1);
      assertThat(declaredTags).as("tag of %s is declared", where).contains(operation.path("tags").get(0).asText());
      assertThat(operation.path("summary").asText()).as("summary of %s", where).isNotBlank();
    });
    assertThat(ids).hasSize(KINDS.size() * 7 + WEBHOOK_OPERATIONS.size()).doesNotHaveDuplicates()
        .containsAll(WEBHOOK_OPERATIONS)
        .contains("createReference", "listReferences", "getReference", "updateReference", "updateReferenceById",
            "deleteReference", "deleteReferenceById", "archiveProject", "archiveProjectById", "createAccount");
  }

  @Test
  void shouldNameEverySchemaForWhatItIs() {
    document.path("components").path("schemas").fieldNames().forEachRemaining(name -> {
      assertThat(name).as("schema name").doesNotMatch(".*\\d$");
      assertThat(FRAMEWORK_TYPES).as("schema name").doesNotContain(name);
    });
    assertThat(document.path("components").path("schemas").has("ReferencePage")).isTrue();
  }

  @Test
  void shouldTakeABodyOnlyWhereOneIsRead() {
    eachOperation((where, operation) -> {
      if (where.startsWith("GET ") || where.startsWith("DELETE /v1/") && where.contains("{id}")) {
        assertThat(operation.has("requestBody")).as("%s takes no body", where).isFalse();
      }
    });
    for (var kind : KINDS) {
      var body = resolve(document.path("paths").path("/v1/" + kind).path("delete").path("requestBody"));
      assertThat(body.path("required").asBoolean(true))
          .as("DELETE /v1/%s: the body is optional (?id= is enough)", kind).isFalse();
      assertThat(body.path("content").path("application/json").path("schema").path("$ref")
          .asText()).isEqualTo("#/components/schemas/RecordDeleteBody");
      for (var method : List.of("put", "delete")) {
        var id = queryParameter(document.path("paths").path("/v1/" + kind).path(method), "id");
        assertThat(id.path("required").asBoolean(false)).as("%s /v1/%s ?id= is optional", method, kind).isFalse();
        assertThat(id.path("schema").path("maxLength").asInt()).isEqualTo(64);
      }
    }
  }

  @Test
  void shouldDescribeListPagesAsAnswered() {
    for (var kind : KINDS) {
      var list = document.path("paths").path("/v1/" + kind).path("get");
      var limit = resolve(queryParameter(list, "limit")).path("schema");
      assertThat(limit.path("minimum").asInt()).isEqualTo(1);
      assertThat(limit.path("maximum").asInt()).isEqualTo(200);
      var page = resolve(list.path("responses").path("200").path("content").path("application/json")
          .path("schema"));
      assertThat(page.path("properties").path("data").path("maxItems").asInt()).as("%s data", kind)
          .isEqualTo(PageRequest.MAX_LIMIT);
      var nextCursor = page.path("properties").path("nextCursor");
      assertThat(nextCursor.path("nullable").asBoolean()).as("%s nextCursor", kind).isTrue();
      // The page schemas are written in openapi.yaml: their cursor is the one the shared Cursor parameter takes.
      var cursor = resolve(queryParameter(list, "cursor")).path("schema");
      assertThat(nextCursor.path("maxLength")).as("%s nextCursor", kind).isEqualTo(cursor.path("maxLength"));
      assertThat(nextCursor.path("pattern")).as("%s nextCursor", kind).isEqualTo(cursor.path("pattern"));
    }
  }

  @Test
  void shouldMarkEveryFieldAnsweredNullAsNullable() {
    var schemas = document.path("components").path("schemas");
    for (var field : List.of("ReferenceView.title", "ReferenceView.notes", "ReferenceView.platform",
        "AssetView.name", "AssetView.contentType", "AssetView.sizeBytes", "CampaignView.name",
        "ProjectView.archivedAt", "AccountView.failureReason", "AccountView.displayName", "AccountView.followers",
        "AccountView.profileUrl", "PostView.caption", "PostView.publishedAt", "PostView.externalId",
        "PostView.postUrl", "PostView.errorCode", "PostView.errorMessage")) {
      var parts = field.split("\\.");
      assertThat(schemas.path(parts[0]).path("properties").path(parts[1]).path("nullable").asBoolean())
          .as(field).isTrue();
    }
  }

  @Test
  void shouldBoundEveryStringItTakesOrAnswers() {
    document.path("components").path("schemas").fields().forEachRemaining(schema -> schema.getValue()
        .path("properties").fields().forEachRemaining(property -> {
          var name = schema.getKey() + "." + property.getKey();
          var value = property.getValue();
          if ("string".equals(value.path("type").asText()) && !UNBOUNDED_STRINGS.contains(name)) {
            assertThat(value.has("maxLength") || value.has("enum")).as("%s is bounded", name).isTrue();
          }
        }));
  }

  @Test
  void shouldDeclareTheStatusesTheOperationsAnswer() {
    var paths = document.path("paths");
    assertThat(paths.path("/v1/references").path("post").path("responses").has("201")).isTrue();
    assertThat(paths.path("/v1/accounts").path("post").path("responses").has("202")).isTrue();
    assertThat(paths.path("/v1/accounts").path("post").path("responses").has("402")).isTrue();
    assertThat(paths.path("/v1/posts/{id}").path("delete").path("responses").has("409")).isTrue();
    eachOperation((where, operation) -> {
      var responses = operation.path("responses");
      assertThat(responses.has("400")).as("%s declares 400", where).isTrue();
      assertThat(responses.has("503")).as("%s declares 503", where).isTrue();
      if (where.contains("{id}") || where.startsWith("PUT ") || where.startsWith("DELETE ")) {
        assertThat(responses.has("404")).as("%s declares 404", where).isTrue();
      }
      responses.fields().forEachRemaining(answer -> {
        if (answer.getKey().startsWith("4") || answer.getKey().startsWith("5")) {
          assertThat(resolve(answer.getValue()).path("content").path("application/json").path("schema")
              .path("$ref").asText()).as("%s %s body: %s", where, answer.getKey(), answer.getValue())
              .isEqualTo("#/components/schemas/Error");
        }
      });
    });
  }

  private static void eachOperation(BiConsumer<String, JsonNode> check) {
    document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(method -> {
      if (!method.getKey().equals("parameters")) {
        check.accept(method.getKey().toUpperCase() + " " + path.getKey(), method.getValue());
      }
    }));
  }

  private static JsonNode queryParameter(JsonNode operation, String name) {
    for (var parameter : operation.path("parameters")) {
      var resolved = resolve(parameter);
      if (name.equals(resolved.path("name").asText()) && "query".equals(resolved.path("in").asText())) {
        return resolved;
      }
    }
    throw new AssertionError("no ?" + name + "= on " + operation.path("operationId").asText());
  }

  /** Follows a local {@code $ref} ({@code #/components/...}) to what it names. */
  private static JsonNode resolve(JsonNode node) {
    var ref = node.path("$ref").asText();
    return ref.isEmpty() ? node : document.at(ref.substring(1));
  }
}
