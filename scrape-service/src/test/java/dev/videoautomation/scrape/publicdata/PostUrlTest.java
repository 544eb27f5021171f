package dev.videoautomation.scrape.publicdata;

import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.asService;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;

import java.util.ArrayList;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.Simulated;
import dev.videoautomation.scrape.WithProvider;
import dev.videoautomation.scrape.provider.ProviderCache;

/**
 * A post {@code url} is handed to the provider, which fetches it for us: it passes the URL guard first, on every path
 * that takes one, and the simulated provider (and media) never hear of a refused one.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(WithProvider.class)
class PostUrlTest {
  /** Every public path with a {@code url}, the two imports, and the internal video lookup. */
  static final String[] PATHS = {"/v1/scrape/shortvideo/video", "/v1/scrape/shortvideo/video/transcript",
      "/v1/scrape/shortvideo/video/comments", "/v1/scrape/photo/post", "/v1/scrape/photo/post/comments",
      "/v1/scrape/microblog/tweet", "/v1/scrape/microblog/tweet/transcript", "/v1/scrape/videosite/video",
      "/v1/scrape/videosite/video/comments", "/v1/videos/download/shortvideo", "/v1/videos/download/photo",
      "/internal/lookup/video"};

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  static Stream<Arguments> refused() {
    var cases = new ArrayList<Arguments>();
    var urls = new String[][] {{"http://127.0.0.1/@a/video/1", "loopback"},
        {"http://localhost/@a/video/1", "loopback"}, {"http://[::1]/@a/video/1", "loopback"},
        {"http://10.0.0.5/p/1", "private_address"}, {"http://169.254.169.254/latest/meta-data/", "metadata"},
        {"https://me:pw@www.tiktok.com/@a/video/1", "userinfo"}, {"ftp://www.tiktok.com/@a/video/1", "scheme"},
        {"www.tiktok.com/@a/video/1", "scheme"}, {"http://api.localhost/@a/video/1", "loopback"},
        {"http://[::ffff:a9fe:a9fe]/latest/", "metadata"}, {"http://[fe80::1]/p/1", "link_local"},
        {"http://0x7f.1/@a/video/1", "ambiguous_host"}, {"http://2130706433/@a/video/1", "ambiguous_host"}};
    for (var path : PATHS) {
      for (var url : urls) {
        cases.add(Arguments.of(path, url[0], url[1]));
      }
    }
    return cases.stream();
  }

  static RequestSpecification caller(String path) {
    return path.startsWith("/internal") ? asService("records-service") : asClient();
  }

  static String body(String path, String url) {
    return path.startsWith("/internal") ? "{\"platform\": \"shortvideo\", \"url\": \"" + url + "\"}"
        : "{\"url\": \"" + url + "\"}";
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("refused")
  void shouldRefuseAnInternalPostUrlBeforeTheProviderSeesIt(String path, String url, String reason) {
    var answer = caller(path).body(body(path, url)).when().post(path).then().statusCode(400)
        .body("error", is("url_not_allowed")).body("field", is("url")).body("reason", is(reason));
    if (!path.startsWith("/internal")) {
      answer.body("setup", not(emptyOrNullString()));
    }
    assertThat(wireMock.getAllServeEvents()).as("requests the simulated provider and media received").isEmpty();
  }
}
