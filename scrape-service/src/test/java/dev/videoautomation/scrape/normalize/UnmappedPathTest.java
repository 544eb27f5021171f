package dev.videoautomation.scrape.normalize;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.scrape.Simulated.asClient;
import static dev.videoautomation.scrape.Simulated.tree;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.scrape.Simulated;
import dev.videoautomation.scrape.WithProvider;
import dev.videoautomation.scrape.provider.ProviderCache;

/**
 * An operator repoints a route to an upstream path no mapping knows: the answer is still 200 with the provider's data,
 * {@code normalized} is null and {@code meta.notes} says why; {@code fields} cannot be checked, so it is not refused.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "scrape.provider.base-url,quarkus.rest-client.media-client.url"))
@TestProfile(UnmappedPathTest.RepointedRoute.class)
class UnmappedPathTest {
  static final String REPOINTED = "/v2/tiktok/profile";

  /** shortvideo/profile repointed, as SCRAPE_ROUTES__SHORTVIDEO_PROFILE__PATH=/v2/tiktok/profile would. */
  public static class RepointedRoute extends WithProvider {
    @Override
    public Map<String, String> getConfigOverrides() {
      var overrides = new HashMap<>(super.getConfigOverrides());
      overrides.put("scrape.routes.\"shortvideo/profile\".path", REPOINTED);
      return overrides;
    }
  }

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  ProviderCache cache;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    cache.clear();
  }

  @Test
  void shouldAnswerTheDataWithANullNormalizedAndANote() {
    var upstream = Simulated.upstream("published/v1-tiktok-profile", wireMock);
    Simulated.provider(wireMock, REPOINTED, upstream);

    var answer = tree(asClient().body("{\"handle\": \"stoolpresidente\", \"normalize\": true, \"fields\": [\"x\"]}")
        .when().post("/v1/scrape/shortvideo/profile").then().statusCode(200).extract().asString());

    assertThat(answer.get("data")).isEqualTo(tree(upstream));
    assertThat(answer.has("normalized")).as("normalized is there, as null").isTrue();
    assertThat(answer.get("normalized").isNull()).isTrue();
    var note = answer.at("/meta/notes/0");
    assertThat(note.path("code").asText()).isEqualTo("normalize_unmapped");
    assertThat(note.path("message").asText()).contains(REPOINTED, "shortvideo/profile");
    assertThat(answer.at("/meta").has("staged")).isFalse();
    wireMock.verify(1, getRequestedFor(urlPathEqualTo(REPOINTED)));
  }

  @Test
  void shouldStageTheDataAndStillNoteTheUnmappedPath() {
    Simulated.provider(wireMock, REPOINTED, Simulated.upstream("tiktok-profile", wireMock));
    Simulated.mediaStages(wireMock, 0);

    var answer = tree(asClient().body("{\"handle\": \"some.creator\", \"normalize\": true, \"download_media\": true}")
        .when().post("/v1/scrape/shortvideo/profile").then().statusCode(200).extract().asString());

    assertThat(answer.get("normalized").isNull()).isTrue();
    assertThat(answer.at("/meta/staged").asInt()).isPositive();
    assertThat(answer.at("/meta/notes/0/code").asText()).isEqualTo("normalize_unmapped");
  }

  @Test
  void shouldLeaveTheOtherRoutesMapped() {
    Simulated.provider(wireMock, "/v1/instagram/profile", Simulated.upstream("published/v1-instagram-profile",
        wireMock));

    var answer = tree(asClient().body("{\"handle\": \"adrianhorning\", \"normalize\": true}").when()
        .post("/v1/scrape/photo/profile").then().statusCode(200).extract().asString());

    assertThat(answer.at("/normalized/kind").asText()).isEqualTo("profile");
    assertThat(answer.has("meta")).isFalse();
  }
}
