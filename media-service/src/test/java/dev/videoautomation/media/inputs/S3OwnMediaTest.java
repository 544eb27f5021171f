package dev.videoautomation.media.inputs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static dev.videoautomation.media.TestMedia.as;
import static dev.videoautomation.media.TestMedia.asService;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import java.nio.file.Files;
import java.util.Map;

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
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * With S3 storage, URLs under {@code MEDIA_STORAGE_S3_PUBLIC_BASE_URL} are the suite's own media too. One stand-in
 * plays the bucket (path style, {@code /media-bucket/m/…}) and its public base ({@code /m/…}): the object is read
 * through the S3 API when its bytes are needed, and its public URL is never fetched.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "media.storage.s3.endpoint,media.storage.s3.public-base-url"))
@TestProfile(S3OwnMediaTest.S3.class)
class S3OwnMediaTest {
  public static class S3 implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("media.storage.kind", "s3", "media.storage.s3.bucket", "media-bucket",
          "media.storage.s3.path-style", "true", "media.storage.s3.access-key-id", "AKIDTEST",
          "media.storage.s3.secret-access-key", "secret");
    }
  }

  @InjectWireMock
  WireMockServer s3;

  byte[] clipBytes;

  @BeforeEach
  void setUp() throws Exception {
    clipBytes = Files.readAllBytes(TestMedia.clip(3, 320, 240));
    s3.resetAll();
    s3.stubFor(put(urlPathMatching("/media-bucket/m/.*")).willReturn(aResponse().withStatus(200)));
    s3.stubFor(get(urlPathMatching("/media-bucket/m/.*")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "video/mp4").withBody(clipBytes)));
  }

  private JsonPath upload(String client) {
    return as(client).multiPart("file", "clip.mp4", clipBytes, "video/mp4").when().post("/v1/upload")
        .then().statusCode(200).body("url", startsWith(s3.baseUrl() + "/m/med_")).extract().jsonPath();
  }

  @Test
  void shouldAnswerTheCallersOwnObjectAtItsPublicUrlWithoutReadingAnything() {
    var owner = Ids.newId(IdPrefix.CLI);
    var upload = upload(owner);

    asService("records-service").contentType(ContentType.JSON)
        .body(Map.of("url", upload.getString("url"), "clientId", owner, "purpose", "asset"))
        .when().post("/internal/staging/url").then().statusCode(200).body("id", equalTo(upload.getString("id")));
    as(owner).queryParam("url", upload.getString("url")).when().get("/internal/media").then().statusCode(200)
        .body("id", equalTo(upload.getString("id"))).body("storage", equalTo("s3"));

    s3.verify(0, anyRequestedFor(urlPathMatching("/m/.*")));
    s3.verify(0, getRequestedFor(urlPathMatching("/media-bucket/.*")));
  }

  @Test
  void shouldReadThePublicUrlsObjectThroughTheBucketNeverThePublicBase() {
    var upload = upload(Ids.newId(IdPrefix.CLI));
    var other = Ids.newId(IdPrefix.CLI);

    as(other).contentType(ContentType.JSON).body(Map.of("url", upload.getString("url")))
        .when().post("/v1/upload/url").then().statusCode(200).body("id", not(equalTo(upload.getString("id"))));
    as(other).contentType(ContentType.JSON).body(Map.of("videoUrl", upload.getString("url")))
        .when().post("/v1/extract").then().statusCode(200)
        .body("source.mediaId", equalTo(upload.getString("id"))).body("metadata.width", equalTo(320));

    s3.verify(0, anyRequestedFor(urlPathMatching("/m/.*")));
    s3.verify(2, getRequestedFor(urlPathMatching("/media-bucket/m/" + upload.getString("id") + "/.*")));
  }
}
