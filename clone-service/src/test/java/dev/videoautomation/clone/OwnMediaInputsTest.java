package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static dev.videoautomation.clone.Simulated.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Base64;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

import dev.videoautomation.clone.tasks.TaskWorker;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The caller's own media (a {@code med_} id or one of the suite's CDN URLs) in every clone field that takes media, with
 * the URL guard as in production: read from storage, never fetched from the CDN and never refused by the guard. The
 * provider gets the CDN URL when it could fetch it (the S3 public base, a public name) and otherwise the bytes as a
 * data URI (the local CDN, here on loopback). Another client's media stays 404 (by id) or 400 (by loopback URL).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url,public-base-url"))
@TestProfile(OwnCdn.class)
class OwnMediaInputsTest {
  static final String CLIENT = "cli_ownMediaInputs00000001";
  static final String OTHER = "cli_ownMediaSomeoneElse001";
  static final String IMAGE_LOCAL = "med_ownImageLocal000000001";
  static final String IMAGE_PUBLIC = "med_ownImagePublic00000001";
  static final String VIDEO_LOCAL = "med_ownVideoLocal000000001";
  static final String VIDEO_PUBLIC = "med_ownVideoPublic00000001";
  static final String FRAME = "med_ownFrameStaged00000001";
  static final String OTHERS_IMAGE = "med_othersImage00000000001";
  static final String EDIT = "/fal-ai/nano-banana-pro/edit";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  TaskWorker worker;

  @Inject
  AgroalDataSource dataSource;

