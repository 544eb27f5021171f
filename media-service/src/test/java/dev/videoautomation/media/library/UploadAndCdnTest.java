package dev.videoautomation.media.library;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.media.TestMedia.as;
import static dev.videoautomation.media.TestMedia.asService;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.media.TestMedia;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Uploads, staging and the CDN on real PostgreSQL, real ffprobe and local storage; outside URLs on WireMock. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(WireMockResource.class)
class UploadAndCdnTest {
  @InjectWireMock
  WireMockServer source;

  @Inject
  MediaObjectRepository objects;

  Path clip;
  byte[] clipBytes;

  @BeforeEach
  void setUp() throws Exception {
    source.resetAll();
    clip = TestMedia.clip(3, 320, 240);
    clipBytes = Files.readAllBytes(clip);
  }

  private static String newClient() {
    return Ids.newId(IdPrefix.CLI);
  }

  private long storedFor(String clientId) {
    return objects.count("clientId", clientId);
  }

  private static String cdnPath(String url) {
    return url.substring(url.indexOf("/cdn/"));
  }

  @Test
  void shouldStoreAMultipartUploadAndDescribeItWithFfprobe() {
    var client = newClient();
    var url = as(client).multiPart("file", "My Clip (final).mp4", clipBytes, "video/mp4")
        .when().post("/v1/upload").then().statusCode(200)
        .body("id", startsWith("med_"))
        .body("url", startsWith("http://localhost:8080/cdn/m/med_"))
        .body("url", endsWith("/My-Clip-final.mp4"))
        .body("contentType", equalTo("video/mp4"))
        .body("sizeBytes", equalTo(clipBytes.length))
        .body("durationSeconds", closeTo(3.0, 0.1))
        .body("width", equalTo(320))
        .body("height", equalTo(240))
        .extract().path("url").toString();
    var downloaded = as(client).when().get(cdnPath(url)).then().statusCode(200)
        .header("Content-Type", "video/mp4").header("Accept-Ranges", "bytes")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .extract().asByteArray();
    assertThat(downloaded).isEqualTo(clipBytes);
  }

  @Test
  void shouldStoreARawBodyAndDetectItsTypeWhenSentAsOctetStream() {
    var client = newClient();
    as(client).contentType("application/octet-stream").body(clipBytes).queryParam("filename", "raw.mov")
        .when().post("/v1/upload").then().statusCode(200)
        .body("contentType", equalTo("video/mp4"))
        .body("url", endsWith("/raw.mp4"))
        .body("sizeBytes", equalTo(clipBytes.length));
    assertThat(storedFor(client)).isEqualTo(1);
  }

  @Test
  void shouldRefuseWhatIsNotMediaAndStoreNothing() {
    var client = newClient();
    as(client).contentType("text/plain").body("hello").when().post("/v1/upload").then().statusCode(415)
        .body("error", equalTo("unsupported_media_type")).body("contentType", equalTo("text/plain"));
    as(client).contentType("application/octet-stream").body(new byte[4096]).when().post("/v1/upload").then()
        .statusCode(415).body("error", equalTo("unsupported_media_type"));
    as(client).multiPart("other", "x.mp4", clipBytes, "video/mp4").when().post("/v1/upload").then().statusCode(400)
        .body("error", equalTo("invalid_request")).body("field", equalTo("file"));
    assertThat(storedFor(client)).isZero();
  }

  @Test
  void shouldRefuseABodyOverTheLimitWith413NamingTheLimit() {
    var client = newClient();
    as(client).contentType("video/mp4").body(clipBytes)
        .queryParam("clientId", client).queryParam("purpose", "generated").queryParam("maxBytes", 1000)
        .when().post("/internal/staging/stream").then().statusCode(413)
        .body("error", equalTo("payload_too_large")).body("limit", equalTo(1000));
    assertThat(storedFor(client)).isZero();
  }

