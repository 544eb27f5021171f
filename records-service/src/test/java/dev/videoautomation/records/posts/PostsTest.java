package dev.videoautomation.records.posts;

import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static dev.videoautomation.records.Simulated.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.time.Duration;
import java.time.Instant;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;
import dev.videoautomation.records.accounts.AccountVerifier;
import dev.videoautomation.records.openapi.ApiDocs;

/** Scheduling posts and publishing them through a simulated Ayrshare. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
@TestProfile(WithPublisher.class)
class PostsTest {
  static final String PUBLISHED = """
      {"status": "success", "errors": [], "postIds": [{"status": "success", "id": "7312345678901234567",
       "platform": "tiktok", "postUrl": "https://www.tiktok.com/@some.creator/video/7312345678901234567"}],
       "id": "RRMBJ2hNDsuIuQVqP1cW", "refId": "9abf1426d6ce9122ef11c72bd62e59807c5cc083", "post": "Hello"}""";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  AccountVerifier verifier;

  @Inject
  PostPublisher publisher;

  @Inject
  PostRepository posts;

  @Inject
  CircuitBreakerMaintenance breakers;

  String client;
  String account;
  String assetId;
  String assetUrl;

  @BeforeEach
  void setUp() {
    wireMock.resetAll();
    client = Simulated.newClient();
    account = Fixtures.activeAccount(wireMock, verifier, client);
    var asset = Fixtures.asset(wireMock, client);
    assetId = asset[0];
    assetUrl = asset[1];
    publisher.runOnce(); // leave nothing due from other tests
  }

  @AfterEach
  void resetBreakers() {
    breakers.resetAll();
  }

  private String schedule(String videoId, long scheduledAt) {
    return as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + videoId + "\", \"caption\": "
            + "\"Hello\", \"scheduledAt\": " + scheduledAt + ", \"tags\": [{\"key\": \"run\", \"value\": \"a\"}]}")
        .when().post("/v1/posts").then().statusCode(201)
        .body("postId", startsWith("pst_"))
        .body("status", equalTo("scheduled"))
        .body("accountId", equalTo(account))
        .body("videoId", equalTo(videoId))
        .body("scheduledAt", equalTo(scheduledAt))
        .body("caption", equalTo("Hello"))
        .body("createdAt", notNullValue())
        .extract().path("postId");
  }

  private long past() {
    return Instant.now().minusSeconds(5).toEpochMilli();
  }

  @Test
  void shouldPublishADueAssetPostThroughAyrshare() {
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(200, PUBLISHED)));
    var id = schedule(assetId, past());

    assertThat(publisher.runOnce()).isEqualTo(1);

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/api/post"))
        .withHeader("Authorization", com.github.tomakehurst.wiremock.client.WireMock.equalTo(
            "Bearer " + WithPublisher.API_KEY))
        .withHeader("Profile-Key", com.github.tomakehurst.wiremock.client.WireMock.equalTo(WithPublisher.PROFILE_KEY))
        .withRequestBody(equalToJson("{\"post\": \"Hello\", \"platforms\": [\"tiktok\"], \"mediaUrls\": [\""
            + assetUrl + "\"], \"isVideo\": true}")));
    as(client).when().get("/v1/posts/" + id).then().statusCode(200)
        .body("postId", equalTo(id))
        .body("status", equalTo("published"))
        .body("externalId", equalTo("7312345678901234567"))
        .body("postUrl", equalTo("https://www.tiktok.com/@some.creator/video/7312345678901234567"))
        .body("publishedAt", notNullValue())
        .body("errorCode", nullValue());
    assertThat(publisher.runOnce()).isZero();
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/api/post")));
  }

  @Test
  void shouldFailAPostAyrshareRefusesWithItsMessage() {
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(400, """
        {"status": "error", "errors": [{"action": "post", "status": "error", "code": 156,
         "message": "TikTok is not linked with Ayrshare.", "platform": "tiktok"}], "postIds": [], "id": "x"}""")));
    var id = schedule(assetId, past());

    publisher.runOnce();

    as(client).when().get("/v1/posts/" + id).then().statusCode(200)
        .body("status", equalTo("failed"))
        .body("errorCode", equalTo("publish_rejected"))
        .body("errorMessage", containsString("TikTok is not linked with Ayrshare."))
        .body("externalId", nullValue());
  }

  @Test
  void shouldNameAnAuthFailureOfAyrshare() {
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(401, """
        {"status": "error", "errors": [{"action": "authorization", "status": "error", "code": 102,
         "message": "API Key not valid."}]}""")));
    var id = schedule(assetId, past());

    publisher.runOnce();

    as(client).when().get("/v1/posts/" + id).then()
        .body("status", equalTo("failed"))
        .body("errorCode", equalTo("publisher_auth_failed"))
        .body("errorMessage", containsString("API Key not valid."));
  }

  @Test
  void shouldWaitForScheduledAt() {
    var id = schedule(assetId, Instant.now().plusSeconds(3600).toEpochMilli());

    assertThat(publisher.runOnce()).isZero();

    as(client).when().get("/v1/posts/" + id).then().body("status", equalTo("scheduled"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/api/post")));
  }

  @Test
  void shouldFailAPostInterruptedMidPublishWithoutSendingItAgain() {
    var id = schedule(assetId, past());
    QuarkusTransaction.requiringNew().run(() -> {
      var post = posts.findById(id);
      post.status = Post.PUBLISHING;
      post.leaseUntil = Instant.now().minusSeconds(1);
    });

    publisher.runOnce();

    as(client).when().get("/v1/posts/" + id).then().statusCode(200)
        .body("status", equalTo("failed"))
        .body("errorCode", equalTo("publish_interrupted"))
        .body("errorMessage", containsString("double post"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/api/post")));
  }

  @Test
  void shouldResolveAGeneratedVideoWhenScheduledAndAgainWhenPublishing() {
    var video = "vid_6QmPublishable000000001";
    var resultUrl = Simulated.CDN + "m/med_8Ks/render.mp4";
    wireMock.stubFor(get(urlPathEqualTo("/internal/videos/" + video)).willReturn(json(200,
        "{\"videoId\": \"" + video + "\", \"clientId\": \"" + client + "\", \"mode\": \"clone\", \"status\": "
            + "\"succeeded\", \"resultUrl\": \"" + resultUrl + "\", \"mediaId\": \"med_8Ks\"}")));
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(200, PUBLISHED)));
    var id = schedule(video, past());

    publisher.runOnce();

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/api/post")).withRequestBody(equalToJson(
        "{\"post\": \"Hello\", \"platforms\": [\"tiktok\"], \"mediaUrls\": [\"" + resultUrl + "\"], "
            + "\"isVideo\": true}")));
    as(client).when().get("/v1/posts/" + id).then().body("status", equalTo("published"));
    // once when scheduled (as the client), once when publishing (as the service)
    wireMock.verify(2, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
        urlPathEqualTo("/internal/videos/" + video)));
  }

  @Test
  void shouldPublishTheCallersOwnUploadByItsMediaIdFromItsCdnUrl() {
    var upload = "med_4Yb2kQ9sT1vXw8Upload01";
    var cdnUrl = Simulated.CDN + "m/" + upload + "/clip.mp4";
    wireMock.stubFor(get(urlPathEqualTo("/internal/media/" + upload)).willReturn(json(200,
        "{\"id\": \"" + upload + "\", \"clientId\": \"" + client + "\", \"url\": \"" + cdnUrl + "\", "
            + "\"contentType\": \"video/mp4\", \"sizeBytes\": 18342211, \"purpose\": \"upload\", "
            + "\"storage\": \"local\", \"storageKey\": \"m/" + upload + "/clip.mp4\", \"createdAt\": 1}")));
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(200, PUBLISHED)));
    wireMock.resetRequests(); // the set-up's asset was staged; this post must stage nothing
    var id = schedule(upload, past());

    publisher.runOnce();

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/api/post")).withRequestBody(equalToJson(
        "{\"post\": \"Hello\", \"platforms\": [\"tiktok\"], \"mediaUrls\": [\"" + cdnUrl + "\"], "
            + "\"isVideo\": true}")));
    as(client).when().get("/v1/posts/" + id).then().body("status", equalTo("published"))
        .body("videoId", equalTo(upload));
    // read from media-service once, by id: never staged, never fetched
    wireMock.verify(1, com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor(
        urlPathEqualTo("/internal/media/" + upload)));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
  }

  @Test
  void shouldRefuseAnUploadThatIsNotTheCallersOrNotAVideo() {
    var others = "med_4Yb2kQ9sT1vXw8Others01";
    var image = "med_4Yb2kQ9sT1vXw8Image001";
    wireMock.stubFor(get(urlPathEqualTo("/internal/media/" + others)).willReturn(json(404,
        "{\"error\": \"not_found\", \"message\": \"Media " + others + " was not found.\"}")));
    wireMock.stubFor(get(urlPathEqualTo("/internal/media/" + image)).willReturn(json(200,
        "{\"id\": \"" + image + "\", \"clientId\": \"" + client + "\", \"url\": \"" + Simulated.CDN + "m/"
            + image + "/cover.png\", \"contentType\": \"image/png\", \"sizeBytes\": 10, \"createdAt\": 1}")));

    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"" + others + "\"}", "videoId");
    as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + image + "\"}").when()
        .post("/v1/posts").then().statusCode(400).body("field", equalTo("videoId"))
        .body("message", containsString("image/png"));
    wireMock.stubFor(get(urlPathEqualTo("/internal/media/" + others)).willReturn(json(200,
        "{\"id\": \"" + others + "\", \"clientId\": \"cli_someoneElse\", \"contentType\": \"video/mp4\"}")));
    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"" + others + "\"}", "videoId");
    as(client).when().get("/v1/posts").then().statusCode(200).body("data.size()", equalTo(0));
  }

  @Test
  void shouldFailAPostWhoseGeneratedVideoIsNotReadyAtPublishTime() {
    var video = "vid_6QmStillRendering000001";
    wireMock.stubFor(get(urlPathEqualTo("/internal/videos/" + video)).willReturn(json(200,
        "{\"videoId\": \"" + video + "\", \"clientId\": \"" + client + "\", \"status\": \"running\"}")));
    var id = schedule(video, past());

    publisher.runOnce();

    as(client).when().get("/v1/posts/" + id).then()
        .body("status", equalTo("failed"))
        .body("errorCode", equalTo("video_not_ready"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/api/post")));
  }

  @Test
  void shouldRefuseVideosAndAccountsThatAreNotTheCallers() {
    wireMock.stubFor(get(urlPathEqualTo("/internal/videos/vid_unknown00000000000001")).willReturn(json(404,
        "{\"error\": \"not_found\", \"message\": \"No such video.\"}")));
    var other = Simulated.newClient();
    var othersAsset = Fixtures.asset(wireMock, other)[0];

    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"vid_unknown00000000000001\"}", "videoId");
    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"" + othersAsset + "\"}", "videoId");
    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"https://x.example/v.mp4\"}", "videoId");
    postExpecting400("{\"accountId\": \"acc_someoneElse0000000001\", \"videoId\": \"" + assetId + "\"}", "accountId");
    postExpecting400("{\"videoId\": \"" + assetId + "\"}", "accountId");
  }

  @Test
  void shouldRefuseAScheduledAtPastTheYear9999AsTheDocumentBoundsIt() {
    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"" + assetId + "\", \"scheduledAt\": "
        + Long.MAX_VALUE + "}", "scheduledAt");
    postExpecting400("{\"accountId\": \"" + account + "\", \"videoId\": \"" + assetId + "\", \"scheduledAt\": "
        + (ApiDocs.EPOCH_MS_LAST + 1) + "}", "scheduledAt");
    var id = schedule(assetId, ApiDocs.EPOCH_MS_LAST);
    as(client).body("{\"scheduledAt\": " + Long.MAX_VALUE + "}").when().put("/v1/posts/" + id).then()
        .statusCode(400).body("field", equalTo("scheduledAt"));
  }

  @Test
  void shouldAnswer503WhenTheCloneServiceIsDown() {
    wireMock.stubFor(get(urlPathEqualTo("/internal/videos/vid_cloneIsDown000000001")).willReturn(json(502,
        "{\"error\": \"upstream_error\", \"message\": \"down\"}")));

    as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"vid_cloneIsDown000000001\"}")
        .when().post("/v1/posts").then().statusCode(503)
        .body("error", equalTo("service_unavailable"))
        .body("message", containsString("clone service"));
  }

  @Test
  void shouldChangeOnlyScheduledPosts() {
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(200, PUBLISHED)));
    var id = schedule(assetId, Instant.now().plusSeconds(3600).toEpochMilli());

    as(client).body("{\"caption\": \"Changed\"}").when().put("/v1/posts/" + id).then().statusCode(200)
        .body("caption", equalTo("Changed"))
        .body("videoId", equalTo(assetId))
        .body("tags[0].value", equalTo("a"));
    as(client).body("{\"postId\": \"" + id + "\", \"scheduledAt\": " + past() + "}").when().put("/v1/posts")
        .then().statusCode(200).body("caption", equalTo("Changed"));
    publisher.runOnce();

    as(client).body("{\"caption\": \"Too late\"}").when().put("/v1/posts/" + id).then().statusCode(409)
        .body("error", equalTo("conflict"))
        .body("status", equalTo("published"));
  }

  @Test
  void shouldFilterPostsByAccountAndStatus() {
    var id = schedule(assetId, Instant.now().plusSeconds(3600).toEpochMilli());

    var list = as(client).queryParam("accountId", account).queryParam("status", "scheduled").when().get("/v1/posts")
        .then().statusCode(200).extract().jsonPath();
    assertThat(list.getList("data.postId", String.class)).containsExactly(id);
    as(client).queryParam("status", "published").when().get("/v1/posts").then().statusCode(200)
        .body("data.size()", equalTo(0)).body("nextCursor", nullValue());
    as(client).queryParam("accountId", "nope").when().get("/v1/posts").then().statusCode(400)
        .body("field", equalTo("accountId"));
  }

  @Test
  void shouldLeaseADuePostOnlyWithTheTransactionThatClaimsIt() {
    var id = schedule(assetId, past());
    var lease = Duration.ofMinutes(5);

    assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
      assertThat(posts.claimDue(10, lease)).extracting(p -> p.id).containsExactly(id);
      throw new IllegalStateException("the worker fails before it marks the post");
    })).hasMessageContaining("the worker fails");
    assertThat(QuarkusTransaction.requiringNew().call(() -> posts.findById(id).leaseUntil))
        .as("the claim rolled back with its transaction").isNull();

    QuarkusTransaction.requiringNew().run(() -> assertThat(posts.claimDue(10, lease)).extracting(p -> p.id)
        .containsExactly(id));
    assertThat(QuarkusTransaction.requiringNew().call(() -> posts.claimDue(10, lease))).as("leased").isEmpty();
    QuarkusTransaction.requiringNew().run(() -> posts.deleteById(id));
  }

  private void postExpecting400(String body, String field) {
    as(client).body(body).when().post("/v1/posts").then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo(field));
  }
}
