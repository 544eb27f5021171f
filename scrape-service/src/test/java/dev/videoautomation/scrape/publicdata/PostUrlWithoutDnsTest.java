package dev.videoautomation.scrape.publicdata;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.tree;
import static dev.videoautomation.scrape.publicdata.PostUrlTest.body;
import static dev.videoautomation.scrape.publicdata.PostUrlTest.caller;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

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

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.NoDns;
import dev.videoautomation.scrape.Simulated;
import dev.videoautomation.scrape.provider.ProviderCache;

/**
 * A post {@code url} is only handed to the provider, so it is checked without DNS: where no name resolves (a cluster
 * that reaches the outside through an egress proxy), every path that takes one answers as it does with DNS, and the
 * refusals that need no lookup (scheme, user info, localhost, internal literals) still hold.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(NoDns.class)
class PostUrlWithoutDnsTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  /** Every path of {@link PostUrlTest#PATHS} with post URLs on hosts that do not resolve here. */
  static Stream<Arguments> postUrls() {
    var cases = new ArrayList<Arguments>();
    for (var path : PostUrlTest.PATHS) {
      for (var url : new String[] {"https://www.example.com/@a/video/7430000000000000007",
          "https://www.tiktok.com/@some.creator/video/7430000000000000007", "https://93.184.215.14/p/1"}) {
        cases.add(Arguments.of(path, url));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("postUrls")
  void shouldHandAPostUrlToTheProviderWithoutResolvingIt(String path, String url) {
    // The provider knows posts of both platforms; any other path just answers JSON.
    var post = "{\"post\": {\"id\": \"7\"}}";
    var tiktok = Simulated.upstream("tiktok-video", wireMock);
    var instagram = Simulated.upstream("instagram-post", wireMock);
    wireMock.stubFor(get(anyUrl()).atPriority(10).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(post)));
    Simulated.provider(wireMock, "/v2/tiktok/video", tiktok);
    Simulated.provider(wireMock, "/v1/instagram/post", instagram);
    Simulated.mediaStages(wireMock, 0);

    var answer = caller(path).body(body(path, url)).when().post(path).then().statusCode(200).extract().asString();

    wireMock.verify(1, getRequestedFor(anyUrl()).withQueryParam("url", equalTo(url)));
    if (path.startsWith("/v1/scrape/")) {
      var expected = path.endsWith("/shortvideo/video") ? tiktok : path.endsWith("/photo/post") ? instagram : post;
      assertThat(tree(answer).get("data")).isEqualTo(tree(expected));
    } else {
      assertThat(tree(answer).get("sourceUrl").asText()).isEqualTo(url);
    }
    if (path.startsWith("/v1/videos/download/")) {
      // The import stages the file the provider named; media fetches that one, with its own guard.
      wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url"))
          .withRequestBody(matchingJsonPath("$.url", com.github.tomakehurst.wiremock.client.WireMock.matching(
              "\\Q" + wireMock.baseUrl() + "\\E/.*")))
          .withRequestBody(matchingJsonPath("$.purpose", equalTo("import"))));
      assertThat(tree(answer).get("id").asText()).startsWith("med_");
    }
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("dev.videoautomation.scrape.publicdata.PostUrlTest#refused")
  void shouldStillRefuseWhatNeedsNoLookup(String path, String url, String reason) {
    var answer = caller(path).body(body(path, url)).when().post(path).then().statusCode(400)
        .body("error", is("url_not_allowed")).body("field", is("url")).body("reason", is(reason));
    if (!path.startsWith("/internal")) {
      answer.body("setup", not(emptyOrNullString()));
    }
    assertThat(wireMock.getAllServeEvents()).as("requests the simulated provider and media received").isEmpty();
  }
}