  @Test
  void shouldServeByteRangesConditionalRequestsAndHead() {
    var client = newClient();
    var stored = as(client).multiPart("file", "clip.mp4", clipBytes, "video/mp4").when().post("/v1/upload")
        .then().statusCode(200).extract().jsonPath();
    var path = cdnPath(stored.getString("url"));
    var etag = "\"" + stored.getString("id") + "\"";
    int size = clipBytes.length;

    var slice = as(client).header("Range", "bytes=100-199").when().get(path).then().statusCode(206)
        .header("Content-Range", "bytes 100-199/" + size).header("Content-Length", "100").header("ETag", etag)
        .extract().asByteArray();
    assertThat(slice).isEqualTo(Arrays.copyOfRange(clipBytes, 100, 200));

    var tail = as(client).header("Range", "bytes=-50").when().get(path).then().statusCode(206)
        .header("Content-Range", "bytes " + (size - 50) + "-" + (size - 1) + "/" + size).extract().asByteArray();
    assertThat(tail).isEqualTo(Arrays.copyOfRange(clipBytes, size - 50, size));

    var open = as(client).header("Range", "bytes=" + (size - 10) + "-").when().get(path).then().statusCode(206)
        .extract().asByteArray();
    assertThat(open).isEqualTo(Arrays.copyOfRange(clipBytes, size - 10, size));

    as(client).header("Range", "bytes=" + size + "-").when().get(path).then().statusCode(416)
        .header("Content-Range", "bytes */" + size);
    as(client).header("If-None-Match", etag).when().get(path).then().statusCode(304).header("ETag", etag);
    as(client).header("Range", "bytes=0-9").header("If-Range", "\"something-else\"").when().get(path).then()
        .statusCode(200).header("Content-Length", String.valueOf(size));
    as(client).when().head(path).then().statusCode(200).header("Content-Length", String.valueOf(size))
        .header("Content-Type", "video/mp4");
    as(client).when().get("/cdn/m/med_nonexistent00000/clip.mp4").then().statusCode(404)
        .body("error", equalTo("not_found"));
    as(client).when().get("/cdn/../../etc/passwd").then().statusCode(404);
    // Keys have a fixed depth (m/<med id>/<file name>), and so does the path that serves them.
    as(client).when().get(path + "/more").then().statusCode(404).body("error", equalTo("not_found"));
    as(client).when().get("/cdn/" + path.substring(path.indexOf("/m/") + 3)).then().statusCode(404)
        .body("error", equalTo("not_found"));
  }

  @Test
  void shouldShowStoredObjectsToInSuiteReadersButNotToOtherClients() {
    var client = newClient();
    var stored = as(client).multiPart("file", "clip.mp4", clipBytes, "video/mp4").when().post("/v1/upload")
        .then().statusCode(200).extract().jsonPath();
    var id = stored.getString("id");
    var localPath = as(client).when().get("/internal/media/" + id).then().statusCode(200)
        .body("clientId", equalTo(client)).body("storage", equalTo("local"))
        .body("storageKey", startsWith("m/" + id + "/")).body("purpose", equalTo("upload"))
        .extract().path("localPath").toString();
    assertThat(Path.of(localPath)).exists().hasSize(clipBytes.length);
    asService("clone-service").queryParam("url", stored.getString("url")).when().get("/internal/media")
        .then().statusCode(200).body("id", equalTo(id));
    as(newClient()).when().get("/internal/media/" + id).then().statusCode(404).body("error", equalTo("not_found"));
    var bytes = asService("clone-service").header("Range", "bytes=0-15").when().get("/internal/media/" + id
        + "/content").then().statusCode(206).extract().asByteArray();
    assertThat(bytes).isEqualTo(Arrays.copyOfRange(clipBytes, 0, 16));
    asService("clone-service").queryParam("url", "https://elsewhere.example/cdn/m/" + id + "/clip.mp4")
        .when().get("/internal/media").then().statusCode(404);
  }

  @Test
  void shouldStageAnOutsideUrlForAnotherServiceThroughTheGuard() {
    source.stubFor(get(urlEqualTo("/v/abc.mp4")).willReturn(aResponse().withHeader("Content-Type", "video/mp4")
        .withBody(clipBytes)));
    var client = newClient();
    var sourceUrl = source.baseUrl() + "/v/abc.mp4";
    asService("scrape-service").contentType(ContentType.JSON)
        .body(Map.of("url", sourceUrl, "clientId", client, "purpose", "scrape", "allowedContentTypes",
            java.util.List.of("video/*")))
        .when().post("/internal/staging/url").then().statusCode(201)
        .body("id", startsWith("med_")).body("sourceUrl", equalTo(sourceUrl)).body("url", endsWith("/abc.mp4"))
        .body("contentType", equalTo("video/mp4")).body("sizeBytes", equalTo(clipBytes.length));
    as(client).contentType(ContentType.JSON)
        .body(Map.of("url", sourceUrl, "clientId", newClient(), "purpose", "scrape"))
        .when().post("/internal/staging/url").then().statusCode(403).body("error", equalTo("insufficient_scope"));
    asService("scrape-service").contentType(ContentType.JSON)
        .body(Map.of("url", sourceUrl, "clientId", client, "purpose", "anything"))
        .when().post("/internal/staging/url").then().statusCode(400).body("field", equalTo("purpose"));
    asService("scrape-service").contentType(ContentType.JSON)
        .body(Map.of("url", sourceUrl, "clientId", client, "purpose", "scrape", "allowedContentTypes",
            java.util.List.of("image/*")))
        .when().post("/internal/staging/url").then().statusCode(415).body("error", equalTo("unsupported_media_type"));
    assertThat(storedFor(client)).isEqualTo(1);
  }

