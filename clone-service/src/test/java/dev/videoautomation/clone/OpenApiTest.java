package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static dev.videoautomation.clone.Simulated.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.clone.openapi.ApiDocs;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The document agents and generated clients read: every public operation named, tagged and answered as the code
 * answers, schemas named for what they are with the bounds the server enforces; and the URL bound itself.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(WithProvider.class)
class OpenApiTest {
  static final String CLIENT = "cli_openApiTest00000000001";

  @InjectWireMock
  WireMockServer wireMock;

  JsonNode document;
  JsonNode paths;
  JsonNode schemas;

  @BeforeEach
  void read() throws Exception {
    wireMock.resetAll();
    document = new ObjectMapper().readTree(given().accept("application/json").when().get("/q/openapi").then()
        .statusCode(200).extract().asString());
    paths = document.path("paths");
    schemas = document.at("/components/schemas");
  }

  @Test
  void shouldNameAndTagEveryOperation() {
    var expected = new LinkedHashMap<String, String>();
    expected.put("post /v1/clones/check", "checkCloneability");
    expected.put("post /v1/clones/character", "generateCharacterImage");
    expected.put("post /v1/clones/frame", "createStartingFrame");
    expected.put("post /v1/clones/video", "createCloneVideo");
    expected.put("get /v1/clones/video", "listCloneVideos");
    expected.put("get /v1/clones/video/{id}", "getCloneVideo");
    expected.put("delete /v1/clones/video/{id}", "cancelCloneVideo");
    expected.put("post /v1/images/generate", "generateImage");
    expected.put("get /v1/images/{id}", "getImageTask");
    expected.put("post /v1/music", "generateMusic");
    expected.put("get /v1/music", "listMusicTracks");
    expected.put("get /v1/music/{id}", "getMusicTrack");
    expected.put("get /v1/videos", "listGeneratedVideos");
    var seen = new LinkedHashMap<String, String>();
    paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
      var name = operation.getKey() + " " + path.getKey();
      assertThat(operation.getValue().path("tags").size()).as(name).isEqualTo(1);
      assertThat(operation.getValue().path("summary").asText()).as(name).isNotBlank();
      assertThat(operation.getValue().has("security")).as(name + ": security is the gateway's").isFalse();
      seen.put(name, operation.getValue().path("operationId").asText());
    }));
    assertThat(seen).containsExactlyInAnyOrderEntriesOf(expected);
    var tags = new ArrayList<String>();
    document.path("tags").forEach(tag -> {
      assertThat(tag.path("description").asText()).as(tag.path("name").asText()).isNotBlank();
      tags.add(tag.path("name").asText());
    });
    assertThat(tags).containsExactlyInAnyOrder("Clone", "Images", "Music", "Generated videos");
    assertThat(document.has("servers")).isFalse();
  }

  @Test
  void shouldDeclareTheSuccessStatusesAsAnsweredAndEveryErrorWithTheErrorSchema() {
    // 200 on an asynchronous start is the dry run's answer only (shouldDeclareTheDryRunOnEverySpendingOperation).
    assertThat(statuses("post", "/v1/clones/video")).contains("200", "202").doesNotContain("201");
    assertThat(statuses("post", "/v1/images/generate")).contains("200", "202").doesNotContain("201");
    assertThat(statuses("post", "/v1/music")).contains("200", "202", "400", "402", "415", "503");
    assertThat(statuses("post", "/v1/clones/character")).contains("200", "202", "402");
    assertThat(statuses("post", "/v1/clones/check")).contains("200", "422").doesNotContain("202", "402");
    assertThat(statuses("get", "/v1/clones/video/{id}")).containsExactly("200", "400", "404");
    paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation ->
        operation.getValue().path("responses").fields().forEachRemaining(response -> {
          var name = operation.getKey() + " " + path.getKey() + " " + response.getKey();
          var answer = resolve(response.getValue());
          var schema = answer.at("/content/application~1json/schema/$ref").asText();
          if (response.getKey().startsWith("2")) {
            var oneOf = answer.at("/content/application~1json/schema/oneOf");
            if (oneOf.isArray()) {
              assertThat(oneOf).as(name).hasSize(2).allSatisfy(s -> assertThat(s.path("$ref").asText())
                  .startsWith("#/components/schemas/"));
            } else {
              assertThat(schema).as(name).startsWith("#/components/schemas/");
            }
          } else {
            assertThat(schema).as(name).isEqualTo("#/components/schemas/Error");
          }
          assertThat(answer.path("description").asText()).as(name).isNotBlank();
        })));
    // A GET takes no body; the 202 of character and frame is the same CloneImage, with pollUrl.
    assertThat(paths.at("/~1v1~1music/get").has("requestBody")).isFalse();
    assertThat(paths.at("/~1v1~1clones~1frame/post/responses/202/content/application~1json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/CloneImage");
  }

  /**
   * Issue 32: each operation that spends takes {@code dryRun}; where it succeeds with 200 the answer is either the
   * real body or {@code DryRun}, where it succeeds with 202 a separate 200 is the {@code DryRun}.
   */
  @Test
  void shouldDeclareTheDryRunOnEverySpendingOperation() {
    var spending = new LinkedHashMap<String, String>();
    spending.put("/v1/clones/check", "CloneCheckResult");
    spending.put("/v1/clones/character", "CloneImage");
    spending.put("/v1/clones/frame", "CloneImage");
    spending.put("/v1/clones/video", null);
    spending.put("/v1/images/generate", null);
    spending.put("/v1/music", null);
    spending.forEach((path, realOk) -> {
      var operation = paths.path(path).path("post");
      var parameters = new ArrayList<String>();
      operation.path("parameters").forEach(parameter -> parameters.add(parameter.path("$ref").asText()));
      assertThat(parameters).as(path).contains("#/components/parameters/DryRun");
      var ok = operation.at("/responses/200/content/application~1json/schema");
      if (realOk == null) {
        assertThat(ok.path("$ref").asText()).as(path).isEqualTo("#/components/schemas/DryRun");
        assertThat(operation.at("/responses/202").isMissingNode()).as(path).isFalse();
      } else {
        var refs = new ArrayList<String>();
        ok.path("oneOf").forEach(one -> refs.add(one.path("$ref").asText()));
        assertThat(refs).as(path).containsExactly("#/components/schemas/" + realOk, "#/components/schemas/DryRun");
      }
    });
    assertThat(paths.at("/~1v1~1clones~1video~1{id}/delete/parameters").toString()).doesNotContain("DryRun");
    assertThat(schemas.at("/DryRun/properties/dryRun/enum/0").asBoolean()).isTrue();
    assertThat(document.at("/components/parameters/DryRun/in").asText()).isEqualTo("query");
  }

  @Test
  void shouldNameSchemasForWhatTheyAreWithNullableFieldsAndBounds() {
    schemas.fieldNames().forEachRemaining(name -> assertThat(name).as("schema name").doesNotMatch(".*\\d$")
        .isNotIn("Page", "Response", "Object", "Map", "JsonNode", "RoutingContext", "Started", "Track"));
    for (var page : List.of("CloneVideoPage", "GeneratedVideoPage", "MusicTrackPage")) {
      assertThat(schemas.at("/" + page + "/properties/nextCursor/nullable").asBoolean()).as(page).isTrue();
      assertThat(schemas.at("/" + page + "/properties/data/maxItems").asInt()).as(page).isEqualTo(200);
    }
    for (var nullable : List.of("CloneVideo/properties/resultUrl", "CloneVideo/properties/errorMessage",
        "CloneVideo/properties/prompt", "GeneratedVideo/properties/resultUrl", "ImageTask/properties/resultUrl",
        "ImageTask/properties/errorCode", "MusicTrack/properties/audioUrl", "MusicTrack/properties/durationSeconds",
        "CloneCheckOutcome/properties/passed", "CloneCheckMetadata/properties/fps")) {
      assertThat(schemas.at("/" + nullable + "/nullable").asBoolean()).as(nullable).isTrue();
    }
    // The measured value is a number, a string or a boolean: no one type.
    assertThat(schemas.at("/CloneCheckOutcome/properties/value").has("type")).isFalse();
    assertThat(schemas.at("/CloneVideoRequest/properties/sourceVideoUrl/maxLength").asInt())
        .isEqualTo(ApiDocs.URL_MAX);
    assertThat(schemas.at("/CloneVideoRequest/properties/prompt/maxLength").asInt()).isEqualTo(2500);
    assertThat(schemas.at("/ImageGenerateRequest/properties/prompt/maxLength").asInt()).isEqualTo(4000);
    assertThat(schemas.at("/MusicRequest/properties/prompt/maxLength").asInt()).isEqualTo(2000);
    assertThat(schemas.at("/MusicRequest/properties/durationSeconds/maximum").asInt()).isEqualTo(300);
    assertThat(paths.at("/~1v1~1music~1{id}/get/parameters/0/schema/pattern").asText()).isEqualTo("^trk_[0-9A-Za-z]+$");
    var limits = new ArrayList<Integer>();
    paths.at("/~1v1~1videos/get/parameters").forEach(parameter -> {
      if (resolve(parameter).path("name").asText().equals("limit")) {
        limits.add(resolve(parameter).at("/schema/maximum").asInt());
      }
    });
    assertThat(limits).containsExactly(200);
  }

  /**
   * Generic answers and list parameters are the platform's; what only clone says (a media field refused, the
   * provider failing, a source staged that is not a video) is clone's own, named where the operations give it.
   */
  @Test
  void shouldAnswerWithThePlatformsSharedAnswersAndClonesOwnWhereTheWordsAreClones() {
    var list = paths.at("/~1v1~1music/get");
    var parameters = new ArrayList<String>();
    list.path("parameters").forEach(parameter -> parameters.add(parameter.path("$ref").asText()));
    assertThat(parameters).containsExactlyInAnyOrder("#/components/parameters/Limit", "#/components/parameters/Cursor");
    assertThat(list.at("/responses/400/$ref").asText()).isEqualTo("#/components/responses/InvalidRequest");
    assertThat(paths.at("/~1v1~1clones~1video~1{id}/delete/responses/404/$ref").asText())
        .isEqualTo("#/components/responses/NotFound");
    assertThat(document.at("/components/parameters").has("CloneListLimit")).isFalse();
    assertThat(paths.at("/~1v1~1clones~1video~1{id}/delete/responses/409/$ref").asText())
        .isEqualTo("#/components/responses/CloneNotCancelable");
    for (var started : List.of("CloneVideoStarted", "ImageTaskStarted", "CloneImage", "MusicTrackStarted")) {
      assertThat(schemas.at("/" + started + "/properties/webhookSecret/$ref").asText()).as(started)
          .isEqualTo("#/components/schemas/JobWebhookSecret");
    }
    assertThat(schemas.at("/JobWebhookSecret/pattern").asText()).isEqualTo(ApiDocs.WEBHOOK_SECRET_PATTERN);
    for (var request : List.of("CloneVideoRequest", "ImageGenerateRequest", "CloneCharacterRequest",
        "CloneFrameRequest", "MusicRequest")) {
      assertThat(schemas.at("/" + request + "/properties/webhookUrl/$ref").asText()).as(request)
          .isEqualTo("#/components/schemas/JobWebhookUrl");
      assertThat(schemas.at("/" + request + "/properties/deadlineSeconds/$ref").asText()).as(request)
          .isEqualTo("#/components/schemas/JobDeadlineSeconds");
    }
    assertThat(schemas.at("/JobWebhookUrl/maxLength").asInt()).isEqualTo(ApiDocs.URL_MAX);
    assertThat(schemas.at("/JobDeadlineSeconds/minimum").asInt()).isEqualTo(60);

    var render = paths.at("/~1v1~1clones~1video/post/responses");
    assertThat(render.at("/400/$ref").asText()).isEqualTo("#/components/responses/CloneMediaRefused");
    assertThat(render.at("/402/$ref").asText()).isEqualTo("#/components/responses/CloneInsufficientCredits");
    assertThat(render.at("/415/$ref").asText()).isEqualTo("#/components/responses/CloneNotJson");
    assertThat(render.at("/422/$ref").asText()).isEqualTo("#/components/responses/CloneUnprocessable");
    assertThat(render.at("/502/$ref").asText()).isEqualTo("#/components/responses/CloneProviderFailed");
    assertThat(paths.at("/~1v1~1music/post/responses/415/$ref").asText())
        .isEqualTo("#/components/responses/UnsupportedMediaType");
    assertThat(document.at("/components/responses/CloneMediaRefused/content/application~1json/examples/refused/value"
        + "/error").asText()).isEqualTo("url_not_allowed");
    // The check's own refusals, written in place.
    assertThat(paths.at("/~1v1~1clones~1check/post/responses/400/description").asText())
        .contains("exactly one of `videoUrl` and `mediaId`");
    assertThat(paths.at("/~1v1~1clones~1check/post/responses/413/description").asText())
        .startsWith("payload_too_large");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "/v1/clones/video | sourceVideoUrl | {\"sourceVideoUrl\": \"%s\", \"startingFrameUrl\": \"med_a\"}",
      "/v1/clones/video | webhookUrl | {\"sourceVideoUrl\": \"med_a\", \"startingFrameUrl\": \"med_b\", "
          + "\"webhookUrl\": \"%s\"}",
      "/v1/music | webhookUrl | {\"prompt\": \"x\", \"webhookUrl\": \"%s\"}",
      "/v1/images/generate | imageInput | {\"prompt\": \"x\", \"imageInput\": \"%s\"}",
      "/v1/clones/character | referenceImageUrl | {\"prompt\": \"x\", \"referenceImageUrl\": \"%s\"}",
      "/v1/clones/frame | characterImageUrl | {\"videoUrl\": \"med_a\", \"characterImageUrl\": \"%s\"}",
      "/v1/clones/check | videoUrl | {\"videoUrl\": \"%s\"}"})
  void shouldRefuseAUrlLongerThanTheDocumentSays(String path, String field, String body) {
    var url = "https://a.example/" + "x".repeat(ApiDocs.URL_MAX);
    as(CLIENT).body(body.formatted(url)).when().post(path).then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo(field))
        .body("message", equalTo("Field '" + field + "' must be at most " + ApiDocs.URL_MAX + " characters."));
    wireMock.verify(0, anyRequestedFor(anyUrl()));
  }

  private List<String> statuses(String method, String path) {
    var out = new ArrayList<String>();
    paths.path(path).path(method).path("responses").fieldNames().forEachRemaining(out::add);
    return out;
  }

  /** A {@code $ref} to a component is read from the component. */
  private JsonNode resolve(JsonNode node) {
    var ref = node.path("$ref").asText();
    return ref.isEmpty() ? node : document.at(ref.substring(1));
  }
}
