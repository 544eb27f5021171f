package dev.videoautomation.media.extract;

import static dev.videoautomation.media.TestMedia.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

import dev.videoautomation.media.TestMedia;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.testing.PostgresResource;

/** Extract and overlay with real ffmpeg on generated colour bars and tone; results read back from storage. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ExtractAndOverlayTest {
  static final String CLIENT = "cli_extractOverlayTest01";
  static String mediaId;
  static Path clip;

  @BeforeEach
  void uploadOnce() throws Exception {
    if (mediaId != null) {
      return;
    }
    clip = TestMedia.clip(4, 640, 360);
    mediaId = as(CLIENT).multiPart("file", "bars.mp4", Files.readAllBytes(clip), "video/mp4").when()
        .post("/v1/upload").then().statusCode(200).extract().path("id");
  }

  private static Path localFile(String id) {
    return Path.of(as(CLIENT).when().get("/internal/media/" + id).then().statusCode(200).extract()
        .<String>path("localPath"));
  }

  @Test
  void shouldExtractDecodableFramesAudioOfTheRightLengthAndMetadata() {
    var body = as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId,
        "frames", Map.of("count", 4, "format", "jpg", "width", 320), "audio", Map.of("format", "m4a")))
        .when().post("/v1/extract").then().statusCode(200)
        .body("source.mediaId", equalTo(mediaId))
        .body("metadata.durationSeconds", closeTo(4.0, 0.1))
        .body("metadata.width", equalTo(640)).body("metadata.height", equalTo(360))
        .body("metadata.fps", closeTo(25.0, 0.01))
        .body("metadata.videoCodec", equalTo("h264")).body("metadata.audioCodec", equalTo("aac"))
        .body("metadata.hasAudio", equalTo(true)).body("metadata.rotation", equalTo(0))
        .body("frames", hasSize(4))
        .body("frames.timestamp", equalTo(List.of(0.5, 1.5, 2.5, 3.5)))
        .body("audio.contentType", equalTo("audio/mp4"))
        .body("audio.durationSeconds", closeTo(4.0, 0.15))
        .extract().jsonPath();
    for (int i = 0; i < 4; i++) {
      var frame = localFile(body.getString("frames[" + i + "].id"));
      assertThat(TestMedia.ffprobe(frame, "stream=codec_name,width,height")).isEqualTo("mjpeg\n320\n180");
      assertThat(body.getString("frames[" + i + "].url")).contains("/cdn/m/").endsWith(".jpg");
    }
    var audio = localFile(body.getString("audio.id"));
    assertThat(Double.parseDouble(TestMedia.ffprobe(audio, "format=duration"))).isCloseTo(4.0, within(0.15));
  }

  @Test
  void shouldTakeFramesAtTimestampsOrIntervalsAsPng() {
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "metadata", false,
        "frames", Map.of("timestamps", List.of(0.0, 3.9), "format", "png")))
        .when().post("/v1/extract").then().statusCode(200)
        .body("frames.contentType", equalTo(List.of("image/png", "image/png")))
        .body("frames.width", equalTo(List.of(640, 640)))
        .body("metadata", equalTo(null));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("mediaId", mediaId, "frames", Map.of("interval", 1.5)))
        .when().post("/v1/extract").then().statusCode(200)
        .body("frames.timestamp", equalTo(List.of(0.0, 1.5, 3.0)));
  }

  @Test
  void shouldNameTheFieldOfEveryBadExtractRequest() {
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "frames", Map.of("count", 0)))
        .when().post("/v1/extract").then().statusCode(400).body("field", equalTo("frames.count"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId,
        "frames", Map.of("timestamps", List.of(1.0, 60.0))))
        .when().post("/v1/extract").then().statusCode(400).body("field", equalTo("frames.timestamps[1]"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId,
        "frames", Map.of("count", 2, "interval", 1.0)))
        .when().post("/v1/extract").then().statusCode(400).body("field", equalTo("frames"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "audio", Map.of("format", "ogg")))
        .when().post("/v1/extract").then().statusCode(400).body("field", equalTo("audio.format"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", "not a url"))
        .when().post("/v1/extract").then().statusCode(400).body("field", equalTo("videoUrl"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "surprise", 1))
        .when().post("/v1/extract").then().statusCode(400).body("error", equalTo("invalid_request"));
    as(Ids.newId(IdPrefix.CLI)).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId))
        .when().post("/v1/extract").then().statusCode(404).body("error", equalTo("not_found"));
  }

  @Test
  void shouldBurnMultiLineNonAsciiTextIntoTheVideoKeepingTheSound() {
    var text = "Grüße, 世界? 'quoted': 100% \\ back\\slash; [a,b]=c\nΣecond line — ñ";
    var body = as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "text", text,
        "position", "bottom", "fontSize", 40, "strokeThickness", 3, "color", "#FFFF00", "strokeColor", "black"))
        .when().post("/v1/overlay").then().statusCode(200)
        .body("contentType", equalTo("video/mp4"))
        .body("width", equalTo(640)).body("height", equalTo(360))
        .body("durationSeconds", closeTo(4.0, 0.1))
        .extract().jsonPath();
    var result = localFile(body.getString("id"));
    assertThat(TestMedia.ffprobe(result, "stream=codec_type")).contains("video").contains("audio");

    var before = TestMedia.grayFrame(clip, 1.0, 640, 360);
    var after = TestMedia.grayFrame(result, 1.0, 640, 360);
    // Text sits in the bottom band; the top band must stay as it was (only re-encoding noise).
    double bottomChange = meanDifference(before, after, 640, 250, 360);
    double topChange = meanDifference(before, after, 640, 0, 100);
    assertThat(bottomChange).isGreaterThan(8.0);
    assertThat(topChange).isLessThan(3.0);
  }

  @Test
  void shouldShowTheTextOnlyBetweenStartAndEndAndAtAPixelPosition() {
    var body = as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "text", "EARLY",
        "position", "20,20", "fontSize", 60, "start", 0, "end", 2))
        .when().post("/v1/overlay").then().statusCode(200).extract().jsonPath();
    var result = localFile(body.getString("id"));
    double early = meanDifference(TestMedia.grayFrame(clip, 1.0, 640, 360),
        TestMedia.grayFrame(result, 1.0, 640, 360), 640, 0, 120);
    double late = meanDifference(TestMedia.grayFrame(clip, 3.0, 640, 360),
        TestMedia.grayFrame(result, 3.0, 640, 360), 640, 0, 120);
    assertThat(early).isGreaterThan(5.0);
    assertThat(late).isLessThan(3.0);
  }

  @Test
  void shouldNameTheFieldOfEveryBadOverlayRequest() {
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId))
        .when().post("/v1/overlay").then().statusCode(400).body("field", equalTo("text"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("text", "hi"))
        .when().post("/v1/overlay").then().statusCode(400).body("field", equalTo("videoUrl"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "text", "hi", "position", "left"))
        .when().post("/v1/overlay").then().statusCode(400).body("field", equalTo("position"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "text", "hi", "color", "red:x"))
        .when().post("/v1/overlay").then().statusCode(400).body("field", equalTo("color"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "text", "hi", "fontSize", 0))
        .when().post("/v1/overlay").then().statusCode(400).body("field", equalTo("fontSize"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "text", "hi", "start", 3, "end", 1))
        .when().post("/v1/overlay").then().statusCode(400).body("field", equalTo("end"));
  }

  @Test
  void shouldCheckAVideoByIdWithTheSpecFfprobeReads() {
    // 640x360: the short side (360) meets shortvideo's minimum of 360 but not photo's 500.
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("platform", "photo", "mediaId", mediaId,
        "caption", "Bars #test"))
        .when().post("/v1/check").then().statusCode(200)
        .body("spec.width", equalTo(640)).body("spec.height", equalTo(360))
        .body("spec.durationSeconds", closeTo(4.0, 0.1)).body("spec.videoCodec", equalTo("h264"))
        .body("spec.audioCodec", equalTo("aac"))
        .body("results.find { it.rule == 'videoCodec.allowed' }.passed", equalTo(true))
        .body("results.find { it.rule == 'resolution.minShortSide' }.passed", equalTo(false))
        .body("passed", equalTo(false));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "videoUrl", mediaId))
        .when().post("/v1/check").then().statusCode(200)
        .body("results.find { it.rule == 'resolution.minShortSide' }.passed", equalTo(true));
  }

  @Test
  void shouldScanAVideoSayingWhichChecksRanAndJudgingItsSpec() {
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "platform", "photo",
        "caption", "Questions? Mail ana@example.com", "frames", 2))
        .when().post("/v1/compliance/video").then().statusCode(200)
        .body("flagged", equalTo(true)).body("passed", equalTo(false))
        .body("categories.name", org.hamcrest.Matchers.hasItem("personal_data.email"))
        .body("checks.find { it.name == 'transcript' }.ran", equalTo(false))
        .body("checks.find { it.name == 'transcript' }.reason",
            org.hamcrest.Matchers.containsString("MEDIA_TRANSCRIPTION_API_KEY"))
        .body("checks.find { it.name == 'rules' }.ran", equalTo(true))
        .body("checks.find { it.name == 'moderation' }.ran", equalTo(false))
        .body("checks.find { it.name == 'technical' }.ran", equalTo(true))
        .body("technical.platform", equalTo("photo")).body("technical.spec.width", equalTo(640));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId, "frames", 99))
        .when().post("/v1/compliance/video").then().statusCode(400).body("field", equalTo("frames"));
  }

  static double meanDifference(byte[] a, byte[] b, int width, int fromRow, int toRow) {
    long total = 0;
    int count = 0;
    for (int row = fromRow; row < toRow; row++) {
      for (int col = 0; col < width; col++) {
        int index = row * width + col;
        total += Math.abs((a[index] & 0xff) - (b[index] & 0xff));
        count++;
      }
    }
    return (double) total / count;
  }

}
