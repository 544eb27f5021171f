package dev.videoautomation.scrape;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.normalize.Kind;
import dev.videoautomation.scrape.normalize.Normalizer;

/**
 * The document agents and generated clients read: every public operation named, tagged, with its answers and
 * schemas as the code gives them and its prose and examples as META-INF/openapi.yaml writes them; internal paths
 * left out.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiTest {
  static final String[] SCRAPE = {"shortvideo/profile", "shortvideo/profile/videos", "shortvideo/video",
      "shortvideo/video/transcript", "shortvideo/video/comments", "shortvideo/search/users", "shortvideo/trending",
      "photo/profile", "photo/user/posts", "photo/post", "photo/post/comments", "photo/user/reels",
      "microblog/profile", "microblog/user-tweets", "microblog/tweet", "microblog/tweet/transcript",
      "videosite/channel", "videosite/channel-videos", "videosite/video", "videosite/video/comments", "ads/social",
      "ads/search", "ads/professional", "ads/forum"};
  /** The operations whose body is a post {@code url}, which the URL guard may refuse. */
  static final String[] URL_PATHS = {"shortvideo/video", "shortvideo/video/transcript", "shortvideo/video/comments",
      "photo/post", "photo/post/comments", "microblog/tweet", "microblog/tweet/transcript", "videosite/video",
      "videosite/video/comments"};
  static final String IMPORT = "/v1/videos/download/{platform}";
  /** Every scrape operation's description ends with the rule an agent must know: the cost and the answer. */
  static final String COST_NOTE = "Costs one request of the shared `scrape` bucket, whatever `download_media` "
      + "stages. The answer is `{data}`, the data provider's JSON untouched; `normalize: true` adds `normalized`, the "
      + "same answer as cross-platform `%s` records (`fields` picks their fields). With `download_media: true` every "
      + "media file in both is staged to the CDN and replaced by its CDN URL (one that cannot be staged becomes null, "
      + "listed in `meta.unstaged` with the reason).";
  /** The kind of normalized record each operation answers, in the order of {@link #SCRAPE}. */
  static final String[] KINDS = {"profile", "posts", "post", "transcript", "comments", "users", "posts", "profile",
      "posts", "post", "comments", "posts", "profile", "posts", "post", "transcript", "channel", "posts", "post",
      "comments", "ads", "ads", "ads", "ads"};
  static final Map<String, Integer> LIMITS = Map.of("handle", ScrapeLimits.HANDLE, "url", ScrapeLimits.URL,
      "cursor", ScrapeLimits.CURSOR, "query", ScrapeLimits.QUERY, "company", ScrapeLimits.COMPANY, "country",
      ScrapeLimits.COUNTRY, "channel_id", ScrapeLimits.CHANNEL_ID);

  JsonNode document;
  JsonNode paths;

  @BeforeEach
  void read() {
    document = Simulated.tree(given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .extract().asString());
    paths = document.path("paths");
  }

  @Test
  void shouldDocumentEveryPublicEndpointWithExamples() {
    var publicPaths = Stream.concat(Stream.of(SCRAPE).map(p -> "/v1/scrape/" + p), Stream.of(IMPORT)).toList();
    for (var path : publicPaths) {
      var operation = paths.path(path).path("post");
      assertThat(operation.isObject()).as(path).isTrue();
      assertThat(operation.path("description").asText()).as(path + " description").isNotBlank();
      assertThat(operation.at("/requestBody/content/application~1json/examples").size()).as(path + " request")
          .isPositive();
      assertThat(operation.at("/responses/200/content/application~1json/examples").size()).as(path + " response")
          .isPositive();
    }
    for (var i = 0; i < SCRAPE.length; i++) {
      var path = "/v1/scrape/" + SCRAPE[i];
      var operation = paths.path(path).path("post");
      assertThat(operation.path("description").asText()).as(path).endsWith(COST_NOTE.formatted(KINDS[i]));
      assertThat(realOrDryRun(operation)).as(path).isEqualTo("#/components/schemas/ScrapeResult");
    }
    assertThat(answer(IMPORT, "400").at("/content/application~1json/examples/url_not_allowed/value/error").asText())
        .isEqualTo("url_not_allowed");
    paths.fieldNames().forEachRemaining(path -> assertThat(path).doesNotStartWith("/internal"));
  }

  /**
   * The answers the 24 share are written once, as components: the provider's (404, 502, 503, 504) scrape's own, the
   * generic 400 and 415 the platform's; an operation that takes a post {@code url} says that it may be refused.
   */
  @Test
  void shouldReferToTheAnswersTheScrapeOperationsShare() {
    for (var route : SCRAPE) {
      var path = "/v1/scrape/" + route;
      var responses = paths.path(path).path("post").path("responses");
      var badInput = Stream.of(URL_PATHS).anyMatch(route::equals) ? "ScrapeInvalidRequestOrUrl" : "InvalidRequest";
      var expected = Map.of("400", badInput, "404", "ScrapeNothingFound", "415", "UnsupportedMediaType",
          "502", "ScrapeProviderFailed", "503", "ScrapeProviderNotConfigured", "504", "ScrapeProviderTimedOut");
      expected.forEach((status, name) -> assertThat(responses.path(status).path("$ref").asText())
          .as(path + " " + status).isEqualTo("#/components/responses/" + name));
    }
    for (var status : new String[] {"404", "502", "504"}) {
      assertThat(paths.path(IMPORT).at("/post/responses/" + status + "/$ref").asText()).as(IMPORT + " " + status)
          .startsWith("#/components/responses/Scrape");
    }
    var responses = document.path("components").path("responses");
    assertThat(responses.at("/ScrapeInvalidRequestOrUrl/content/application~1json/examples/url_not_allowed/value"
        + "/field").asText()).isEqualTo("url");
    assertThat(responses.at("/ScrapeProviderNotConfigured/description").asText())
        .contains("provider_not_configured", "service_unavailable");
    // The extension that names them is the build's, never the document's (SmallRye copies a class's onto its tag).
    assertThat(document.toString()).doesNotContain(SharedAnswers.ANSWERS);
  }

  @Test
  void shouldNameEveryOperationAfterItsPlatformAndData() {
    var expected = new LinkedHashMap<String, String>();
    Stream.of(SCRAPE).forEach(p -> expected.put("/v1/scrape/" + p, "scrape" + camel(p)));
    expected.put(IMPORT, "importVideo");
    var seen = new ArrayList<String>();
    paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
      var id = operation.getValue().path("operationId").asText();
      assertThat(id).as(path.getKey()).matches("^[a-z][a-zA-Z]+$");
      assertThat(operation.getValue().path("tags").size()).as(path.getKey()).isEqualTo(1);
      seen.add(id);
    }));
    assertThat(seen).doesNotHaveDuplicates();
    expected.forEach((path, id) -> assertThat(paths.path(path).path("post").path("operationId").asText()).as(path)
        .isEqualTo(id));
    assertThat(paths.at("/~1v1~1scrape~1microblog~1user-tweets/post/operationId").asText())
        .isEqualTo("scrapeMicroblogUserTweets");
    var tags = new ArrayList<String>();
    document.path("tags").forEach(tag -> {
      assertThat(tag.path("description").asText()).as(tag.path("name").asText()).isNotBlank();
      tags.add(tag.path("name").asText());
    });
    assertThat(tags).containsExactlyInAnyOrder("Scrape", "Video import");
    // Security requirements and servers are the gateway's to declare in the merged document.
    assertThat(document.has("servers")).isFalse();
    assertThat(document.at("/components/securitySchemes").isMissingNode()).isTrue();
  }

  @Test
  void shouldNameSchemasForWhatTheyAreAndBoundTheirText() {
    var schemas = document.path("components").path("schemas");
    schemas.fieldNames().forEachRemaining(name -> {
      assertThat(name).as("schema name").doesNotMatch(".*\\d$")
          .isNotIn("JsonNode", "JsonNodeType", "ObjectNode", "Map", "Object", "RoutingContext", "Response");
      schemas.path(name).path("properties").fields().forEachRemaining(property -> {
        if (name.startsWith("Scrape") && name.endsWith("Request") && property.getValue().path("type")
            .asText().equals("string")) {
          assertThat(property.getValue().path("maxLength").asInt()).as(name + "." + property.getKey())
              .isEqualTo(LIMITS.get(property.getKey()));
        }
      });
    });
    assertThat(schemas.path("VideoImportRequest").at("/properties/url/maxLength").asInt())
        .isEqualTo(ScrapeLimits.URL);
    // The provider's JSON is any value: no type, no closed set of properties.
    assertThat(schemas.path("ScrapeProviderData").has("type")).isFalse();
    assertThat(schemas.path("ScrapeResult").at("/required/0").asText()).isEqualTo("data");
    assertThat(realOrDryRun(paths.path(IMPORT).path("post"))).isEqualTo("#/components/schemas/ImportedVideo");
    assertThat(schemas.at("/ImportedVideo/properties/durationSeconds/nullable").asBoolean()).isTrue();
  }

  /**
   * The normalized record (normalize: true) is documented with its version, and each item schema has exactly the
   * fields the code writes for its kinds; every scrape body takes normalize and fields.
   */
  @Test
  void shouldDocumentTheNormalizedRecordAsTheCodeWritesIt() {
    var schemas = document.path("components").path("schemas");
    var normalized = schemas.path("ScrapeNormalized");
    assertThat(normalized.at("/properties/version/type").asText()).isEqualTo("integer");
    assertThat(normalized.path("required").toString()).contains("kind", "version", "items", "nextCursor");
    var kinds = new ArrayList<String>();
    normalized.at("/properties/kind/enum").forEach(kind -> kinds.add(kind.asText()));
    assertThat(kinds).containsExactlyElementsOf(Stream.of(Kind.values()).map(Kind::wire).toList());
    var itemSchemas = Map.of(Kind.PROFILE, "Profile", Kind.CHANNEL, "Profile", Kind.POSTS, "Post", Kind.POST, "Post",
        Kind.COMMENTS, "Comment", Kind.USERS, "User", Kind.TRANSCRIPT, "Transcript", Kind.ADS, "Ad");
    itemSchemas.forEach((kind, name) -> {
      var properties = new ArrayList<String>();
      schemas.path("ScrapeNormalized" + name).path("properties").fieldNames().forEachRemaining(properties::add);
      assertThat(properties).as(name).containsExactlyInAnyOrderElementsOf(
          kind.selectable().stream().filter(field -> !field.contains(".")).toList());
    });
    // A profile item is also a valid user item, and a fields-selected item fits several shapes: oneOf would refuse it.
    assertThat(normalized.at("/properties/items/items/anyOf")).hasSize(6);
    assertThat(normalized.at("/properties/items/items/oneOf").isMissingNode()).isTrue();
    assertThat(schemas.at("/ScrapeResult/properties/normalized").toString())
        .contains("\"#/components/schemas/ScrapeNormalized\"");
    schemas.fields().forEachRemaining(schema -> {
      if (schema.getKey().startsWith("Scrape") && schema.getKey().endsWith("Request")) {
        assertThat(schema.getValue().at("/properties/normalize/type").asText()).as(schema.getKey())
            .isEqualTo("boolean");
        assertThat(schema.getValue().at("/properties/fields/type").asText()).as(schema.getKey()).isEqualTo("array");
        assertThat(schema.getValue().at("/properties/fields/maxItems").asInt()).as(schema.getKey())
            .isEqualTo(Normalizer.MAX_FIELDS);
        assertThat(schema.getValue().at("/properties/fields/items/maxLength").asInt()).as(schema.getKey())
            .isPositive();
      }
    });
  }

  @Test
  void shouldDeclareEveryErrorWithTheSharedErrorBody() {
    paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation ->
        operation.getValue().path("responses").fieldNames().forEachRemaining(status -> {
          if (status.startsWith("4") || status.startsWith("5")) {
            assertThat(answer(path.getKey(), status).at("/content/application~1json/schema/$ref").asText())
                .as(path.getKey() + " " + status).isEqualTo("#/components/schemas/Error");
          }
        })));
    var importAnswers = paths.path(IMPORT).path("post").path("responses");
    assertThat(Stream.of("200", "400", "404", "413", "415", "422", "502", "503", "504").filter(importAnswers::has))
        .hasSize(9);
  }

  /**
   * Every operation here spends (a unit of its daily bucket), so each takes {@code dryRun} and answers 200 with its
   * real body or the {@code DryRun} (issue 32), both from the platform's shared components.
   */
  @Test
  void shouldDeclareTheDryRunOnEveryOperation() {
    var publicPaths = Stream.concat(Stream.of(SCRAPE).map(p -> "/v1/scrape/" + p), Stream.of(IMPORT)).toList();
    for (var path : publicPaths) {
      var operation = paths.path(path).path("post");
      var parameters = new ArrayList<String>();
      operation.path("parameters").forEach(p -> parameters.add(p.path("$ref").asText()));
      assertThat(parameters).as(path + " parameters").contains("#/components/parameters/DryRun");
      var oneOf = operation.at("/responses/200/content/application~1json/schema/oneOf");
      assertThat(oneOf.size()).as(path + " 200").isEqualTo(2);
      assertThat(oneOf.get(1).path("$ref").asText()).as(path + " 200").isEqualTo("#/components/schemas/DryRun");
      assertThat(operation.at("/responses/200/description").asText()).as(path).contains("dryRun=true");
    }
    assertThat(document.at("/components/parameters/DryRun/name").asText()).isEqualTo("dryRun");
    assertThat(document.at("/components/schemas/DryRun/properties/wouldRun/type").asText()).isEqualTo("boolean");
  }

  /**
   * Every scrape operation tells the gateway's MCP tool how to shape it (issue 33): {@code normalize} defaults to
   * true there, {@code data} is left out unless {@code raw: true}, and the tool's output schema is the 200's with
   * {@code data} optional and {@code normalized} declared, every reference pointing at a schema of the document.
   * Video import takes no {@code normalize} and carries none.
   */
  @Test
  void shouldTellTheMcpToolsHowToShapeEveryScrapeOperation() {
    for (var path : Stream.of(SCRAPE).map(p -> "/v1/scrape/" + p).toList()) {
      var operation = paths.path(path).path("post");
      assertThat(operation.path("x-mcp-body-defaults").toString()).as(path).isEqualTo("{\"normalize\":true}");
      assertThat(operation.path("x-mcp-raw-members").toString()).as(path).isEqualTo("[\"data\"]");
      var alternatives = operation.path("x-mcp-output-schema").path("anyOf");
      assertThat(alternatives.size()).as(path).isEqualTo(2);
      var result = alternatives.get(0);
      assertThat(result.path("type").asText()).as(path).isEqualTo("object");
      assertThat(result.has("required")).as(path + ": data is optional").isFalse();
      assertThat(result.at("/properties/data/$ref").asText()).isEqualTo("#/components/schemas/ScrapeProviderData");
      assertThat(result.at("/properties/normalized/$ref").asText()).isEqualTo("#/components/schemas/ScrapeNormalized");
      assertThat(result.at("/properties/meta/$ref").asText()).isEqualTo("#/components/schemas/ScrapeMeta");
      assertThat(alternatives.get(1).path("$ref").asText()).isEqualTo("#/components/schemas/DryRun");
      for (var schema : List.of("ScrapeProviderData", "ScrapeNormalized", "ScrapeMeta", "DryRun")) {
        assertThat(document.at("/components/schemas/" + schema).isObject()).as(schema).isTrue();
      }
      assertThat(realOrDryRun(operation)).as(path).isEqualTo("#/components/schemas/ScrapeResult");
    }
    var imports = paths.path(IMPORT).path("post");
    assertThat(imports.has("x-mcp-output-schema") || imports.has("x-mcp-body-defaults")
        || imports.has("x-mcp-raw-members")).isFalse();
  }

  /** The real body of an operation's 200, which a dry run's answer sits beside. */
  private static String realOrDryRun(JsonNode operation) {
    return operation.at("/responses/200/content/application~1json/schema/oneOf/0/$ref").asText();
  }

  /** The POST answer of {@code path} with {@code status}, read through a reference to a component. */
  private JsonNode answer(String path, String status) {
    var answer = paths.path(path).path("post").path("responses").path(status);
    var ref = answer.path("$ref").asText();
    return ref.isEmpty() ? answer
        : document.path("components").path("responses").path(ref.substring(ref.lastIndexOf('/') + 1));
  }

  private static String camel(String path) {
    var out = new StringBuilder();
    for (var part : path.split("[/-]")) {
      out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return out.toString();
  }
}
