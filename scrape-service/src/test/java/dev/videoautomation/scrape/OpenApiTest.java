package dev.videoautomation.scrape;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;

/** Every public endpoint is documented with a request and a response example; internal paths are not. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiTest {
  static final String[] SCRAPE = {"shortvideo/profile", "shortvideo/profile/videos", "shortvideo/video",
      "shortvideo/video/transcript", "shortvideo/video/comments", "shortvideo/search/users", "shortvideo/trending",
      "photo/profile", "photo/user/posts", "photo/post", "photo/post/comments", "photo/user/reels",
      "microblog/profile", "microblog/user-tweets", "microblog/tweet", "microblog/tweet/transcript",
      "videosite/channel", "videosite/channel-videos", "videosite/video", "videosite/video/comments", "ads/social",
      "ads/search", "ads/professional", "ads/forum"};

  @Test
  void shouldDocumentEveryPublicEndpointWithExamples() {
    var document = Simulated.tree(given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .extract().asString());
    var paths = document.path("paths");

    var publicPaths = Stream.concat(Stream.of(SCRAPE).map(p -> "/v1/scrape/" + p),
        Stream.of("/v1/videos/download/{platform}")).toList();
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
      assertThat(Stream.of("400", "404", "502", "503", "504").filter(responses::has)).as(path + " errors")
          .hasSize(5);
      assertThat(responses.at("/400/content/application~1json/examples/url_not_allowed/value/field").asText())
          .as(path + " refused url").isEqualTo("url");
    }
    assertThat(paths.at("/~1v1~1videos~1download~1{platform}/post/responses/400/content/application~1json/examples"
        + "/url_not_allowed/value/error").asText()).isEqualTo("url_not_allowed");
    paths.fieldNames().forEachRemaining(path -> assertThat(path).doesNotStartWith("/internal"));
  }
}
