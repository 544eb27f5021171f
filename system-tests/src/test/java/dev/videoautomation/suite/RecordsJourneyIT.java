package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * An agent keeps a record of each kind through the gateway: an asset staged into the CDN, an account verified
 * through the (simulated) scraping provider, a post published through the (simulated) Ayrshare API, a reference, an
 * editor project archived, a campaign priced from billing's price list. Another agent sees none of them.
 */
@ExtendWith(RunningSuite.class)
class RecordsJourneyIT {
  private static final Duration WORKER_WAIT = Duration.ofSeconds(60);

  @Test
  void shouldKeepRecordsOfEveryKindForTheirOwnerOnly() throws Exception {
    var provider = RunningSuite.providers();
    var base = provider.baseUrl();
    var clipBytes = Files.readAllBytes(MediaJourneyIT.clip());
    provider.stubFor(get(urlEqualTo("/files/records-asset.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "video/mp4").withBody(clipBytes)));
    provider.stubFor(get(urlPathEqualTo("/v1/tiktok/profile")).withQueryParam("handle", equalTo("records.creator"))
        .willReturn(okJson("""
            {"success": true, "user": {"uniqueId": "records.creator", "nickname": "Records Creator"},
             "stats": {"followerCount": 5120}}""")));
    provider.stubFor(post(urlEqualTo("/api/post")).willReturn(okJson("""
        {"status": "success", "id": "ayr-post-1",
         "postIds": [{"status": "success", "id": "7311111111111111111", "platform": "tiktok",
                      "postUrl": "https://www.tiktok.com/@records.creator/video/7311111111111111111"}]}""")));
    var owner = Agents.subscribedAgent();
    var stranger = Agents.subscribedAgent();
    var cdn = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "") + "/cdn/";

    // Asset: staged synchronously into the service's own CDN.
    var asset = as(owner).contentType(ContentType.JSON).body(Map.of("url", base + "/files/records-asset.mp4",
            "name", "intro clip", "contentType", "video/mp4",
            "tags", List.of(Map.of("key", "campaign", "value", "spring")), "metadata", Map.of("take", 3)))
        .when().post("/v1/assets").then().statusCode(201)
        .body("status", is("active")).body("id", startsWith("ast_")).body("url", startsWith(cdn))
        .body("name", is("intro clip")).body("tags[0].value", is("spring")).body("metadata.take", is(3))
        .extract().jsonPath();
    var assetId = asset.getString("id");
    assertThat(given().when().get(asset.getString("url")).then().statusCode(200).extract().asByteArray())
        .isEqualTo(clipBytes);

    // Account: 202 creating, then verified by the worker through scrape-service.
    var account = as(owner).contentType(ContentType.JSON)
        .body(Map.of("platform", "shortvideo", "name", "records.creator"))
        .when().post("/v1/accounts").then().statusCode(202)
        .body("status", is("creating")).body("id", startsWith("acc_")).extract().jsonPath();
    assertThat(account.getInt("creditsCharged")).isPositive();
    var accountId = account.getString("id");
    var active = await(() -> as(owner).when().get("/v1/accounts/" + accountId).then().statusCode(200)
        .extract().jsonPath(), json -> !json.getString("status").equals("creating"));
    assertThat(active.getString("status")).isEqualTo("active");
    assertThat(active.getInt("followers")).isEqualTo(5120);

    // Post: scheduled now, published by the scheduler through the simulated Ayrshare API; one posts.create unit.
    var postsBefore = remaining(owner, "posts.create");
    var post = as(owner).contentType(ContentType.JSON).body(Map.of("accountId", accountId, "videoId", assetId,
            "caption", "spring is here", "scheduledAt", System.currentTimeMillis(),
            "tags", List.of(Map.of("key", "campaign", "value", "spring"))))
        .when().post("/v1/posts").then().statusCode(201).body("status", is("scheduled"))
        .body("postId", startsWith("pst_")).extract().jsonPath();
    var postId = post.getString("postId");
    assertThat(remaining(owner, "posts.create")).isEqualTo(postsBefore - 1);
    var published = await(() -> as(owner).when().get("/v1/posts/" + postId).then().statusCode(200)
        .extract().jsonPath(), json -> List.of("published", "failed").contains(json.getString("status")));
    assertThat(published.getString("status")).as(published.prettify()).isEqualTo("published");
    provider.verify(postRequestedFor(urlEqualTo("/api/post"))
        .withHeader("Authorization", equalTo("Bearer test-publisher-key"))
        .withRequestBody(equalToJson("{\"post\": \"spring is here\", \"platforms\": [\"tiktok\"], \"mediaUrls\": [\""
            + asset.getString("url") + "\"]}", true, true)));
    as(owner).queryParam("tag.campaign", "spring").when().get("/v1/posts").then().statusCode(200)
        .body("data.size()", is(1)).body("data[0].postId", is(postId));

    // Reference, project (soft archive), campaign (priced from the price list).
    var referenceId = as(owner).contentType(ContentType.JSON).body(Map.of("url",
            "https://www.tiktok.com/@someone/video/7300000000000000009", "platform", "shortvideo",
            "notes", "the hook at 0:02", "tags", List.of(Map.of("key", "campaign", "value", "spring"))))
        .when().post("/v1/references").then().statusCode(201).body("notes", is("the hook at 0:02"))
        .extract().<String>path("id");
    as(owner).queryParam("tag.campaign", "spring").when().get("/v1/references").then().statusCode(200)
        .body("data.id", org.hamcrest.Matchers.contains(referenceId)).body("nextCursor", org.hamcrest.Matchers.nullValue());
    var projectId = as(owner).contentType(ContentType.JSON)
        .body(Map.of("name", "spring edit", "timeline", Map.of("tracks", List.of(Map.of("clip", assetId)))))
        .when().post("/v1/projects").then().statusCode(201).body("status", is("draft")).extract().<String>path("id");
    as(owner).queryParam("id", projectId).when().delete("/v1/projects").then().statusCode(200)
        .body("id", is(projectId)).body("status", is("archived"));
    as(owner).when().get("/v1/projects").then().statusCode(200)
        .body("data.id", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem(projectId)));
    as(owner).queryParam("status", "archived").when().get("/v1/projects").then().statusCode(200)
        .body("data.id", org.hamcrest.Matchers.hasItem(projectId));
    var renderPrice = Agents.gateway().when().get("/v1/pricing").then().statusCode(200).extract().jsonPath()
        .getInt("operations.find { it.operation == 'clone.render' }.credits");
    var campaign = as(owner).contentType(ContentType.JSON)
        .body(Map.of("name", "spring", "config", Map.of("videoCount", 3)))
        .when().post("/v1/campaigns").then().statusCode(201).body("status", is("draft"))
        .body("campaignId", startsWith("cmp_")).extract().jsonPath();
    assertThat(campaign.getInt("estimatedCredits")).isEqualTo(3 * renderPrice);
    as(owner).when().get("/v1/campaigns").then().statusCode(200)
        .body("data[0].campaignId", is(campaign.getString("campaignId")));

    // Another client: every id of the owner's is 404, and its lists are empty.
    for (var path : List.of("/v1/assets/" + assetId, "/v1/accounts/" + accountId, "/v1/posts/" + postId,
        "/v1/references/" + referenceId, "/v1/projects/" + projectId,
        "/v1/campaigns/" + campaign.getString("campaignId"))) {
      as(stranger).when().get(path).then().statusCode(404).body("error", is("not_found"));
      as(stranger).contentType(ContentType.JSON).body(Map.of()).when().put(path).then().statusCode(404);
      as(stranger).when().delete(path).then().statusCode(404);
    }
    as(stranger).when().get("/v1/assets").then().statusCode(200).body("data.size()", is(0));
    as(owner).when().get("/v1/assets/" + assetId).then().statusCode(200).body("name", is("intro clip"));
  }

  private static int remaining(Agents.Agent agent, String bucket) {
    return as(agent).when().get("/v1/usage").then().statusCode(200).extract().path("usage.'" + bucket + "'.remaining");
  }

  private static JsonPath await(Supplier<JsonPath> read, java.util.function.Predicate<JsonPath> done)
      throws InterruptedException {
    var deadline = System.nanoTime() + WORKER_WAIT.toNanos();
    var last = read.get();
    while (!done.test(last) && System.nanoTime() < deadline) {
      Thread.sleep(250);
      last = read.get();
    }
    return last;
  }
}
