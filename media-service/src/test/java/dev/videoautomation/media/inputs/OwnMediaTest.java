package dev.videoautomation.media.inputs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static dev.videoautomation.media.TestMedia.as;
import static dev.videoautomation.media.TestMedia.asService;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import dev.videoautomation.media.TestMedia;
import dev.videoautomation.media.library.MediaObjectRepository;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The suite's own media named where a URL is taken: read from storage, never fetched. The public base URL (and so
 * every CDN URL) points at the stand-in, which also plays the transcription and vision providers: a fetch of a CDN
 * URL would be a GET it records, and the loopback allowance of the test profile would let it through.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "public-base-url,media.transcription.base-url,media.vision.base-url"))
@TestProfile(OwnMediaTest.Providers.class)
class OwnMediaTest {
  public static class Providers implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("media.transcription.api-key", "sk-test-transcription", "media.vision.api-key", "sk-test-vision");
    }
  }

  @InjectWireMock
  WireMockServer standIn;

  @Inject
  MediaObjectRepository objects;

  byte[] clipBytes;
  String owner;

  @BeforeEach
  void setUp() throws Exception {
    standIn.resetAll();
    standIn.stubFor(post(urlEqualTo("/audio/transcriptions")).willReturn(json(
        "{\"language\": \"english\", \"duration\": 3.0, \"text\": \" Hello.\", \"segments\": [], \"words\": []}")));
    standIn.stubFor(post(urlEqualTo("/chat/completions")).willReturn(json(
        "{\"model\": \"gpt-4o-mini\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", "
            + "\"content\": \"Colour bars.\"}, \"finish_reason\": \"stop\"}]}")));
    clipBytes = Files.readAllBytes(TestMedia.clip(3, 320, 240));
    owner = Ids.newId(IdPrefix.CLI);
  }

  private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(String body) {
    return aResponse().withHeader("Content-Type", "application/json").withBody(body);
  }

  private JsonPath upload(String client) {
    return as(client).multiPart("file", "clip.mp4", clipBytes, "video/mp4").when().post("/v1/upload")
        .then().statusCode(200).body("url", startsWith(standIn.baseUrl() + "/cdn/m/med_")).extract().jsonPath();
  }

  private long storedFor(String clientId) {
    return objects.count("clientId", clientId);
  }

  /** Nothing fetched a CDN URL: the stand-in saw no request under /cdn. */
  private void assertNoCdnFetch() {
    standIn.verify(0, anyRequestedFor(urlPathMatching("/cdn/.*")));
  }

  @Test
  void shouldAnswerTheCallersOwnUploadWhenItIsStagedAgainByUrlOrId() {
    var upload = upload(owner);
    var id = upload.getString("id");
    var url = upload.getString("url");

    as(owner).contentType(ContentType.JSON).body(Map.of("url", url)).when().post("/v1/upload/url")
        .then().statusCode(200).body("id", equalTo(id)).body("url", equalTo(url));
    as(owner).contentType(ContentType.JSON).body(Map.of("url", id)).when().post("/v1/upload/url")
        .then().statusCode(200).body("id", equalTo(id));
    asService("records-service").contentType(ContentType.JSON)
        .body(Map.of("url", url, "clientId", owner, "purpose", "asset", "allowedContentTypes", List.of("video/*")))
        .when().post("/internal/staging/url").then().statusCode(200)
        .body("id", equalTo(id)).body("url", equalTo(url)).body("contentType", equalTo("video/mp4"));
    as(owner).contentType(ContentType.JSON).body(Map.of("url", id, "clientId", owner, "purpose", "asset"))
        .when().post("/internal/staging/url").then().statusCode(200).body("id", equalTo(id));

    assertThat(storedFor(owner)).isEqualTo(1);
    assertThat(standIn.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldCopyAnotherClientsCdnUrlFromStorageButRefuseItsIdAndUnknownObjects() {
    var upload = upload(owner);
    var other = Ids.newId(IdPrefix.CLI);

    var copy = as(other).contentType(ContentType.JSON).body(Map.of("url", upload.getString("url")))
        .when().post("/v1/upload/url").then().statusCode(200)
        .body("id", not(equalTo(upload.getString("id"))))
        .body("sourceUrl", equalTo(upload.getString("url")))
        .body("url", org.hamcrest.Matchers.endsWith("/clip.mp4")).extract().<String>path("id");
    var copied = as(other).when().get("/internal/media/" + copy + "/content").then().statusCode(200)
        .extract().asByteArray();
    assertThat(copied).isEqualTo(clipBytes);

    as(other).contentType(ContentType.JSON).body(Map.of("url", upload.getString("id")))
        .when().post("/v1/upload/url").then().statusCode(404)
        .body("error", equalTo("not_found")).body("field", equalTo("url"));
    var unknown = standIn.baseUrl() + "/cdn/m/med_nothingStoredHere0/clip.mp4";
    as(other).contentType(ContentType.JSON).body(Map.of("url", unknown))
        .when().post("/v1/upload/url").then().statusCode(404).body("field", equalTo("url"));
    asService("scrape-service").contentType(ContentType.JSON)
        .body(Map.of("url", unknown, "clientId", other, "purpose", "scrape"))
        .when().post("/internal/staging/url").then().statusCode(404).body("error", equalTo("not_found"));

    assertThat(storedFor(owner)).isEqualTo(1);
    assertThat(storedFor(other)).isEqualTo(1);
    assertThat(standIn.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldApplyTheCallsSizeLimitAndTypesToOwnMedia() {
    var url = upload(owner).getString("url");

    asService("clone-service").contentType(ContentType.JSON)
        .body(Map.of("url", url, "clientId", owner, "purpose", "generated", "allowedContentTypes", List.of("image/*")))
        .when().post("/internal/staging/url").then().statusCode(415)
        .body("error", equalTo("unsupported_media_type")).body("contentType", equalTo("video/mp4"));
    asService("clone-service").contentType(ContentType.JSON)
        .body(Map.of("url", url, "clientId", Ids.newId(IdPrefix.CLI), "purpose", "import", "maxBytes", 1000))
        .when().post("/internal/staging/url").then().statusCode(413)
        .body("error", equalTo("payload_too_large")).body("limit", equalTo(1000));

    assertThat(storedFor(owner)).isEqualTo(1);
    assertThat(standIn.getAllServeEvents()).isEmpty();
  }

  @Test
  void shouldReadOwnCdnUrlsFromStorageOnEveryIntelligenceEndpoint() {
    var upload = upload(owner);
    var id = upload.getString("id");
    var url = upload.getString("url");

    as(owner).contentType(ContentType.JSON).body(Map.of("videoUrl", url, "frames", Map.of("count", 1)))
        .when().post("/v1/extract").then().statusCode(200).body("source.mediaId", equalTo(id));
    as(owner).contentType(ContentType.JSON).body(Map.of("videoUrl", url, "text", "Hi"))
        .when().post("/v1/overlay").then().statusCode(200);
    as(owner).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "videoUrl", url))
        .when().post("/v1/check").then().statusCode(200).body("spec.width", equalTo(320));
    as(owner).contentType(ContentType.JSON).body(Map.of("videoUrl", url, "frames", 1))
        .when().post("/v1/compliance/video").then().statusCode(200);
    as(owner).contentType(ContentType.JSON).body(Map.of("videoUrl", url))
        .when().post("/v1/transcribe").then().statusCode(200).body("text", equalTo("Hello."));
    as(owner).contentType(ContentType.JSON).body(Map.of("videoUrl", url, "prompt", "What is shown?", "frames", 2))
        .when().post("/v1/watch").then().statusCode(200);

    assertNoCdnFetch();
    assertThat(standIn.getAllServeEvents()).allSatisfy(event ->
        assertThat(event.getRequest().getUrl()).isIn("/audio/transcriptions", "/chat/completions"));
  }

  @Test
  void shouldAnswer404ForACdnUrlOfNothingInsteadOfFetchingIt() {
    var unknown = standIn.baseUrl() + "/cdn/m/med_nothingStoredHere0/clip.mp4";

    for (var path : List.of("/v1/extract", "/v1/transcribe", "/v1/watch", "/v1/compliance/video")) {
      var body = path.equals("/v1/watch") ? Map.of("videoUrl", unknown, "prompt", "What?")
          : Map.of("videoUrl", unknown);
      as(owner).contentType(ContentType.JSON).body(body)
          .when().post(path).then().statusCode(404)
          .body("error", equalTo("not_found")).body("field", equalTo("videoUrl"));
    }
    as(owner).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "videoUrl", unknown))
        .when().post("/v1/check").then().statusCode(404).body("field", equalTo("videoUrl"));

    assertThat(standIn.getAllServeEvents()).isEmpty();
  }
}
