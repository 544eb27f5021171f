package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.clone.tasks.TaskWorker;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Where no name resolves (a cluster that reaches the outside through an egress proxy): the image URLs the provider
 * fetches and the source videos media stages are checked without DNS, so generation, character, frame and clone
 * answer as they do with DNS; a webhook, which this service calls back itself, still needs its host resolved.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(NoDns.class)
class ProviderUrlsWithoutDnsTest {
  static final String IMAGE = "https://www.example.com/images/style.png";
  static final String SOURCE_URL = "https://videos.example.com/clips/source.mp4";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  TaskWorker worker;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
    Simulated.staging(wireMock, "image/png");
    Simulated.file(wireMock, "/files/out.png", "image/png", Simulated.bytes(Simulated.png()));
  }

  @Test
  void shouldGenerateFromAnImageUrlThatDoesNotResolveHere() throws Exception {
    var client = "cli_noDnsGenerate000000001";
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro/edit", "req-nodns-gen",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\"}]}");

    String id = as(client).body("{\"prompt\": \"a ramen bar\", \"imageInput\": \"" + IMAGE + "\"}").when()
        .post("/v1/images/generate").then().statusCode(202).body("model", equalTo("fal-ai/nano-banana-pro/edit"))
        .body("creditsCharged", equalTo(6)).extract().path("id");

    drain("/v1/images/" + id, client);
    as(client).when().get("/v1/images/" + id).then().statusCode(200).body("status", equalTo("succeeded"))
        .body("resultUrl", startsWith(Simulated.CDN));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/fal-ai/nano-banana-pro/edit"))
        .withRequestBody(matchingJsonPath("$.image_urls[0]", WireMock.equalTo(IMAGE))));
  }

  @Test
  void shouldMakeACharacterFromAReferenceThatDoesNotResolveHere() throws Exception {
    var client = "cli_noDnsCharacter00000001";
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro/edit", "req-nodns-char",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\"}]}");
    try (var working = Simulated.workerInBackground(worker)) {
      as(client).body("{\"prompt\": \"a chef\", \"referenceImageUrl\": \"" + IMAGE + "\"}").when()
          .post("/v1/clones/character").then().statusCode(200).body("status", equalTo("succeeded"))
          .body("imageUrl", startsWith(Simulated.CDN));
    }
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/fal-ai/nano-banana-pro/edit"))
        .withRequestBody(matchingJsonPath("$.image_urls[0]", WireMock.equalTo(IMAGE))));
  }

  @Test
  void shouldMakeAFrameFromUrlsThatDoNotResolveHere() throws Exception {
    var client = "cli_noDnsFrame000000000001";
    var source = "med_noDnsFrameSource000001";
    var frameId = "med_noDnsFrameStaged000001";
    var frameUrl = Simulated.CDN + "m/" + frameId + "/first-frame.png";
    // media stages the source URL (its guarded fetch is media's business) as the caller's own video
    Simulated.stored(wireMock, source, client, Simulated.continuous(4.0), true);
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(Simulated.json(201, "{\"id\": \""
        + source + "\", \"url\": \"" + Simulated.cdnUrl(source) + "\", \"contentType\": \"video/mp4\"}")));
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/stream")).willReturn(Simulated.json(201, "{\"id\": \""
        + frameId + "\", \"url\": \"" + frameUrl + "\", \"contentType\": \"image/png\", \"sizeBytes\": 300}")));
    Simulated.storedObject(wireMock, frameId, client, frameUrl, "image/png", Simulated.png(), false);
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro/edit", "req-nodns-frame",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\"}]}");

    String id = as(client).body("{\"videoUrl\": \"" + SOURCE_URL + "\", \"characterImageUrl\": \"" + IMAGE + "\"}")
        .when().post("/v1/clones/frame").then().statusCode(202).body("frameUrl", equalTo(frameUrl))
        .extract().path("id");

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .withRequestBody(matchingJsonPath("$.url", WireMock.equalTo(SOURCE_URL))));
    drain("/v1/images/" + id, client);
    as(client).when().get("/v1/images/" + id).then().body("status", equalTo("succeeded"));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/fal-ai/nano-banana-pro/edit"))
        .withRequestBody(matchingJsonPath("$.image_urls[1]", WireMock.equalTo(IMAGE))));
  }

  @Test
  void shouldStartACloneFromUrlsThatDoNotResolveHereButNeedDnsForAWebhook() {
    var client = "cli_noDnsClone000000000001";
    var source = "med_noDnsCloneSource000001";
    Simulated.billing(wireMock, 60);
    Simulated.stored(wireMock, source, client, Simulated.continuous(4.0), true);
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(Simulated.json(201, "{\"id\": \""
        + source + "\", \"url\": \"" + Simulated.cdnUrl(source) + "\", \"contentType\": \"video/mp4\"}")));
    Simulated.queue(wireMock, Simulated.MOTION, "req-nodns-clone", "{}");
    var body = "{\"sourceVideoUrl\": \"" + SOURCE_URL + "\", \"startingFrameUrl\": \"" + IMAGE + "\"";

    // called back by this service, so resolved here: unresolvable without DNS, before anything is charged
    as(client).body(body + ", \"webhookUrl\": \"https://hooks.example.com/clones\"}").when()
        .post("/v1/clones/video").then().statusCode(400).body("error", equalTo("url_not_allowed"))
        .body("field", equalTo("webhookUrl")).body("reason", equalTo("unresolvable"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));

    as(client).body(body + "}").when().post("/v1/clones/video").then().statusCode(202)
        .body("status", equalTo("pending")).body("creditsCharged", equalTo(60));
    worker.runOnce();
    wireMock.verify(1, postRequestedFor(urlPathEqualTo(Simulated.MOTION))
        .withRequestBody(matchingJsonPath("$.image_url", WireMock.equalTo(IMAGE))));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .withRequestBody(matchingJsonPath("$.url", WireMock.equalTo(SOURCE_URL))));
  }

  private void drain(String path, String client) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      worker.runOnce();
      String status = as(client).when().get(path).then().statusCode(200).extract().path("status");
      if (!status.equals("pending") && !status.equals("running")) {
        assertThat(status).isEqualTo("succeeded");
        return;
      }
      Thread.sleep(60);
    }
    throw new AssertionError(path + " did not finish");
  }
}
