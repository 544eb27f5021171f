package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;

import io.restassured.config.JsonConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.path.json.config.JsonPathConfig;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.clone.tasks.TaskWorker;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * The world around clone-service on one loopback WireMock: media-service (stored objects, staging), billing
 * (charge, refund), the fal-style queue, result files and webhook receivers; plus media made with ffmpeg.
 */
public final class Simulated {
  public static final Path DIR = Path.of("target", "test-media").toAbsolutePath();
  public static final String CDN = "http://localhost:8080/cdn/";
  public static final String MOTION = "/fal-ai/kling-video/v2.6/standard/motion-control";
  private static final RestAssuredConfig DOUBLES = RestAssuredConfig.config().jsonConfig(
      JsonConfig.jsonConfig().numberReturnType(JsonPathConfig.NumberReturnType.DOUBLE));

  private Simulated() {
  }

  /**
   * Runs the task worker every 50 ms on a virtual thread until closed, for a call that waits for its task's end
   * (the test's scheduler is off).
   */
  public static Background workerInBackground(TaskWorker worker) {
    var running = new AtomicBoolean(true);
    var thread = Thread.ofVirtual().start(() -> {
      while (running.get()) {
        worker.runOnce();
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    return () -> {
      running.set(false);
      thread.join();
    };
  }

  /** Work going on until closed. */
  public interface Background extends AutoCloseable {
    @Override
    void close() throws InterruptedException;
  }

  public static RequestSpecification as(String clientId) {
    return given().config(DOUBLES).auth().oauth2(TestTokens.forClient(clientId, Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  public static RequestSpecification asService(String name) {
    return given().config(DOUBLES).auth().oauth2(TestTokens.forService(name));
  }

  // ---- media made with ffmpeg ----

  /** One continuous shot (a moving test pattern) with a 440 Hz tone, H.264/AAC. */
  public static Path continuous(double seconds) {
    return make("continuous-" + seconds + ".mp4", List.of("-f", "lavfi", "-i",
        "testsrc2=size=360x640:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t",
        String.valueOf(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
        "-shortest"));
  }

  /** Two shots (colour bars, then a test pattern) joined by a hard cut at 2 s, with sound. */
  public static Path hardCut() {
    return make("hard-cut.mp4", List.of("-f", "lavfi", "-i", "smptebars=size=360x640:rate=25:duration=2", "-f",
        "lavfi", "-i", "testsrc2=size=360x640:rate=25:duration=2", "-f", "lavfi", "-i",
        "sine=frequency=440:sample_rate=44100:duration=4", "-filter_complex", "[0:v][1:v]concat=n=2:v=1:a=0[v]",
        "-map", "[v]", "-map", "2:a", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"));
  }

  /** A continuous shot without any audio stream (also what the provider's render looks like). */
  public static Path silent(double seconds) {
    return make("silent-" + seconds + ".mp4", List.of("-f", "lavfi", "-i", "testsrc=size=360x640:rate=25", "-t",
        String.valueOf(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-an"));
  }

  public static Path png() {
    return make("image.png", List.of("-f", "lavfi", "-i", "color=c=blue:size=64x64", "-frames:v", "1"));
  }

  private static Path make(String name, List<String> arguments) {
    var file = DIR.resolve(name);
    if (!Files.exists(file)) {
      var command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
      command.addAll(arguments);
      command.add(file.toString());
      run(command);
    }
    return file;
  }

  public static String ffprobe(Path file, String entries) {
    return run(List.of("ffprobe", "-v", "error", "-show_entries", entries, "-of", "default=nw=1:nk=1",
        file.toString()));
  }

  private static String run(List<String> command) {
    try {
      Files.createDirectories(DIR);
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      var output = new String(process.getInputStream().readAllBytes());
      if (process.waitFor() != 0) {
        throw new IllegalStateException(command + " failed: " + output);
      }
      return output.strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- simulated services ----

  /**
   * Billing charges {@code credits} for any operation (440 left), refunds anything, and quotes any charge as one it
   * would make (a test's own quote stub, at the default priority, wins).
   */
  public static void billing(WireMockServer server, int credits) {
    server.stubFor(post(urlPathEqualTo("/internal/credits/quote")).atPriority(9).willReturn(aResponse()
        .withStatus(200).withHeader("Content-Type", "application/json")
        .withBody("{\"credits\": " + credits + ", \"balance\": 500, \"remaining\": 500, \"wouldCharge\": true, "
            + "\"refusal\": null}")));
    server.stubFor(post(urlPathEqualTo("/internal/credits/charge")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"operationId\": \"{{jsonPath request.body '$.operationId'}}\", \"status\": \"charged\", "
            + "\"creditsCharged\": " + credits + ", \"balance\": 440, \"remaining\": 440, \"replayed\": false, "
            + "\"chargedAt\": 1}")
        .withTransformers("response-template")));
    server.stubFor(post(urlPathEqualTo("/internal/credits/refund")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"operationId\": \"{{jsonPath request.body '$.operationId'}}\", \"status\": \"refunded\", "
            + "\"creditsRefunded\": " + credits + ", \"balance\": 500, \"replayed\": false}")
        .withTransformers("response-template")));
  }

  /** Media knows {@code id} as a video at {@code localPath} (null: readable only through /content). */
  public static void stored(WireMockServer server, String id, String clientId, Path file, boolean shareDisk) {
    storedObject(server, id, clientId, cdnUrl(id), "video/mp4", file, shareDisk);
  }

  /**
   * Media knows {@code id} of {@code clientId}'s at {@code url} ({@code file}'s bytes; its size, and its duration
   * when it is a video): by id, by URL (GET /internal/media?url=) and its content; {@code shareDisk} gives localPath.
   */
  public static void storedObject(WireMockServer server, String id, String clientId, String url, String contentType,
      Path file, boolean shareDisk) {
    var duration = contentType.startsWith("video/") ? ffprobe(file, "format=duration") : "null";
    var body = String.format(Locale.ROOT, "{\"id\": \"%s\", \"clientId\": \"%s\", \"url\": \"%s\", \"contentType\": "
            + "\"%s\", \"sizeBytes\": %d, \"durationSeconds\": %s, \"width\": 360, \"height\": 640, \"purpose\": "
            + "\"import\", \"storage\": \"local\", \"storageKey\": \"%s\", \"localPath\": %s, "
            + "\"createdAt\": 1763700000000, \"someFutureField\": 1}", id, clientId, url, contentType,
        file.toFile().length(), duration, url.substring(url.indexOf("m/" + id)),
        shareDisk ? "\"" + file + "\"" : "null");
    server.stubFor(get(urlPathEqualTo("/internal/media/" + id)).willReturn(json(200, body)));
    server.stubFor(get(urlPathEqualTo("/internal/media")).withQueryParam("url",
        com.github.tomakehurst.wiremock.client.WireMock.equalTo(url)).willReturn(json(200, body)));
    server.stubFor(get(urlPathEqualTo("/internal/media/" + id + "/content")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", contentType).withBody(bytes(file))));
  }

  public static String cdnUrl(String id) {
    return CDN + "m/" + id + "/source.mp4";
  }

  /** Media stages URLs and streams, answering a fresh med_ id and CDN URL per call. */
  public static void staging(WireMockServer server, String contentType) {
    var answer = "{\"id\": \"med_{{randomValue length=22 type='ALPHANUMERIC'}}\", \"url\": \"" + CDN
        + "m/med_staged/{{randomValue length=8 type='ALPHANUMERIC'}}\", \"contentType\": \"" + contentType + "\", "
        + "\"sizeBytes\": 1000, \"durationSeconds\": 30.0, \"width\": 64, \"height\": 64, \"createdAt\": 1}";
    server.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(json(201, answer)
        .withTransformers("response-template")));
    server.stubFor(post(urlPathEqualTo("/internal/staging/stream")).willReturn(json(201, answer)
        .withTransformers("response-template")));
    server.stubFor(get(urlPathEqualTo("/internal/media")).atPriority(10).willReturn(json(404,
        "{\"error\": \"not_found\", \"message\": \"Not this suite's URL.\"}")));
  }

  /**
   * A fal-style queue for {@code model}: submit answers request {@code requestId} with URLs without the model's
   * subpath (as fal does); the status goes IN_QUEUE, IN_PROGRESS, then COMPLETED; the response is {@code output}.
   */
  public static void queue(WireMockServer server, String model, String requestId, String output) {
    var app = model.split("/").length > 3 ? "/" + model.split("/")[1] + "/" + model.split("/")[2] : model;
    var base = server.baseUrl() + app + "/requests/" + requestId;
    server.stubFor(post(urlPathEqualTo(model)).willReturn(json(200, "{\"request_id\": \"" + requestId
        + "\", \"status\": \"IN_QUEUE\", \"response_url\": \"" + base + "\", \"status_url\": \"" + base
        + "/status\", \"cancel_url\": \"" + base + "/cancel\", \"queue_position\": 0}")));
    var status = app + "/requests/" + requestId + "/status";
    server.stubFor(get(urlPathEqualTo(status)).inScenario(requestId).whenScenarioStateIs(Scenario.STARTED)
        .willReturn(json(200, "{\"status\": \"IN_QUEUE\", \"queue_position\": 2}")).willSetStateTo("running"));
    server.stubFor(get(urlPathEqualTo(status)).inScenario(requestId).whenScenarioStateIs("running")
        .willReturn(json(200, "{\"status\": \"IN_PROGRESS\", \"logs\": []}")).willSetStateTo("done"));
    server.stubFor(get(urlPathEqualTo(status)).inScenario(requestId).whenScenarioStateIs("done")
        .willReturn(json(200, "{\"status\": \"COMPLETED\", \"metrics\": {\"inference_time\": 1.2}}")));
    server.stubFor(get(urlPathEqualTo(app + "/requests/" + requestId)).willReturn(json(200, output)));
    server.stubFor(put(urlPathEqualTo(app + "/requests/" + requestId + "/cancel")).willReturn(json(202,
        "{\"status\": \"CANCELLATION_REQUESTED\"}")));
  }

  public static void file(WireMockServer server, String path, String contentType, byte[] body) {
    server.stubFor(get(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", contentType).withBody(body)));
  }

  public static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(int status, String body) {
    return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
  }
}
