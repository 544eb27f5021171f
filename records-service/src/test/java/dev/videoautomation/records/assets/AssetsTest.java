package dev.videoautomation.records.assets;

import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static dev.videoautomation.records.Simulated.json;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;

/** Assets staged synchronously through the simulated media-service; its refusals pass through. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class AssetsTest {
  @InjectWireMock
  WireMockServer wireMock;

  String client;

  @BeforeEach
  void reset() {
    wireMock.resetAll();
    client = Simulated.newClient();
  }

  @Test
  void shouldStageTheUrlAndAnswerTheServicesOwnCdnUrl() {
    Fixtures.mediaStages(wireMock);

    String id = as(client).body("{\"url\": \"https://videos.example.net/v/clip.mp4\", \"name\": \"Clip\", "
            + "\"contentType\": \"video/mp4\", \"tags\": [{\"key\": \"campaign\", \"value\": \"spring\"}], "
            + "\"metadata\": {\"source\": \"shoot-3\"}}")
        .when().post("/v1/assets").then().statusCode(201)
        .body("id", startsWith("ast_"))
        .body("status", equalTo("active"))
        .body("url", startsWith(Simulated.CDN + "m/med_"))
        .body("sourceUrl", equalTo("https://videos.example.net/v/clip.mp4"))
        .body("mediaId", startsWith("med_"))
        .body("name", equalTo("Clip"))
        .body("contentType", equalTo("video/mp4"))
        .body("sizeBytes", equalTo(18342211))
        .body("tags[0].key", equalTo("campaign"))
        .body("metadata.source", equalTo("shoot-3"))
        .body("createdAt", notNullValue())
        .extract().path("id");

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url")).withRequestBody(equalToJson(
        "{\"url\": \"https://videos.example.net/v/clip.mp4\", \"clientId\": \"" + client + "\", \"purpose\": "
            + "\"asset\", \"allowedContentTypes\": [\"video/mp4\"]}")));
    as(client).when().get("/v1/assets/" + id).then().statusCode(200).body("name", equalTo("Clip"));
  }

  /**
   * With no collector named the OpenTelemetry SDK is off and makes no span of its own: the trace the gateway sent
   * goes on to media as it came, so the trace still joins up across services.
   */
  @Test
  void shouldCarryTheCallersTraceToMediaAsItCameWithoutACollector() {
    Fixtures.mediaStages(wireMock);
    var traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    as(client).header("traceparent", traceparent).header("tracestate", "vendor=opaque")
        .body("{\"url\": \"https://videos.example.net/v/clip.mp4\"}").when().post("/v1/assets")
        .then().statusCode(201);

    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url"))
        .withHeader("traceparent", WireMock.equalTo(traceparent))
        .withHeader("tracestate", WireMock.equalTo("vendor=opaque")));
  }

  @Test
  void shouldNameTheCallersOwnUploadWhenGivenItsMediaIdOrCdnUrl() {
    var upload = "med_4Yb2kQ9sT1vXw8Upload01";
    var cdnUrl = Simulated.CDN + "m/" + upload + "/clip.mp4";
    // media answers the caller's own object as it is: 200, nothing stored again
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(200,
        "{\"id\": \"" + upload + "\", \"url\": \"" + cdnUrl + "\", \"contentType\": \"video/mp4\", "
            + "\"sizeBytes\": 18342211, \"createdAt\": 1763700000000}")));

    for (var given : new String[] {upload, cdnUrl}) {
      as(client).body("{\"url\": \"" + given + "\", \"contentType\": \"video/*\"}").when().post("/v1/assets")
          .then().statusCode(201)
          .body("mediaId", equalTo(upload))
          .body("url", equalTo(cdnUrl))
          .body("sourceUrl", equalTo(given))
          .body("contentType", equalTo("video/mp4"));
      wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/staging/url")).withRequestBody(equalToJson(
          "{\"url\": \"" + given + "\", \"clientId\": \"" + client + "\", \"purpose\": \"asset\", "
              + "\"allowedContentTypes\": [\"video/*\"]}")));
    }
  }

  @Test
  void shouldAnswer404ForAnotherClientsUpload() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(404,
        "{\"error\": \"not_found\", \"message\": \"Media med_4Yb2kQ9sT1vXw8Others01 (in 'url') was not found.\", "
            + "\"field\": \"url\"}")));

    as(client).body("{\"url\": \"med_4Yb2kQ9sT1vXw8Others01\"}").when().post("/v1/assets").then()
        .statusCode(404).body("error", equalTo("not_found")).body("field", equalTo("url"));
    as(client).when().get("/v1/assets").then().statusCode(200).body("data.size()", equalTo(0));
  }

  @Test
  void shouldPassMediasRefusalsThroughUnchangedAndStoreNothing() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(400,
        "{\"error\": \"url_not_allowed\", \"message\": \"The URL points at a private address.\", "
            + "\"reason\": \"private_address\", \"field\": \"url\", \"address\": \"10.0.0.5\"}")));

    as(client).body("{\"url\": \"http://intranet.example/x.mp4\"}").when().post("/v1/assets").then()
        .statusCode(400)
        .body("error", equalTo("url_not_allowed"))
        .body("reason", equalTo("private_address"))
        .body("field", equalTo("url"))
        .body("message", equalTo("The URL points at a private address."));

    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(415,
        "{\"error\": \"unsupported_media_type\", \"message\": \"text/html is not allowed.\", "
            + "\"contentType\": \"text/html\"}")));
    as(client).body("{\"url\": \"https://example.net/page\", \"contentType\": \"video/*\"}").when()
        .post("/v1/assets").then().statusCode(415)
        .body("error", equalTo("unsupported_media_type"))
        .body("contentType", equalTo("text/html"));
    as(client).when().get("/v1/assets").then().statusCode(200).body("data.size()", equalTo(0));
  }

  @Test
  void shouldRefuseBadInputBeforeCallingMedia() {
    as(client).body("{\"name\": \"x\"}").when().post("/v1/assets").then().statusCode(400)
        .body("field", equalTo("url"));
    as(client).body("{\"url\": \"ftp://example.net/a\"}").when().post("/v1/assets").then().statusCode(400)
        .body("field", equalTo("url"));
    as(client).body("{\"url\": \"https://example.net/a\", \"contentType\": \"movie\"}").when().post("/v1/assets")
        .then().statusCode(400).body("field", equalTo("contentType"));
    as(client).body("{\"url\": \"https://example.net/a\", \"metadata\": [1]}").when().post("/v1/assets")
        .then().statusCode(400).body("field", equalTo("metadata"));
    as(client).body("{\"url\": \"https://example.net/a\", \"metadata\": {\"big\": \"" + "x".repeat(17000) + "\"}}")
        .when().post("/v1/assets").then().statusCode(400).body("field", equalTo("metadata"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/staging/url")));
  }

  @Test
  void shouldUpdateNameTagsAndMetadataButNotTheUrlAndDelete() {
    var id = Fixtures.asset(wireMock, client)[0];

    as(client).body("{\"name\": \"Renamed\"}").when().put("/v1/assets/" + id).then().statusCode(200)
        .body("name", equalTo("Renamed")).body("status", equalTo("active"));
    as(client).body("{\"url\": \"https://example.net/other\"}").when().put("/v1/assets/" + id).then()
        .statusCode(400).body("field", equalTo("url"));
    as(client).queryParam("id", id).when().delete("/v1/assets").then().statusCode(200)
        .body("id", equalTo(id)).body("deleted", equalTo(true));
    as(client).when().get("/v1/assets/" + id).then().statusCode(404).body("error", equalTo("not_found"));
  }
}
