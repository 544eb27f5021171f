package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.clone.Simulated.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.clone.tasks.TaskWorker;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/** Image tasks (generate, character, frame) and music through the simulated queue to stored files. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(WithProvider.class)
class ImagesAndMusicTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  TaskWorker worker;

  @Inject
  CircuitBreakerMaintenance breakers;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
    Simulated.staging(wireMock, "image/png");
    Simulated.file(wireMock, "/files/out.png", "image/png", Simulated.bytes(Simulated.png()));
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private void drain(String path, String client) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      worker.runOnce();
      String status = as(client).when().get(path).then().statusCode(200).extract().path("status");
      if (!status.equals("pending") && !status.equals("running")) {
        return;
      }
      Thread.sleep(60);
    }
    throw new AssertionError(path + " did not finish");
  }

  @Test
  void shouldGenerateAnImageThroughTheQueueIntoTheCdn() throws Exception {
    var client = "cli_imagesGenerate00000001";
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro", "req-img",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\", \"content_type\": \"image/png\"}], "
            + "\"description\": \"\"}");
    String id = as(client).body("{\"prompt\": \"a ramen bar at night\", \"aspectRatio\": \"9:16\", "
            + "\"resolution\": \"2K\", \"outputFormat\": \"jpg\"}")
        .when().post("/v1/images/generate").then().statusCode(202)
        .body("status", equalTo("pending")).body("model", equalTo("fal-ai/nano-banana-pro"))
        .body("creditsCharged", equalTo(6)).body("id", startsWith("img_")).extract().path("id");
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.operation", WireMock.equalTo("image.generate")))
        .withRequestBody(matchingJsonPath("$.operationId", WireMock.equalTo(id)))
        .withRequestBody(matchingJsonPath("$.attributes.resolution", WireMock.equalTo("2K"))));

    drain("/v1/images/" + id, client);
    as(client).when().get("/v1/images/" + id).then().statusCode(200)
        .body("status", equalTo("succeeded")).body("purpose", equalTo("generate")).body("progress", equalTo(100))
        .body("resultUrl", startsWith(Simulated.CDN)).body("imageUrls", hasSize(1))
        .body("errorMessage", nullValue());
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/fal-ai/nano-banana-pro"))
        .withRequestBody(matchingJsonPath("$.resolution", WireMock.equalTo("2K")))
        .withRequestBody(matchingJsonPath("$.output_format", WireMock.equalTo("jpeg")))
        .withRequestBody(matchingJsonPath("$.aspect_ratio", WireMock.equalTo("9:16"))));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .withRequestBody(matchingJsonPath("$.url", WireMock.equalTo(wireMock.baseUrl() + "/files/out.png")))
        .withRequestBody(matchingJsonPath("$.purpose", WireMock.equalTo("generated"))));
    as("cli_imagesSomeoneElse000001").when().get("/v1/images/" + id).then().statusCode(404);
  }

  /**
   * Issue 32: the agent's key (the token's keyId) and its Max-Credits cap reach billing with the charge; a cap below
   * the cost is billing's 402 budget_exceeded, passed through with nothing queued and no provider called; a malformed
   * cap is 400 before any charge; a charged task's answer says what is left, from the charge's remaining.
   */
  @Test
  void shouldPassTheKeyAndTheCapToTheChargeAndAnswerWhatRemains() {
    var client = "cli_musicCapped00000000001";
    var key = Ids.newId(IdPrefix.KEY);
    var token = TestTokens.forClientKey(client, key, Set.of("api.read", "api.write"), "pro");
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/charge")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("5"))).willReturn(aResponse()
            .withStatus(402).withHeader("Content-Type", "application/json").withBody("{\"error\": "
                + "\"budget_exceeded\", \"message\": \"This costs 8 credits, more than the Max-Credits cap of 5; "
                + "nothing was charged.\", \"cost\": 8, \"max\": 5}")));

    given().auth().oauth2(token).contentType("application/json").header("Max-Credits", "5")
        .body("{\"prompt\": \"lo-fi piano\"}").when().post("/v1/music").then().statusCode(402)
        .body("error", equalTo("budget_exceeded")).body("cost", equalTo(8)).body("max", equalTo(5))
        .header("Credits-Remaining", nullValue());
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.keyId", WireMock.equalTo(key)))
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("5"))));
    for (var malformed : List.of("five", "-5", "5.0", "99999999999", "")) {
      given().auth().oauth2(token).contentType("application/json").header("Max-Credits", malformed)
          .body("{\"prompt\": \"lo-fi piano\"}").when().post("/v1/music").then().statusCode(400)
          .body("error", equalTo("invalid_request")).body("field", equalTo("Max-Credits"));
    }
    // nothing but the one refused charge left the service: no provider call, no media, no second charge
    assertThat(wireMock.getAllServeEvents()).extracting(e -> e.getRequest().getUrl())
        .containsExactly("/internal/credits/charge");
    as(client).when().get("/v1/music").then().statusCode(200).body("data.size()", equalTo(0));

    given().auth().oauth2(token).contentType("application/json").header("Max-Credits", "8")
        .body("{\"prompt\": \"a ramen bar\"}").when().post("/v1/images/generate").then().statusCode(202)
        .header("Credits-Remaining", "440");
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.keyId", WireMock.equalTo(key)))
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("8"))));
  }

  @Test
  void shouldRefuseEveryBadFieldByName() {
    var client = "cli_imagesBad0000000000001";
    as(client).body("{}").when().post("/v1/images/generate").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("prompt"));
    as(client).body("{\"prompt\": \"x\", \"resolution\": \"8K\"}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("resolution"));
    as(client).body("{\"prompt\": \"x\", \"outputFormat\": \"gif\"}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("outputFormat"));
    as(client).body("{\"prompt\": \"x\", \"aspectRatio\": \"7:5\"}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("aspectRatio"));
    as(client).body("{\"prompt\": \"x\", \"imageInput\": \"not a url\"}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("imageInput"));
    as(client).body("{\"prompt\": \"x\", \"style\": \"noir\"}").when().post("/v1/images/generate").then()
        .statusCode(400).body("field", equalTo("style"));
    as(client).body("{\"prompt\": 5}").when().post("/v1/images/generate").then().statusCode(400)
        .body("field", equalTo("prompt"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
  }

  @Test
  void shouldAnswerTheCharacterAt200WhenItIsReadyWithinTheWait() throws Exception {
    var client = "cli_imagesCharacter0000001";
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro/edit", "req-char",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\"}]}");
    try (var working = Simulated.workerInBackground(worker)) {
      as(client).body("{\"prompt\": \"a robot barista\", \"referenceImageUrl\": \"https://img.example/r.png\"}")
          .when().post("/v1/clones/character").then().statusCode(200)
          .body("status", equalTo("succeeded")).body("imageUrl", startsWith(Simulated.CDN))
          .body("id", startsWith("img_")).body("model", equalTo("fal-ai/nano-banana-pro/edit"))
          .body("creditsCharged", equalTo(6));
    }
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/fal-ai/nano-banana-pro/edit"))
        .withRequestBody(matchingJsonPath("$.image_urls[0]", WireMock.equalTo("https://img.example/r.png"))));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.attributes.resolution", WireMock.equalTo("1K"))));
  }

  @Test
  void shouldExtractTheFirstFrameAndAnswer202PastTheWait() throws Exception {
    var client = "cli_imagesFrame00000000001";
    Simulated.stored(wireMock, "med_frameSource00000000001", client, Simulated.continuous(4.0), true);
    // media keeps the extracted frame; the provider is sent it inline (the CDN is on localhost here)
    var frameId = "med_frameStaged00000000001";
    var frameUrl = Simulated.CDN + "m/" + frameId + "/first-frame.png";
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/stream")).willReturn(Simulated.json(201, "{\"id\": \""
        + frameId + "\", \"url\": \"" + frameUrl + "\", \"contentType\": \"image/png\", \"sizeBytes\": 300}")));
    Simulated.storedObject(wireMock, frameId, client, frameUrl, "image/png", Simulated.png(), false);
    Simulated.queue(wireMock, "/fal-ai/nano-banana-pro/edit", "req-frame",
        "{\"images\": [{\"url\": \"" + wireMock.baseUrl() + "/files/out.png\"}]}");
    // nobody works the queue during the call: the answer is 202 after the wait, with the task to poll
    String id = as(client).body("{\"videoUrl\": \"med_frameSource00000000001\", \"characterImageUrl\": "
            + "\"https://img.example/c.png\"}")
        .when().post("/v1/clones/frame").then().statusCode(202)
        .body("status", equalTo("pending")).body("pollUrl", startsWith("/v1/images/img_"))
        .body("frameUrl", startsWith(Simulated.CDN)).extract().path("id");
    var frames = wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/staging/stream")));
    assertThat(frames).hasSize(1);
    assertThat(frames.getFirst().getHeader("Content-Type")).startsWith("image/png");
    assertThat(frames.getFirst().getBody()).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');

    drain("/v1/images/" + id, client);
    as(client).when().get("/v1/images/" + id).then().body("status", equalTo("succeeded"))
        .body("purpose", equalTo("frame"));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/fal-ai/nano-banana-pro/edit"))
        .withRequestBody(matchingJsonPath("$.image_urls[0]", WireMock.equalTo("data:image/png;base64,"
            + java.util.Base64.getEncoder().encodeToString(Simulated.bytes(Simulated.png())))))
        .withRequestBody(matchingJsonPath("$.image_urls[1]", WireMock.equalTo("https://img.example/c.png"))));
  }

  @Test
  void shouldMakeAMusicTrackAndListIt() throws Exception {
    var client = "cli_musicTrack000000000001";
    Simulated.billing(wireMock, 8);
    Simulated.staging(wireMock, "audio/wav");
    Simulated.queue(wireMock, "/fal-ai/lyria2", "req-music",
        "{\"audio\": {\"url\": \"" + wireMock.baseUrl() + "/files/track.wav\", \"content_type\": \"audio/wav\"}}");
    String id = as(client).body("{\"prompt\": \"lo-fi piano\", \"durationSeconds\": 30}").when().post("/v1/music")
        .then().statusCode(202).body("trackId", startsWith("trk_")).body("status", equalTo("pending"))
        .body("creditsCharged", equalTo(8)).body("model", equalTo("fal-ai/lyria2")).extract().path("id");
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/charge"))
        .withRequestBody(matchingJsonPath("$.operation", WireMock.equalTo("music.generate"))));
    drain("/v1/music/" + id, client);
    as(client).when().get("/v1/music").then().statusCode(200)
        .body("data", hasSize(1)).body("data[0].trackId", equalTo(id)).body("data[0].status", equalTo("succeeded"))
        .body("data[0].audioUrl", startsWith(Simulated.CDN)).body("data[0].durationSeconds", notNullValue())
        .body("data[0].createdAt", notNullValue()).body("nextCursor", nullValue());
    as(client).body("{\"prompt\": \"x\", \"durationSeconds\": 1000}").when().post("/v1/music").then()
        .statusCode(400).body("field", equalTo("durationSeconds"));
  }

  @Test
  void shouldPageNewestFirst() throws Exception {
    var client = "cli_musicPages000000000001";
    Simulated.queue(wireMock, "/fal-ai/lyria2", "req-pages", "{}");
    for (int i = 0; i < 3; i++) {
      as(client).body("{\"prompt\": \"track " + i + "\"}").when().post("/v1/music").then().statusCode(202);
      Thread.sleep(5);
    }
    String cursor = as(client).queryParam("limit", 2).when().get("/v1/music").then().statusCode(200)
        .body("data", hasSize(2)).body("data[0].prompt", equalTo("track 2")).body("data[1].prompt", equalTo("track 1"))
        .body("nextCursor", notNullValue()).extract().path("nextCursor");
    as(client).queryParam("limit", 2).queryParam("cursor", cursor).when().get("/v1/music").then().statusCode(200)
        .body("data", hasSize(1)).body("data[0].prompt", equalTo("track 0")).body("nextCursor", nullValue());
    as(client).queryParam("limit", 0).when().get("/v1/music").then().statusCode(400).body("field", equalTo("limit"));
    // finish them, so no other test's worker pass meets them
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (worker.runOnce() > 0 || System.nanoTime() < deadline && open(client)) {
      Thread.sleep(60);
    }
  }

  @Test
  void shouldReadOnlyTheCallersOwnTasksByAnIdOfTheirForm() throws Exception {
    var owner = "cli_ownTasksOwner000000001";
    var other = "cli_ownTasksOther000000001";
    Simulated.staging(wireMock, "audio/wav");
    Simulated.queue(wireMock, "/fal-ai/lyria2", "req-own",
        "{\"audio\": {\"url\": \"" + wireMock.baseUrl() + "/files/track.wav\", \"content_type\": \"audio/wav\"}}");
    String id = as(owner).body("{\"prompt\": \"mine\"}").when().post("/v1/music").then().statusCode(202)
        .extract().path("id");
    drain("/v1/music/" + id, owner);
    as(owner).when().get("/v1/music/" + id).then().statusCode(200).body("trackId", equalTo(id));
    // Another client's track is as absent as one that never existed; its lists do not show it.
    as(other).when().get("/v1/music/" + id).then().statusCode(404).body("error", equalTo("not_found"))
        .body("message", equalTo("Music track " + id + " was not found."));
    as(other).when().get("/v1/music").then().statusCode(200).body("data", hasSize(0));
    as(owner).when().get("/v1/images/img_0000000000000000000000").then().statusCode(404)
        .body("message", equalTo("Image task img_0000000000000000000000 was not found."));
    as(owner).when().delete("/v1/clones/video/vid_0000000000000000000000").then().statusCode(404)
        .body("message", equalTo("Clone video vid_0000000000000000000000 was not found."));
    // An id of another kind's form is 400 naming `id`, with the form it must have.
    as(owner).when().get("/v1/images/" + id).then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("id")).body("message", equalTo("Field 'id' must be an image task id (img_...)."));
    as(owner).when().get("/v1/clones/video/" + id).then().statusCode(400)
        .body("message", equalTo("Field 'id' must be a video id (vid_...)."));
    as(owner).when().delete("/v1/clones/video/" + id).then().statusCode(400).body("field", equalTo("id"));
    as(owner).when().get("/v1/music/img_0000000000000000000000").then().statusCode(400)
        .body("message", equalTo("Field 'id' must be a track id (trk_...)."));
  }

  private boolean open(String client) {
    java.util.List<String> statuses = as(client).when().get("/v1/music").then().extract().path("data.status");
    return statuses.stream().anyMatch(s -> s.equals("pending") || s.equals("running"));
  }
}
