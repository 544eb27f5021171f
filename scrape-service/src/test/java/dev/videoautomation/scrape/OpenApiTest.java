package dev.videoautomation.scrape;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.scrape.endpoints.ScrapeLimits;

/**
 * The document agents and generated clients read: every public operation named, tagged, with its answers and
 * schemas as the code gives them; internal paths left out.
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
  static final String IMPORT = "/v1/videos/download/{platform}";
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
      assertThat(operation.at("/requestBody/content/application~1json/examples").size()).as(path + " request")
          .isPositive();
      assertThat(operation.at("/responses/200/content/application~1json/examples").size()).as(path + " response")
          .isPositive();
    }
    for (var path : Stream.of(SCRAPE).map(p -> "/v1/scrape/" + p).toList()) {
      var responses = paths.path(path).path("post").path("responses");
      assertThat(Stream.of("400", "404", "415", "502", "503", "504").filter(responses::has)).as(path + " errors")
          .hasSize(6);
      assertThat(responses.at("/400/content/application~1json/examples/url_not_allowed/value/field").asText())
          .as(path + " refused url").isEqualTo("url");
      assertThat(responses.at("/200/content/application~1json/schema/$ref").asText()).as(path)
          .isEqualTo("#/components/schemas/ScrapeResult");
    }
    assertThat(paths.at("/~1v1~1videos~1download~1{platform}/post/responses/400/content/application~1json/examples"
        + "/url_not_allowed/value/error").asText()).isEqualTo("url_not_allowed");
    paths.fieldNames().forEachRemaining(path -> assertThat(path).doesNotStartWith("/internal"));
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
    assertThat(paths.at("/~1v1~1videos~1download~1{platform}/post/responses/200/content/application~1json/schema"
        + "/$ref").asText()).isEqualTo("#/components/schemas/ImportedVideo");
    assertThat(schemas.at("/ImportedVideo/properties/durationSeconds/nullable").asBoolean()).isTrue();
  }

  @Test
  void shouldDeclareEveryErrorWithTheSharedErrorBody() {
    paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation ->
        operation.getValue().path("responses").fields().forEachRemaining(response -> {
          if (response.getKey().startsWith("4") || response.getKey().startsWith("5")) {
            assertThat(response.getValue().at("/content/application~1json/schema/$ref").asText())
                .as(path.getKey() + " " + response.getKey()).isEqualTo("#/components/schemas/Error");
          }
        })));
    var importAnswers = paths.path(IMPORT).path("post").path("responses");
    assertThat(Stream.of("200", "400", "404", "413", "415", "422", "502", "503", "504").filter(importAnswers::has))
        .hasSize(9);
  }

  private static String camel(String path) {
    var out = new StringBuilder();
    for (var part : path.split("[/-]")) {
      out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return out.toString();
  }
}
