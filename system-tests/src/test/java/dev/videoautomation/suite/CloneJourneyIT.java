package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The clone workflow through the gateway, as an agent runs it, against a simulated fal.ai queue: upload a source
 * clip, check it, generate a character, place it into the first frame, render the clone and poll it to the end.
 * The finished video carries the source's soundtrack (the simulated model returns a silent render), every POST under
 * /v1/clones/ takes one unit of the shared clone bucket, and polling takes none.
 */
@ExtendWith(RunningSuite.class)
class CloneJourneyIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldCloneAVideoKeepingItsSoundtrack() throws Exception {
    var provider = RunningSuite.providers();
    var base = provider.baseUrl();
    var work = Files.createTempDirectory("clone-journey");
    var source = ffmpeg(work.resolve("source.mp4"), "-f", "lavfi", "-i", "testsrc2=size=480x360:rate=25", "-f",
        "lavfi", "-i", "sine=frequency=330", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
        "yuv420p", "-c:a", "aac", "-shortest");
    var render = ffmpeg(work.resolve("render.mp4"), "-f", "lavfi", "-i", "smptebars=size=480x360:rate=25", "-t", "4",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-an");
    var character = ffmpeg(work.resolve("character.png"), "-f", "lavfi", "-i", "color=c=orange:size=256x256",
        "-frames:v", "1");
    var frame = ffmpeg(work.resolve("frame.png"), "-f", "lavfi", "-i", "testsrc2=size=480x360", "-frames:v", "1");
    serve("/fal-files/character.png", "image/png", character);
    serve("/fal-files/frame.png", "image/png", frame);
    serve("/fal-files/render.mp4", "video/mp4", render);
    queue("fal-ai/nano-banana-pro", "req-character",
        "{\"images\": [{\"url\": \"" + base + "/fal-files/character.png\"}]}");
    queue("fal-ai/nano-banana-pro/edit", "req-frame", "{\"images\": [{\"url\": \"" + base + "/fal-files/frame.png\"}]}");
    queue("fal-ai/kling-video/v2.6/standard/motion-control", "req-render",
        "{\"video\": {\"url\": \"" + base + "/fal-files/render.mp4\"}}");

    var agent = Agents.subscribedAgent();
    var sourceUrl = as(agent).contentType("application/octet-stream").body(Files.readAllBytes(source))
        .when().post("/v1/upload?filename=source.mp4").then().statusCode(200).extract().<String>path("url");
    var cloneUnits = remaining(agent);

    var check = as(agent).contentType(ContentType.JSON).body(Map.of("videoUrl", sourceUrl))
        .when().post("/v1/clones/check").then().statusCode(200).extract().jsonPath();
    assertThat(check.getBoolean("cloneable")).as(check.prettify()).isTrue();
    assertThat(check.getDouble("metadata.durationSeconds")).isCloseTo(4.0, org.assertj.core.data.Offset.offset(0.2));

    var characterUrl = imageOf(as(agent).contentType(ContentType.JSON)
        .body(Map.of("prompt", "a cheerful orange robot, full body")).when().post("/v1/clones/character")
        .then().extract().jsonPath(), agent);
    var frameUrl = imageOf(as(agent).contentType(ContentType.JSON)
        .body(Map.of("videoUrl", sourceUrl, "characterImageUrl", characterUrl)).when().post("/v1/clones/frame")
        .then().extract().jsonPath(), agent);
    var cdn = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "") + "/cdn/";
    assertThat(List.of(characterUrl, frameUrl)).allMatch(url -> url.startsWith(cdn), "stored in the CDN");

    var started = as(agent).contentType(ContentType.JSON)
        .body(Map.of("sourceVideoUrl", sourceUrl, "startingFrameUrl", frameUrl, "prompt", "same moves"))
        .when().post("/v1/clones/video").then().statusCode(202)
        .body("status", is("pending")).body("id", startsWith("vid_")).extract().jsonPath();
    var videoId = started.getString("id");
    assertThat(started.getString("videoId")).isEqualTo(videoId);
    assertThat(started.getInt("creditsCharged")).isPositive();