  @BeforeEach
  void world() throws SQLException {
    // Tasks of earlier tests are not worked any further: every submit seen here is this test's.
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "UPDATE clone.tasks SET status = 'canceled' WHERE status IN ('pending', 'running')")) {
      statement.executeUpdate();
    }
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
    Simulated.storedObject(wireMock, IMAGE_LOCAL, CLIENT, localUrl(IMAGE_LOCAL, "face.png"), "image/png",
        Simulated.png(), false);
    Simulated.storedObject(wireMock, IMAGE_PUBLIC, CLIENT, publicUrl(IMAGE_PUBLIC, "face.png"), "image/png",
        Simulated.png(), false);
    Simulated.storedObject(wireMock, VIDEO_LOCAL, CLIENT, localUrl(VIDEO_LOCAL, "dance.mp4"), "video/mp4",
        video(), false);
    Simulated.storedObject(wireMock, VIDEO_PUBLIC, CLIENT, publicUrl(VIDEO_PUBLIC, "dance.mp4"), "video/mp4",
        video(), true);
    Simulated.storedObject(wireMock, OTHERS_IMAGE, OTHER, localUrl(OTHERS_IMAGE, "face.png"), "image/png",
        Simulated.png(), false);
    // The frame extracted for /v1/clones/frame is kept on the local CDN too.
    wireMock.stubFor(post(urlPathEqualTo("/internal/staging/stream")).willReturn(Simulated.json(201, "{\"id\": \""
        + FRAME + "\", \"url\": \"" + localUrl(FRAME, "first-frame.png") + "\", \"contentType\": \"image/png\", "
        + "\"sizeBytes\": 300}")));
    Simulated.storedObject(wireMock, FRAME, CLIENT, localUrl(FRAME, "first-frame.png"), "image/png",
        Simulated.png(), false);
    // Were anything to fetch the CDN, it would get an answer, and the request would be on record.
    wireMock.stubFor(get(urlPathMatching("/cdn/.*")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "image/png").withBody(Simulated.bytes(Simulated.png()))));
    Simulated.queue(wireMock, EDIT, "req-own-edit", "{\"images\": []}");
    Simulated.queue(wireMock, Simulated.MOTION, "req-own-motion", "{\"video\": {\"url\": \"x\"}}");
  }

  private String localUrl(String id, String name) {
    return wireMock.baseUrl() + "/cdn/m/" + id + "/" + name;
  }

  private static String publicUrl(String id, String name) {
    return OwnCdn.S3_BASE + "/m/" + id + "/" + name;
  }

  private static Path video() {
    return Simulated.continuous(4.0);
  }

  private static String dataUri(String type, Path file) {
    return "data:" + type + ";base64," + Base64.getEncoder().encodeToString(Simulated.bytes(file));
  }

  /**
   * Each image field: {field, path, body with %s for the value, provider path, where the value lands there}. Clone
   * renders and frames take their source from the public CDN here (a med_ id).
   */
  static Stream<Arguments> imageFields() {
    return Stream.of(
        Arguments.of("imageInput", "/v1/images/generate", "{\"prompt\": \"x\", \"imageInput\": \"%s\"}", EDIT,
            "image_urls[0]"),
        Arguments.of("referenceImageUrl", "/v1/clones/character",
            "{\"prompt\": \"x\", \"referenceImageUrl\": \"%s\"}", EDIT, "image_urls[0]"),
        Arguments.of("characterImageUrl", "/v1/clones/frame",
            "{\"videoUrl\": \"" + VIDEO_PUBLIC + "\", \"characterImageUrl\": \"%s\"}", EDIT, "image_urls[1]"),
        Arguments.of("startingFrameUrl", "/v1/clones/video",
            "{\"sourceVideoUrl\": \"" + VIDEO_PUBLIC + "\", \"startingFrameUrl\": \"%s\"}", Simulated.MOTION,
            "image_url"),
        Arguments.of("characterImageUrl", "/v1/clones/video",
            "{\"sourceVideoUrl\": \"" + VIDEO_PUBLIC + "\", \"characterImageUrl\": \"%s\"}", Simulated.MOTION,
            "image_url"));
  }

  /** Every image field, with the caller's image on the local CDN named by id and by CDN URL. */
  static Stream<Arguments> localImages() {
    return imageFields().flatMap(field -> Stream.of(true, false).map(byId -> {
      var values = field.get();
      return Arguments.of(values[0], values[1], values[2], values[3], values[4], byId);
    }));
  }

  /** Starts the call, then one worker pass submits it: answers what reached the provider's queue. */
  private LoggedRequest submitted(String path, String body, String providerPath) {
    var status = as(CLIENT).body(body).when().post(path).then().extract().statusCode();
    assertThat(status).as("answer to " + body).isEqualTo(202);
    worker.runOnce();
    var sent = wireMock.findAll(postRequestedFor(urlPathEqualTo(providerPath)));
    assertThat(sent).as("submits to " + providerPath).hasSize(1);
    var request = sent.getFirst();
    assertThat(request.getHeader("Content-Length")).as("Content-Length of the submit")
        .isEqualTo(String.valueOf(request.getBody().length));
    assertThat(request.containsHeader("Transfer-Encoding")).as("a chunked submit").isFalse();
    return request;
  }

  private void assertTheCdnWasNeverFetched() {
    assertThat(wireMock.findAll(getRequestedFor(urlPathMatching("/cdn/.*")))).as("fetches of the CDN").isEmpty();
    assertThat(wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/staging/url")))).as("copies").isEmpty();
  }

  @ParameterizedTest(name = "{0} on {1}, by id: {5}")
  @MethodSource("localImages")
  void shouldSendTheCallersOwnImageInlineWhenTheCdnIsNotPublic(String field, String path, String body,
      String providerPath, String lands, boolean byId) {
    var value = byId ? IMAGE_LOCAL : localUrl(IMAGE_LOCAL, "face.png");
    var request = submitted(path, String.format(body, value), providerPath);

    assertThat(JsonPath.from(request.getBodyAsString()).getString(lands)).as(lands)
        .isEqualTo(dataUri("image/png", Simulated.png()));
    assertTheCdnWasNeverFetched();
  }

  @ParameterizedTest(name = "{0} on {1}")
  @MethodSource("imageFields")
  void shouldSendTheCdnUrlWhenTheProviderCanFetchIt(String field, String path, String body, String providerPath,
      String lands) {
    var request = submitted(path, String.format(body, IMAGE_PUBLIC), providerPath);

    var sent = JsonPath.from(request.getBodyAsString());
    assertThat(sent.getString(lands)).as(lands).isEqualTo(publicUrl(IMAGE_PUBLIC, "face.png"));
    if (providerPath.equals(Simulated.MOTION)) {
      assertThat(sent.getString("video_url")).isEqualTo(publicUrl(VIDEO_PUBLIC, "dance.mp4"));
    }
    assertTheCdnWasNeverFetched();
  }

  @Test
  void shouldSendTheExtractedFrameInlineWithTheCharacter() {
    var request = submitted("/v1/clones/frame", "{\"videoUrl\": \"" + localUrl(VIDEO_LOCAL, "dance.mp4")
        + "\", \"characterImageUrl\": \"" + IMAGE_LOCAL + "\"}", EDIT);

    var sent = JsonPath.from(request.getBodyAsString());
    assertThat(sent.getList("image_urls")).containsExactly(dataUri("image/png", Simulated.png()),
        dataUri("image/png", Simulated.png()));
    assertTheCdnWasNeverFetched();
  }

  @Test
  void shouldRenderFromTheCallersOwnSourceOnALoopbackCdnWithoutFetchingIt() {
    var request = submitted("/v1/clones/video", "{\"sourceVideoUrl\": \"" + localUrl(VIDEO_LOCAL, "dance.mp4")
        + "\", \"startingFrameUrl\": \"" + localUrl(IMAGE_LOCAL, "face.png") + "\", \"prompt\": \"dance\"}",
        Simulated.MOTION);

    var sent = JsonPath.from(request.getBodyAsString());
    assertThat(sent.getString("video_url")).isEqualTo(dataUri("video/mp4", video()));
    assertThat(sent.getString("image_url")).isEqualTo(dataUri("image/png", Simulated.png()));
    assertThat(sent.getString("prompt")).isEqualTo("dance");
    // read from storage: media's content endpoint, not the CDN
    assertThat(wireMock.findAll(getRequestedFor(urlPathEqualTo("/internal/media/" + VIDEO_LOCAL + "/content"))))
        .hasSize(1);
    assertTheCdnWasNeverFetched();
  }

  @Test
  void shouldCheckTheCallersOwnClipOnALoopbackCdnFromStorage() {
    wireMock.stubFor(post(urlPathEqualTo("/chat/completions")).willReturn(Simulated.json(200, "{\"choices\": "
        + "[{\"message\": {\"content\": \"{\\\"person\\\": true, \\\"reason\\\": \\\"one\\\"}\"}}]}")));
    as(CLIENT).body("{\"videoUrl\": \"" + localUrl(VIDEO_LOCAL, "dance.mp4") + "\"}").when()
        .post("/v1/clones/check").then().statusCode(200)
        .body("metadata.mediaId", equalTo(VIDEO_LOCAL)).body("checks.singleShot.passed", equalTo(true));
    assertTheCdnWasNeverFetched();
  }

  @Test
  void shouldRefuseAnotherClientsMediaAsBefore() {
    as(CLIENT).body("{\"prompt\": \"x\", \"imageInput\": \"" + OTHERS_IMAGE + "\"}").when()
        .post("/v1/images/generate").then().statusCode(404).body("error", equalTo("not_found"))
        .body("field", equalTo("imageInput"));
    as(CLIENT).body("{\"sourceVideoUrl\": \"" + VIDEO_PUBLIC + "\", \"startingFrameUrl\": \"" + OTHERS_IMAGE + "\"}")
        .when().post("/v1/clones/video").then().statusCode(404).body("field", equalTo("startingFrameUrl"));
    as(OTHER).body("{\"sourceVideoUrl\": \"" + VIDEO_PUBLIC + "\", \"startingFrameUrl\": \"https://img.example/f.png\"}")
        .when().post("/v1/clones/video").then().statusCode(404).body("field", equalTo("sourceVideoUrl"));
    as(OTHER).body("{\"mediaId\": \"" + VIDEO_LOCAL + "\"}").when().post("/v1/clones/check").then().statusCode(404)
        .body("field", equalTo("mediaId"));
    // By URL, another client's object is any URL: on a loopback CDN the guard refuses it.
    as(CLIENT).body("{\"prompt\": \"x\", \"referenceImageUrl\": \"" + localUrl(OTHERS_IMAGE, "face.png") + "\"}")
        .when().post("/v1/clones/character").then().statusCode(400).body("error", equalTo("url_not_allowed"))
        .body("reason", equalTo("loopback")).body("field", equalTo("referenceImageUrl"));
    assertThat(wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/credits/charge")))).isEmpty();
    assertTheCdnWasNeverFetched();
  }

  @Test
  void shouldRefuseAnOwnFileTooLargeToSendInline() {
    var huge = "med_ownHugeLocal0000000001";
    wireMock.stubFor(get(urlPathEqualTo("/internal/media/" + huge)).willReturn(Simulated.json(200, "{\"id\": \""
        + huge + "\", \"clientId\": \"" + CLIENT + "\", \"url\": \"" + localUrl(huge, "long.mp4") + "\", "
        + "\"contentType\": \"video/mp4\", \"sizeBytes\": 41943040, \"durationSeconds\": 20.0, \"createdAt\": 1}")));
    as(CLIENT).body("{\"sourceVideoUrl\": \"" + huge + "\", \"startingFrameUrl\": \"" + IMAGE_LOCAL + "\"}").when()
        .post("/v1/clones/video").then().statusCode(413).body("error", equalTo("payload_too_large"))
        .body("field", equalTo("sourceVideoUrl")).body("limit", equalTo(33554432));
    assertThat(wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/credits/charge")))).isEmpty();
  }

  @Test
  void shouldRefuseAVideoInAnImageField() {
    as(CLIENT).body("{\"prompt\": \"x\", \"imageInput\": \"" + VIDEO_LOCAL + "\"}").when()
        .post("/v1/images/generate").then().statusCode(400).body("error", equalTo("invalid_request"))
        .body("field", equalTo("imageInput"));
    assertThat(wireMock.findAll(postRequestedFor(urlPathEqualTo("/internal/credits/charge")))).isEmpty();
  }
}
