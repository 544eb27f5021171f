package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** No provider key and no vision model: generating endpoints answer 503 with setup; the check says what did not run. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url"))
class ProviderNotConfiguredTest {
  static final String CLIENT = "cli_notConfigured000000001";

  @InjectWireMock
  WireMockServer wireMock;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
  }

  @Test
  void shouldAnswer503WithSetupAndChargeNothing() {
    for (var call : new String[][] {{"/v1/images/generate", "{\"prompt\": \"x\"}"},
        {"/v1/clones/character", "{\"prompt\": \"x\"}"}, {"/v1/music", "{\"prompt\": \"x\"}"},
        {"/v1/clones/video", "{\"sourceVideoUrl\": \"med_x\", \"startingFrameUrl\": \"https://a.example/f.png\"}"}}) {
      as(CLIENT).body(call[1]).when().post(call[0]).then().statusCode(503)
          .body("error", equalTo("provider_not_configured"))
          .body("setup", containsString("CLONE_PROVIDER_API_KEY"));
    }
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
  }

  @Test
  void shouldSayThePersonCheckDidNotRun() {
    Simulated.stored(wireMock, "med_notConfiguredSource0001", CLIENT, Simulated.continuous(4.0), true);
    as(CLIENT).body("{\"mediaId\": \"med_notConfiguredSource0001\"}").when().post("/v1/clones/check").then()
        .statusCode(200).body("cloneable", equalTo(true))
        .body("checks.personInFrame.ran", equalTo(false)).body("checks.personInFrame.passed", nullValue())
        .body("checks.personInFrame.detail", containsString("CLONE_VISION_API_KEY"));
  }

  @Test
  void shouldDocumentEveryPublicPathAndHideTheInternalOne() {
    var paths = io.restassured.RestAssured.given().accept("application/json").when().get("/q/openapi").then()
        .statusCode(200).extract().jsonPath().<String, Object>getMap("paths").keySet();
    org.assertj.core.api.Assertions.assertThat(paths).contains("/v1/clones/check", "/v1/clones/character",
        "/v1/clones/frame", "/v1/clones/video", "/v1/clones/video/{id}", "/v1/images/generate", "/v1/images/{id}",
        "/v1/videos", "/v1/music", "/v1/music/{id}");
    org.assertj.core.api.Assertions.assertThat(paths).noneMatch(p -> p.startsWith("/internal"));
  }
}