    var finished = await(() -> as(agent).when().get("/v1/clones/video/" + videoId).then().statusCode(200)
        .extract().jsonPath(), json -> List.of("succeeded", "failed", "canceled").contains(json.getString("status")));
    assertThat(finished.getString("status")).as(finished.prettify()).isEqualTo("succeeded");
    assertThat(finished.getString("resultUrl")).startsWith(cdn);
    assertThat(remaining(agent)).as("four POSTs under /v1/clones/, polling free").isEqualTo(cloneUnits - 4);

    var result = work.resolve("result.mp4");
    Files.write(result, given().when().get(finished.getString("resultUrl")).then().statusCode(200).extract()
        .asByteArray());
    var probe = JSON.readTree(run("ffprobe", "-v", "error", "-print_format", "json", "-show_streams", "-show_format",
        result.toString()));
    var codecs = new ArrayList<String>();
    probe.path("streams").forEach(stream -> codecs.add(stream.path("codec_type").asText()));
    assertThat(codecs).as("the source's soundtrack is muxed back").contains("video", "audio");
    assertThat(probe.at("/format/duration").asDouble()).isCloseTo(4.0, org.assertj.core.data.Offset.offset(0.1));
    provider.verify(postRequestedFor(urlEqualTo("/fal-ai/kling-video/v2.6/standard/motion-control"))
        .withHeader("Authorization", equalTo("Key test-fal-key")));

    as(agent).when().get("/v1/videos").then().statusCode(200)
        .body("data.find { it.videoId == '" + videoId + "' }.mode", is("clone"))
        .body("data.find { it.videoId == '" + videoId + "' }.status", is("succeeded"));
  }

  /** The image URL of a character or frame answer: at once (200), or after polling the image task (202). */
  private static String imageOf(JsonPath answer, Agents.Agent agent) throws InterruptedException {
    if (answer.getString("imageUrl") != null) {
      return answer.getString("imageUrl");
    }
    var id = answer.getString("id");
    assertThat(id).as(answer.prettify()).startsWith("img_");
    var done = await(() -> as(agent).when().get("/v1/images/" + id).then().statusCode(200).extract().jsonPath(),
        json -> List.of("succeeded", "failed").contains(json.getString("status")));
    assertThat(done.getString("status")).as(done.prettify()).isEqualTo("succeeded");
    return done.getList("imageUrls", String.class).getFirst();
  }

  private static void queue(String model, String requestId, String output) {
    var provider = RunningSuite.providers();
    var requests = provider.baseUrl() + "/" + model + "/requests/" + requestId;
    provider.stubFor(post(urlEqualTo("/" + model)).willReturn(okJson("{\"request_id\": \"" + requestId
        + "\", \"status_url\": \"" + requests + "/status\", \"response_url\": \"" + requests
        + "\", \"cancel_url\": \"" + requests + "/cancel\"}")));
    provider.stubFor(get(urlEqualTo("/" + model + "/requests/" + requestId + "/status"))
        .willReturn(okJson("{\"status\": \"COMPLETED\"}")));
    provider.stubFor(get(urlEqualTo("/" + model + "/requests/" + requestId)).willReturn(okJson(output)));
  }

  private static void serve(String path, String type, Path file) throws IOException {
    RunningSuite.providers().stubFor(get(urlEqualTo(path)).willReturn(aResponse().withHeader("Content-Type", type)
        .withBody(Files.readAllBytes(file))));
  }

  private static int remaining(Agents.Agent agent) {
    return as(agent).when().get("/v1/usage").then().statusCode(200).extract().path("usage.clone.remaining");
  }

  private static Path ffmpeg(Path output, String... arguments) throws Exception {
    var command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-y", "-loglevel", "error"));
    command.addAll(List.of(arguments));
    command.add(output.toString());
    run(command.toArray(String[]::new));
    return output;
  }

  private static String run(String... command) throws IOException, InterruptedException {
    var process = new ProcessBuilder(command).redirectErrorStream(false).start();
    var output = new String(process.getInputStream().readAllBytes());
    var errors = new String(process.getErrorStream().readAllBytes());
    assertThat(process.waitFor()).as(errors).isZero();
    return output;
  }

  private static JsonPath await(java.util.function.Supplier<JsonPath> read,
      java.util.function.Predicate<JsonPath> done) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    var last = read.get();
    while (!done.test(last) && System.nanoTime() < deadline) {
      Thread.sleep(250);
      last = read.get();
    }
    return last;
  }
}
