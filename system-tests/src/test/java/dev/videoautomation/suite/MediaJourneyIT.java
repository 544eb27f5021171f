package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;

/**
 * An agent's media work through the gateway: upload a clip, pull frames and audio, burn a caption in, and download
 * the result from the public CDN (ranges included), with each call counted against its own daily limit.
 */
@ExtendWith(RunningSuite.class)
class MediaJourneyIT {

  @Test
  void shouldUploadExtractOverlayAndServeTheResultFromTheCdn() throws Exception {
    var agent = Agents.subscribedAgent();
    var clip = clip();
    var gatewayBase = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");

    var upload = as(agent).multiPart("file", "journey.mp4", Files.readAllBytes(clip), "video/mp4")
        .when().post("/v1/upload").then().statusCode(200)
        .body("contentType", equalTo("video/mp4")).body("width", equalTo(320)).body("height", equalTo(240))
        .body("url", startsWith(gatewayBase + "/cdn/m/med_"))
        .extract().jsonPath();
    var mediaId = upload.getString("id");

    var extract = as(agent).contentType(ContentType.JSON).body(Map.of("videoUrl", upload.getString("url"),
        "frames", Map.of("count", 2), "audio", Map.of("format", "mp3")))
        .when().post("/v1/extract").then().statusCode(200)
        .body("source.mediaId", equalTo(mediaId))
        .body("metadata.hasAudio", equalTo(true))
        .body("frames", hasSize(2))
        .body("audio.contentType", equalTo("audio/mpeg"))
        .extract().jsonPath();
    var frame = given().when().get(extract.getString("frames[0].url")).then().statusCode(200)
        .header("Content-Type", "image/jpeg").extract().asByteArray();
    assertThat(frame).startsWith((byte) 0xFF, (byte) 0xD8);

    var overlay = as(agent).contentType(ContentType.JSON).body(Map.of("videoUrl", mediaId,
        "text", "Part 1 — wait for it", "position", "top"))
        .when().post("/v1/overlay").then().statusCode(200)
        .body("contentType", equalTo("video/mp4")).body("width", equalTo(320))
        .extract().jsonPath();

    // The CDN is public: no key, straight through the gateway, with ranges.
    var whole = given().when().get(overlay.getString("url")).then().statusCode(200)
        .header("Accept-Ranges", "bytes").extract().asByteArray();
    assertThat(whole).hasSize(overlay.getInt("sizeBytes"));
    given().when().head(overlay.getString("url")).then().statusCode(200)
        .header("Content-Length", String.valueOf(whole.length)).header("Content-Type", "video/mp4");
    var part = given().header("Range", "bytes=0-99").when().get(overlay.getString("url")).then().statusCode(206)
        .header("Content-Range", "bytes 0-99/" + whole.length).extract().asByteArray();
    assertThat(part).isEqualTo(Arrays.copyOfRange(whole, 0, 100));
    var downloaded = Files.createTempFile("overlay", ".mp4");
    Files.write(downloaded, whole);
    assertThat(run("ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0",
        downloaded.toString())).contains("video").contains("audio");

    as(agent).when().get("/v1/usage").then().statusCode(200)
        .body("usage.upload.remaining", equalTo(99))
        .body("usage.extract.remaining", equalTo(99))
        .body("usage.overlay.remaining", equalTo(49));
  }

  static Path clip() throws Exception {
    var file = Files.createTempFile("journey", ".mp4");
    run("ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", "smptebars=size=320x240:rate=25",
        "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast",
        "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file.toString());
    return file;
  }

  private static String run(String... command) throws IOException, InterruptedException {
    var process = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
    var output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as(output).isZero();
    return output;
  }
}
