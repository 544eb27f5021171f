package dev.videoautomation.media;

import static dev.videoautomation.media.TestMedia.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.testing.PostgresResource;

/**
 * Media's own OpenAPI document, as the gateway merges it: names, tags and the fixes of issue 21 hold, and the
 * document's examples and real answers pass the validator the system tests use (swagger-request-validator).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MediaOpenApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "head", "patch", "options");
  private static final String CDN_PATH = "/cdn/m/{mediaId}/{fileName}";
  private static final String RESPONSES = "#/components/responses/";
  private static JsonNode document;
  private static OpenApiInteractionValidator validator;

  /** Read once, in the first test: RestAssured knows the test port only once a test runs. */
  @BeforeEach
  void readDocument() throws Exception {
    if (document != null) {
      return;
    }
    var text = given().accept("application/json").when().get("/q/openapi?format=json").then().statusCode(200)
        .extract().asString();
    document = JSON.readTree(text);
    validator = OpenApiInteractionValidator.createForInlineApiSpecification(text).build();
  }

  private static List<Map.Entry<String, JsonNode>> operations() {
    var found = new ArrayList<Map.Entry<String, JsonNode>>();
    document.get("paths").properties().forEach(path -> path.getValue().properties().stream()
        .filter(method -> METHODS.contains(method.getKey()))
        .forEach(method -> found.add(Map.entry(method.getKey().toUpperCase() + " " + path.getKey(),
            method.getValue()))));
    return found;
  }

  @Test
  void shouldNameAndTagEveryOperation() {
    var ids = new HashSet<String>();
    var described = new HashSet<String>();
    document.get("tags").forEach(tag -> {
      assertThat(tag.path("description").asText()).as("tag %s", tag.get("name")).isNotBlank();
      described.add(tag.get("name").asText());
    });
    assertThat(operations()).hasSizeGreaterThanOrEqualTo(13);
    for (var operation : operations()) {
      var id = operation.getValue().path("operationId").asText();
      assertThat(id).as(operation.getKey()).matches("[a-z]+[A-Za-z]*");
      assertThat(ids.add(id)).as("unique operationId %s", id).isTrue();
      assertThat(operation.getValue().path("tags")).as(operation.getKey()).hasSize(1);
      assertThat(described).contains(operation.getValue().path("tags").get(0).asText());
      assertThat(operation.getValue().path("summary").asText()).as(operation.getKey()).isNotBlank();
    }
  }

  @Test
  void shouldNameSchemasForWhatTheyAreAndDeclareEveryErrorWithTheErrorBody() {
    var names = new ArrayList<String>();
    document.get("components").get("schemas").fieldNames().forEachRemaining(names::add);
    assertThat(names).noneMatch(name -> name.matches(".*\\d$"))
        .doesNotContain("RoutingContext", "Session", "ByteBuf", "FileUpload", "InputStream", "JsonNode", "Response",
            "MultipartForm", "HttpServerRequest");
    // Only the CDN answers errors without a body (416, and every HEAD answer).
    for (var operation : operations()) {
      var bodiless = operation.getKey().contains("/cdn/") ? Set.of("416") : Set.<String>of();
      operation.getValue().get("responses").properties().stream().filter(answer -> answer.getKey().matches("[45]..")
          && !operation.getKey().startsWith("HEAD") && !bodiless.contains(answer.getKey())).forEach(answer ->
          assertThat(resolved(answer.getValue()).at("/content/application~1json/schema/$ref").asText())
              .as("%s %s", operation.getKey(), answer.getKey()).isEqualTo("#/components/schemas/Error"));
    }
  }

  /**
   * An error answer several operations give is one named response ({@code x-answers}), so its words live in one
   * place. A 422 stays written out in each operation: the keyed POSTs are where the gateway adds its own 422
   * (idempotency_key_mismatch), and it can only add to an answer written out.
   */
  @Test
  void shouldWordEachSharedErrorAnswerOnce() {
    var seen = new HashMap<String, String>();
    var repeated = new ArrayList<String>();
    for (var operation : operations()) {
      operation.getValue().get("responses").properties().stream()
          .filter(answer -> answer.getKey().matches("[45]..") && !answer.getValue().has("$ref"))
          .filter(answer -> !answer.getKey().equals("422") && !operation.getKey().startsWith("HEAD"))
          .forEach(answer -> {
            var first = seen.putIfAbsent(answer.getValue().path("description").asText(), operation.getKey());
            if (first != null) {
              repeated.add(operation.getKey() + " " + answer.getKey() + " (as " + first + ")");
            }
          });
      assertThat(operation.getValue().at("/responses/422/$ref").isMissingNode()).as("%s 422", operation.getKey())
          .isTrue();
    }

    assertThat(repeated).as("error answers written out in more than one operation").isEmpty();
  }

  @Test
  void shouldNameTheAnswersOfASourceOrAProviderFailing() {
    for (var path : List.of("/v1/watch", "/v1/transcribe")) {
      var responses = document.get("paths").get(path).get("post").get("responses");
      assertThat(responses.at("/502/$ref").asText()).as(path).isEqualTo(RESPONSES + "SourceOrProviderFailed");
      assertThat(responses.at("/503/$ref").asText()).as(path).isEqualTo(RESPONSES + "ToolsBusyOrNoProvider");
      assertThat(responses.at("/504/$ref").asText()).as(path).isEqualTo(RESPONSES + "SourceOrProviderTimeout");
    }
    var prompt = document.at("/paths/~1v1~1compliance~1prompt/post/responses");
    assertThat(prompt.at("/502/$ref").asText()).isEqualTo(RESPONSES + "ProviderFailed");
    assertThat(prompt.at("/415/$ref").asText()).as("the platform's own").isEqualTo(RESPONSES + "UnsupportedMediaType");
    assertThat(resolved(prompt.get("502")).path("description").asText())
        .contains("provider_auth_failed", "provider_credits_exhausted", "upstream_error")
        .doesNotContain("source URL");
    assertThat(resolved(document.at("/paths/~1v1~1watch/post/responses/503")).path("description").asText())
        .contains("service_unavailable", "provider_not_configured");
  }

  /** A response, or the named one it refers to. */
  private static JsonNode resolved(JsonNode response) {
    var ref = response.path("$ref").asText("");
    return ref.startsWith(RESPONSES) ? document.at("/components/responses/" + ref.substring(RESPONSES.length()))
        : response;
  }

  @Test
  void shouldPassEveryExampleOfTheDocumentThroughTheValidator() throws Exception {
    int checked = 0;
    for (var operation : operations()) {
      var method = Request.Method.valueOf(operation.getKey().split(" ")[0]);
      var path = operation.getKey().split(" ")[1];
      for (var content : operation.getValue().at("/requestBody/content").properties()) {
        for (var example : content.getValue().path("examples").properties()) {
          var request = new SimpleRequest.Builder(method, path).withContentType(content.getKey())
              .withBody(JSON.writeValueAsString(example.getValue().get("value"))).build();
          assertValid(validator.validateRequest(request), operation.getKey() + " example " + example.getKey());
          checked++;
        }
      }
      for (var answer : operation.getValue().get("responses").properties()) {
        for (var content : answer.getValue().path("content").properties()) {
          for (var example : content.getValue().path("examples").properties()) {
            var response = SimpleResponse.Builder.status(Integer.parseInt(answer.getKey()))
                .withContentType(content.getKey())
                .withBody(JSON.writeValueAsString(example.getValue().get("value"))).build();
            assertValid(validator.validateResponse(path, method, response),
                operation.getKey() + " " + answer.getKey() + " example " + example.getKey());
            checked++;
          }
        }
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(10);
  }

  @Test
  void shouldTakeRuleValuesOfEveryTypeTheVocabularyHas() {
    var value = document.at("/components/schemas/CheckCustomRuleInput/properties/value");
    assertThat(value.has("type")).as("rules[].value is free-form").isFalse();
    var examples = document.at("/paths/~1v1~1check~1rules/put/requestBody/content/application~1json/examples");
    assertThat(examples.properties()).hasSize(2);

    var client = Ids.newId(IdPrefix.CLI);
    var body = "{\"rules\":[{\"platform\":\"shortvideo\",\"rule\":\"duration.max\",\"value\":60.5},"
        + "{\"platform\":\"shortvideo\",\"rule\":\"aspectRatio.recommended\",\"value\":\"9:16\"},"
        + "{\"platform\":\"shortvideo\",\"rule\":\"caption.forbiddenWords\",\"value\":[\"giveaway\"]},"
        + "{\"platform\":\"photo\",\"rule\":\"audio.required\",\"value\":true},"
        + "{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"severity\":\"off\"}]}";
    assertValid(validator.validateRequest(SimpleRequest.Builder.put("/v1/check/rules")
        .withContentType("application/json").withBody(body).build()), "PUT /v1/check/rules");
    var saved = as(client).contentType("application/json").body(body).when().put("/v1/check/rules").then()
        .statusCode(200).extract().asString();
    assertValid(validator.validateResponse("/v1/check/rules", Request.Method.PUT, SimpleResponse.Builder.ok()
        .withContentType("application/json").withBody(saved).build()), "the saved rules");
  }

  @Test
  void shouldDocumentTheRawBodyUploadAndTheCdnPathThatRealUrlsHave() throws Exception {
    var upload = document.at("/paths/~1v1~1upload/post/requestBody/content");
    assertThat(upload.fieldNames()).toIterable()
        .contains("multipart/form-data", "application/octet-stream", "video/*", "audio/*", "image/*");

    var clip = Files.readAllBytes(TestMedia.clip(1, 160, 120));
    var stored = as(Ids.newId(IdPrefix.CLI)).contentType("video/mp4").body(clip).queryParam("filename", "raw.mp4")
        .when().post("/v1/upload").then().statusCode(200).extract().asString();
    assertValid(validator.validateResponse("/v1/upload", Request.Method.POST, SimpleResponse.Builder.ok()
        .withContentType("application/json").withBody(stored).build()), "the raw upload's answer");

    var url = JSON.readTree(stored).get("url").asText();
    var cdnPath = url.substring(url.indexOf("/cdn/"));
    assertThat(cdnPath.split("/")).hasSize(5);
    var cdn = document.get("paths").get(CDN_PATH);
    assertThat(cdn.at("/get/x-mcp").asBoolean(true)).isFalse();
    assertThat(cdn.at("/head/x-mcp").asBoolean(true)).isFalse();
    var get = SimpleRequest.Builder.get(cdnPath).withHeader("Range", "bytes=0-99").build();
    assertValid(validator.validateRequest(get), "GET " + cdnPath);
    var elsewhere = SimpleRequest.Builder.get("/cdn/other/" + cdnPath.substring("/cdn/".length())).build();
    assertThat(validator.validateRequest(elsewhere).hasErrors()).as("a URL of another shape").isTrue();
  }

  /**
   * Every spending operation media serves takes {@code dryRun} and answers 200 with its real body or the
   * {@code DryRun} (issue 32), and a dry run's answer passes the validator against that {@code oneOf}.
   */
  @Test
  void shouldDeclareTheDryRunOnEverySpendingOperation() {
    var spending = Arrays.stream(SpendingOperation.values()).map(SpendingOperation::operationId)
        .collect(Collectors.toSet());
    var found = new ArrayList<String>();
    for (var operation : operations()) {
      var id = operation.getValue().path("operationId").asText();
      if (!spending.contains(id)) {
        assertThat(operation.getValue().path("parameters").toString()).as(id).doesNotContain("DryRun");
        continue;
      }
      found.add(id);
      var parameters = new ArrayList<String>();
      operation.getValue().path("parameters").forEach(p -> parameters.add(p.path("$ref").asText()));
      assertThat(parameters).as(id).contains("#/components/parameters/DryRun");
      var oneOf = operation.getValue().at("/responses/200/content/application~1json/schema/oneOf");
      assertThat(oneOf.size()).as(id).isEqualTo(2);
      assertThat(oneOf.get(1).path("$ref").asText()).as(id).isEqualTo("#/components/schemas/DryRun");
      // A refused dry run (the gateway's limit refusal): the validator (JSON Schema draft-04) takes no null for the
      // platform's required `nullable` refusal, an allOf of Error, so a free one's `refusal: null` is not validated.
      var path = operation.getKey().split(" ")[1];
      assertValid(validator.validateResponse(path, Request.Method.POST, SimpleResponse.Builder.ok()
          .withContentType("application/json").withBody("{\"dryRun\": true, \"wouldRun\": false, \"cost\": "
              + "{\"credits\": 0, \"units\": {\"upload\": 1}}, \"remaining\": {\"upload\": 0}, \"refusal\": "
              + "{\"error\": \"rate_limited\", \"message\": \"Daily limit reached.\"}}").build()), id + " dry run");
    }
    assertThat(found).containsExactlyInAnyOrder("uploadMedia", "stageMediaFromUrl", "overlayText", "extractMedia",
        "transcribeMedia", "watchVideo", "checkVideo", "scanVideoCompliance", "scanPromptCompliance");
    assertThat(document.at("/components/schemas/DryRun/required").toString()).contains("dryRun", "wouldRun");
  }

  private static void assertValid(ValidationReport report, String what) {
    assertThat(report.getMessages()).as(what).filteredOn(message -> message.getLevel()
        == ValidationReport.Level.ERROR).isEmpty();
  }
}
