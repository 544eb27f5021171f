package dev.videoautomation.records.common;

import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Simulated;

/** References, editor projects (soft archive) and campaigns (estimatedCredits from billing's prices). */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class RecordsCrudTest {
  @InjectWireMock
  WireMockServer wireMock;

  String client;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    Simulated.prices(wireMock);
    client = Simulated.newClient();
  }

  @Test
  void shouldCreateReadUpdateAndDeleteAReference() {
    String id = as(client).body("{\"url\": \"https://www.tiktok.com/@a/video/1\", \"platform\": \"shortvideo\", "
            + "\"title\": \"Hook idea\", \"notes\": \"first 2 s\", \"metadata\": {\"views\": 12000}}")
        .when().post("/v1/references").then().statusCode(201)
        .body("id", startsWith("ref_"))
        .body("platform", equalTo("shortvideo"))
        .body("title", equalTo("Hook idea"))
        .body("metadata.views", equalTo(12000))
        .extract().path("id");

    as(client).body("{\"notes\": \"first 3 s\"}").when().put("/v1/references/" + id).then().statusCode(200)
        .body("notes", equalTo("first 3 s")).body("title", equalTo("Hook idea"));
    as(client).body("{\"platform\": \"fax\"}").when().put("/v1/references/" + id).then().statusCode(400)
        .body("field", equalTo("platform"));
    as(client).queryParam("platform", "shortvideo").when().get("/v1/references").then().statusCode(200)
        .body("data[0].id", equalTo(id));
    as(client).queryParam("platform", "photo").when().get("/v1/references").then().body("data.size()", equalTo(0));
    as(client).body("{\"id\": \"" + id + "\"}").when().delete("/v1/references").then().statusCode(200)
        .body("deleted", equalTo(true));
    as(client).when().get("/v1/references/" + id).then().statusCode(404);
  }

  @Test
  void shouldArchiveProjectsSoftlyAndRestoreThem() {
    String id = as(client).body("{\"name\": \"Promo\", \"timeline\": {\"tracks\": [{\"clips\": []}]}}")
        .when().post("/v1/projects").then().statusCode(201)
        .body("id", startsWith("prj_"))
        .body("status", equalTo("draft"))
        .body("timeline.tracks.size()", equalTo(1))
        .extract().path("id");

    as(client).queryParam("id", id).when().delete("/v1/projects").then().statusCode(200)
        .body("id", equalTo(id)).body("status", equalTo("archived"));
    as(client).when().delete("/v1/projects/" + id).then().statusCode(200).body("status", equalTo("archived"));
    as(client).when().get("/v1/projects").then().statusCode(200).body("data.size()", equalTo(0));
    as(client).queryParam("status", "archived").when().get("/v1/projects").then().body("data[0].id", equalTo(id));
    as(client).when().get("/v1/projects/" + id).then().statusCode(200).body("status", equalTo("archived"))
        .body("name", equalTo("Promo"));

    as(client).body("{\"status\": \"draft\"}").when().put("/v1/projects/" + id).then().statusCode(200)
        .body("status", equalTo("draft")).body("archivedAt", nullValue());
    as(client).when().get("/v1/projects").then().body("data[0].id", equalTo(id));
    as(client).body("{\"name\": \"\"}").when().put("/v1/projects/" + id).then().statusCode(400)
        .body("field", equalTo("name"));
    as(client).body("{\"timeline\": {\"big\": \"" + "x".repeat(1024 * 1024) + "\"}}").when()
        .put("/v1/projects/" + id).then().statusCode(400).body("field", equalTo("timeline"));
  }

  @Test
  void shouldEstimateCampaignCreditsFromThePriceListAndRecomputeOnConfigChange() {
    String id = as(client).body("{\"name\": \"Spring\", \"config\": {\"videoCount\": 2, \"imageCount\": 3, "
            + "\"imageResolution\": \"2K\", \"musicCount\": 1, \"accountCount\": 1, \"tone\": \"playful\"}, "
            + "\"videoIds\": [\"vid_6QmAbc0000000000000001\"]}")
        .when().post("/v1/campaigns").then().statusCode(201)
        .body("campaignId", startsWith("cmp_"))
        .body("status", equalTo("draft"))
        .body("estimatedCredits", equalTo(2 * 60 + 3 * 6 + 8 + 10))
        .body("config.tone", equalTo("playful"))
        .body("videoIds[0]", equalTo("vid_6QmAbc0000000000000001"))
        .extract().path("campaignId");

    as(client).body("{\"config\": {\"videoCount\": 1}}").when().put("/v1/campaigns/" + id).then().statusCode(200)
        .body("estimatedCredits", equalTo(60)).body("name", equalTo("Spring"));
    as(client).body("{\"campaignId\": \"" + id + "\", \"status\": \"active\"}").when().put("/v1/campaigns")
        .then().statusCode(200).body("status", equalTo("active")).body("estimatedCredits", equalTo(60));
    var list = as(client).queryParam("status", "active").when().get("/v1/campaigns").then().statusCode(200)
        .extract().jsonPath();
    assertThat(list.getList("data.campaignId", String.class)).containsExactly(id);
    wireMock.verify(getRequestedFor(urlPathEqualTo("/internal/prices")));
  }

  @Test
  void shouldRefuseBadCampaignFieldsNamingThem() {
    as(client).body("{\"config\": {\"videoCount\": -1}}").when().post("/v1/campaigns").then().statusCode(400)
        .body("field", equalTo("config.videoCount"));
    as(client).body("{\"config\": {\"imageCount\": 1.5}}").when().post("/v1/campaigns").then().statusCode(400)
        .body("field", equalTo("config.imageCount"));
    as(client).body("{\"videoIds\": [\"ast_notAVideo\"]}").when().post("/v1/campaigns").then().statusCode(400)
        .body("field", equalTo("videoIds[0]"));
    as(client).body("{\"status\": \"paused\"}").when().post("/v1/campaigns").then().statusCode(400)
        .body("field", equalTo("status"));
    as(client).body("{\"config\": \"not an object\"}").when().post("/v1/campaigns").then().statusCode(400)
        .body("field", equalTo("config"));
    as(client).body("{\"config\": {\"tone\": \"dry\"}}").when().post("/v1/campaigns").then().statusCode(201)
        .body("estimatedCredits", equalTo(0));
  }
}