  @Test
  void shouldUploadFromAUrlAndRefuseInternalAddressesAndRedirectsToThem() {
    source.stubFor(get(urlEqualTo("/v/clip.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "application/octet-stream").withBody(clipBytes)));
    source.stubFor(get(urlEqualTo("/hop")).willReturn(aResponse().withStatus(302)
        .withHeader("Location", "http://10.0.0.1/internal.mp4")));
    source.stubFor(get(urlEqualTo("/gone")).willReturn(aResponse().withStatus(404)));
    var client = newClient();
    as(client).contentType(ContentType.JSON).body(Map.of("url", source.baseUrl() + "/v/clip.mp4"))
        .when().post("/v1/upload/url").then().statusCode(200)
        .body("contentType", equalTo("video/mp4")).body("sourceUrl", equalTo(source.baseUrl() + "/v/clip.mp4"))
        .body("durationSeconds", closeTo(3.0, 0.1));
    as(client).contentType(ContentType.JSON).body(Map.of("url", "http://169.254.169.254/latest/meta-data/"))
        .when().post("/v1/upload/url").then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("reason", equalTo("metadata")).body("field", equalTo("url"));
    as(client).contentType(ContentType.JSON).body(Map.of("url", "file:///etc/passwd"))
        .when().post("/v1/upload/url").then().statusCode(400).body("reason", equalTo("scheme"));
    as(client).contentType(ContentType.JSON).body(Map.of("url", source.baseUrl() + "/hop"))
        .when().post("/v1/upload/url").then().statusCode(400)
        .body("error", equalTo("url_not_allowed")).body("reason", equalTo("private_address"));
    as(client).contentType(ContentType.JSON).body(Map.of("url", source.baseUrl() + "/gone"))
        .when().post("/v1/upload/url").then().statusCode(502)
        .body("error", equalTo("upstream_error")).body("upstreamStatus", equalTo(404));
    as(client).contentType(ContentType.JSON).body(Map.of("nope", "x"))
        .when().post("/v1/upload/url").then().statusCode(400).body("error", equalTo("invalid_request"));
    assertThat(storedFor(client)).isEqualTo(1);
  }

  @Test
  void shouldAnswer503WithSetupWhenNoTranscriptionOrVisionProviderIsConfigured() {
    var client = newClient();
    as(client).contentType(ContentType.JSON).body(Map.of("videoUrl", "med_anything0000000"))
        .when().post("/v1/transcribe").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", org.hamcrest.Matchers.containsString("MEDIA_TRANSCRIPTION_API_KEY"));
    as(client).contentType(ContentType.JSON).body(Map.of("videoUrl", "med_anything0000000", "prompt", "what?"))
        .when().post("/v1/watch").then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", org.hamcrest.Matchers.containsString("MEDIA_VISION_API_KEY"));
  }

  /**
   * A dry run tells the missing provider without calling out: the real call's 503, before it looks the media up (a
   * {@code med_} id of nothing is 503 here too, as in the real call).
   */
  @Test
  void shouldAnswerADryRunWithTheRealCalls503WhenNoProviderIsConfigured() {
    var client = newClient();
    for (var path : new String[] {"/v1/transcribe", "/v1/watch"}) {
      var body = Map.of("videoUrl", "med_anything0000000", "prompt", "what?");
      var real = as(client).contentType(ContentType.JSON).body(body).when().post(path).then().statusCode(503)
          .extract().jsonPath().getMap("$");
      var dry = as(client).contentType(ContentType.JSON).queryParam("dryRun", true).body(body).when().post(path)
          .then().statusCode(503).body("error", equalTo("provider_not_configured")).extract().jsonPath().getMap("$");
      assertThat(dry).as(path).isEqualTo(real);
    }
  }

  /** No provider is configured here either: a request that names an internal address learns that first. */
  @Test
  void shouldRefuseABadSourceBeforeSayingTheProviderIsMissing() {
    var client = newClient();
    for (var path : new String[] {"/v1/transcribe", "/v1/watch"}) {
      as(client).contentType(ContentType.JSON).body(Map.of("videoUrl", "http://10.0.0.3/clip.mp4", "prompt", "what?"))
          .when().post(path).then().statusCode(400).body("error", equalTo("url_not_allowed"))
          .body("reason", equalTo("private_address")).body("field", equalTo("videoUrl"));
      as(client).contentType(ContentType.JSON).body(Map.of("mediaId", "http://169.254.169.254/latest/meta-data/",
          "prompt", "what?")).when().post(path).then().statusCode(400).body("error", equalTo("url_not_allowed"))
          .body("reason", equalTo("metadata")).body("field", equalTo("mediaId"));
      as(client).contentType(ContentType.JSON).body(Map.of("videoUrl", "ftp://files.example/clip.mp4",
          "prompt", "what?")).when().post(path).then().statusCode(400).body("error", equalTo("url_not_allowed"))
          .body("reason", equalTo("scheme")).body("field", equalTo("videoUrl"));
      as(client).contentType(ContentType.JSON).body(Map.of("videoUrl", "clip.mp4", "prompt", "what?"))
          .when().post(path).then().statusCode(400).body("error", equalTo("invalid_request"))
          .body("field", equalTo("videoUrl"));
    }
    assertThat(source.getAllServeEvents()).isEmpty();
  }
}
