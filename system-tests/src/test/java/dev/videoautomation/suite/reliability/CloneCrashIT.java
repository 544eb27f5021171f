package dev.videoautomation.suite.reliability;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.videoautomation.suite.Service;

/**
 * kill -9 of clone-service while a render is in progress at the (simulated) provider: after a restart the task is
 * taken up again from its saved provider request, never submitted twice, finishes exactly once with the source's
 * soundtrack, and its credits are charged once and never refunded.
 */
@ExtendWith(ReliabilitySuite.class)
class CloneCrashIT {
  private static final String MODEL = "fal-ai/kling-video/v2.6/standard/motion-control";

  @Test
  void shouldFinishARenderOnceAfterTheServiceIsKilledMidway() throws Exception {
    var suite = ReliabilitySuite.suite();
    var providers = ReliabilitySuite.providers();
    var base = providers.baseUrl();
    var work = Files.createTempDirectory("clone-crash");
    var source = ffmpeg(work.resolve("source.mp4"), "-f", "lavfi", "-i", "testsrc2=size=480x360:rate=25", "-f",
        "lavfi", "-i", "sine=frequency=330", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
        "yuv420p", "-c:a", "aac", "-shortest");
    var render = ffmpeg(work.resolve("render.mp4"), "-f", "lavfi", "-i", "smptebars=size=480x360:rate=25", "-t", "4",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-an");
    var requests = base + "/" + MODEL + "/requests/req-crash";
    providers.stubFor(post(urlEqualTo("/" + MODEL)).willReturn(okJson("{\"request_id\": \"req-crash\", "
        + "\"status_url\": \"" + requests + "/status\", \"response_url\": \"" + requests + "\"}")));
    providers.stubFor(get(urlEqualTo("/" + MODEL + "/requests/req-crash/status"))
        .willReturn(okJson("{\"status\": \"IN_PROGRESS\"}")));
    providers.stubFor(get(urlEqualTo("/" + MODEL + "/requests/req-crash"))
        .willReturn(okJson("{\"video\": {\"url\": \"" + base + "/crash-files/render.mp4\"}}")));
    providers.stubFor(get(urlEqualTo("/crash-files/render.mp4")).willReturn(aResponse()
        .withHeader("Content-Type", "video/mp4").withBody(Files.readAllBytes(render))));

    var key = ReliabilitySuite.subscribedKeys(1).getFirst();
    var upload = ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/upload?filename=source.mp4")
        .header("Content-Type", "video/mp4").POST(HttpRequest.BodyPublishers.ofFile(source)));
    assertThat(upload.statusCode()).as(upload.body()).isEqualTo(200);
    var sourceUrl = ReliabilitySuite.json(upload).path("url").asText();
    var started = ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/clones/video")
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
            "{\"sourceVideoUrl\": \"" + sourceUrl + "\", \"characterImageUrl\": \"" + base + "/crash-files/c.png\"}")));
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    var videoId = ReliabilitySuite.json(started).path("id").asText();
    var charged = ReliabilitySuite.json(started).path("creditsCharged").asInt();

    // Wait until the provider has the request and is being polled, then kill clone-service mid-task.
    awaitProviderCalls(getRequestedFor(urlEqualTo("/" + MODEL + "/requests/req-crash/status")), 1);
    suite.kill(Service.CLONE);
    providers.stubFor(get(urlEqualTo("/" + MODEL + "/requests/req-crash/status"))
        .willReturn(okJson("{\"status\": \"COMPLETED\"}")));
    var restartedAt = System.nanoTime();
    suite.restart(Service.CLONE);

    var deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    var status = "";
    var answer = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/clones/video/" + videoId)));
    while (System.nanoTime() < deadline) {
      answer = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/clones/video/" + videoId)));
      status = answer.path("status").asText();
      if (List.of("succeeded", "failed", "canceled").contains(status)) {
        break;
      }
      Thread.sleep(250);
    }
    var finishedAfter = (System.nanoTime() - restartedAt) / 1e9;
    assertThat(status).as(answer.toString()).isEqualTo("succeeded");
    assertThat(providers.findAll(postRequestedFor(urlEqualTo("/" + MODEL)))).as("submitted once").hasSize(1);
    assertThat(providers.findAll(getRequestedFor(urlEqualTo("/crash-files/render.mp4"))))
        .as("the result fetched once: the task finished once").hasSize(1);
    assertThat(answer.path("creditsCharged").asInt()).isEqualTo(charged);

    var result = work.resolve("result.mp4");
    var download = ReliabilitySuite.HTTP.send(HttpRequest.newBuilder(java.net.URI.create(
        answer.path("resultUrl").asText())).build(), java.net.http.HttpResponse.BodyHandlers.ofFile(result));
    assertThat(download.statusCode()).isEqualTo(200);
    var streams = run("ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0",
        result.toString());
    assertThat(streams).contains("video", "audio");
    ReliabilitySuite.figure("crash-clone", String.format(Locale.ROOT,
        "kill -9 of clone-service while a render was in progress at the provider: after the restart the task went "
            + "on from its saved provider request and succeeded %.1f s later; submitted once, result fetched once, "
            + "soundtrack muxed, %d credits charged once.", finishedAfter, charged));
  }

  private static void awaitProviderCalls(com.github.tomakehurst.wiremock.matching.RequestPatternBuilder pattern,
      int atLeast) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (ReliabilitySuite.providers().findAll(pattern).size() < atLeast && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(ReliabilitySuite.providers().findAll(pattern).size()).isGreaterThanOrEqualTo(atLeast);
  }

  private static Path ffmpeg(Path output, String... arguments) throws Exception {
    var command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-y", "-loglevel", "error"));
    command.addAll(List.of(arguments));
    command.add(output.toString());
    run(command.toArray(String[]::new));
    return output;
  }

  private static String run(String... command) throws Exception {
    var process = new ProcessBuilder(command).redirectErrorStream(true).start();
    var output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as(output).isZero();
    return output;
  }
}
