package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import dev.videoautomation.suite.contract.JdkExchange;

/**
 * What the job tests share (docs/jobs.md): a simulated fal.ai queue whose requests finish when the test says so,
 * the media files its results point at, {@code Prefer: wait} reads timed to the millisecond, and the credit ledger
 * as an operator reads it from billing's admin API.
 */
public final class JobSupport {
  public static final ObjectMapper JSON = new ObjectMapper();
  public static final List<String> TERMINAL = List.of("succeeded", "failed", "canceled");
  public static final String IMAGE_MODEL = "fal-ai/nano-banana-pro";
  public static final String MUSIC_MODEL = "fal-ai/lyria2";
  public static final String RENDER_MODEL = "fal-ai/kling-video/v2.6/standard/motion-control";
  private static final HttpClient RAW = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private static Path work;

  private JobSupport() {
  }

  /**
   * One request on the simulated fal.ai queue: submitted when the model is asked with a body containing
   * {@code token} (the prompt), {@code IN_PROGRESS} until {@link #finish()}, then its {@code output}.
   */
  public record QueuedRequest(WireMockServer provider, String model, String requestId) {
    /** The provider reports the request completed: the clone worker fetches the result at its next poll. */
    public void finish() {
      provider.stubFor(get(urlEqualTo(statusPath())).willReturn(okJson("{\"status\": \"COMPLETED\"}")));
    }

    public String statusPath() {
      return "/" + model + "/requests/" + requestId + "/status";
    }

    public String cancelPath() {
      return "/" + model + "/requests/" + requestId + "/cancel";
    }
  }

  /** Stubs a request of {@code model} answered by {@code output} once finished; see {@link QueuedRequest}. */
  public static QueuedRequest queue(WireMockServer provider, String model, String token, String output) {
    var requestId = "req-" + UUID.randomUUID();
    var base = provider.baseUrl() + "/" + model + "/requests/" + requestId;
    provider.stubFor(post(urlEqualTo("/" + model)).withRequestBody(containing(token)).willReturn(okJson(
        "{\"request_id\": \"" + requestId + "\", \"status_url\": \"" + base + "/status\", \"response_url\": \""
            + base + "\", \"cancel_url\": \"" + base + "/cancel\"}")));
    provider.stubFor(get(urlEqualTo("/" + model + "/requests/" + requestId + "/status"))
        .willReturn(okJson("{\"status\": \"IN_PROGRESS\"}")));
    provider.stubFor(get(urlEqualTo("/" + model + "/requests/" + requestId)).willReturn(okJson(output)));
    provider.stubFor(put(urlEqualTo("/" + model + "/requests/" + requestId + "/cancel"))
        .willReturn(okJson("{\"status\": \"CANCELLATION_REQUESTED\"}")));
    return new QueuedRequest(provider, model, requestId);
  }

  /** An image request whose result is a real PNG served by the provider. */
  public static QueuedRequest queueImage(WireMockServer provider, String token) throws Exception {
    serve(provider, "/job-files/image.png", "image/png", file("image.png", "-f", "lavfi", "-i",
        "color=c=teal:size=256x256", "-frames:v", "1"));
    return queue(provider, IMAGE_MODEL, token, "{\"images\": [{\"url\": \"" + provider.baseUrl()
        + "/job-files/image.png\"}]}");
  }

  /** A music request whose result is a real MP3 served by the provider. */
  public static QueuedRequest queueMusic(WireMockServer provider, String token) throws Exception {
    serve(provider, "/job-files/track.mp3", "audio/mpeg", file("track.mp3", "-f", "lavfi", "-i",
        "sine=frequency=440", "-t", "3", "-c:a", "libmp3lame"));
    return queue(provider, MUSIC_MODEL, token, "{\"audio\": {\"url\": \"" + provider.baseUrl()
        + "/job-files/track.mp3\"}}");
  }

  /** A render request whose result is a silent MP4 served by the provider (clone muxes the source's sound in). */
  public static QueuedRequest queueRender(WireMockServer provider, String token) throws Exception {
    serve(provider, "/job-files/render.mp4", "video/mp4", file("render.mp4", "-f", "lavfi", "-i",
        "smptebars=size=480x360:rate=25", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
        "yuv420p", "-an"));
    return queue(provider, RENDER_MODEL, token, "{\"video\": {\"url\": \"" + provider.baseUrl()
        + "/job-files/render.mp4\"}}");
  }

  /** A 4 s source clip with a soundtrack, for renders. */
  public static Path sourceClip() throws Exception {
    return file("source.mp4", "-f", "lavfi", "-i", "testsrc2=size=480x360:rate=25", "-f", "lavfi", "-i",
        "sine=frequency=330", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a",
        "aac", "-shortest");
  }

  /** A file made once per test JVM by ffmpeg. */
  public static synchronized Path file(String name, String... arguments) throws Exception {
    if (work == null) {
      work = Files.createTempDirectory("job-files");
    }
    var output = work.resolve(name);
    if (Files.exists(output)) {
      return output;
    }
    var command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-y", "-loglevel", "error"));
    command.addAll(List.of(arguments));
    command.add(output.toString());
    var process = new ProcessBuilder(command).redirectErrorStream(true).start();
    var log = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as(log).isZero();
    return output;
  }

  public static void serve(WireMockServer provider, String path, String type, Path file) throws IOException {
    provider.stubFor(get(urlEqualTo(path)).willReturn(aResponse().withHeader("Content-Type", type)
        .withBody(Files.readAllBytes(file))));
  }

  /** A {@code Prefer: wait} answer with the moments it was asked and answered (epoch ms). */
  public record Waited(HttpResponse<String> response, JsonNode body, long askedAt, long answeredAt) {
    public int status() {
      return response.statusCode();
    }

    public String preferenceApplied() {
      return response.headers().firstValue("Preference-Applied").orElse(null);
    }

    public long tookMillis() {
      return answeredAt - askedAt;
    }
  }

  /** {@code GET /v1/jobs/{id}} with {@code Prefer: wait=seconds} on {@code gateway}, judged once answered. */
  public static Waited await(URI gateway, String key, String jobId, int seconds)
      throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(gateway.resolve("/v1/jobs/" + jobId)).header("Authorization", "Bearer " + key)
        .header("Prefer", "wait=" + seconds).timeout(Duration.ofSeconds(seconds + 30)).GET().build());
  }

  /** Sends unjudged so that the timing is the gateway's alone, then judges the exchange against the snapshot. */
  public static Waited send(HttpRequest request) throws IOException, InterruptedException {
    var askedAt = System.currentTimeMillis();
    var response = RAW.send(request, HttpResponse.BodyHandlers.ofString());
    var answeredAt = System.currentTimeMillis();
    JdkExchange.check(request, response);
    JsonNode body;
    try {
      body = JSON.readTree(response.body());
    } catch (IOException e) {
      throw new AssertionError("not JSON (" + response.statusCode() + "): " + response.body(), e);
    }
    return new Waited(response, body, askedAt, answeredAt);
  }

  /** A job-creating POST with a JSON body and {@code Prefer: wait=seconds}. */
  public static Waited createAndWait(URI gateway, String key, String path, String body, int seconds)
      throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(gateway.resolve(path)).header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json").header("Prefer", "wait=" + seconds)
        .timeout(Duration.ofSeconds(seconds + 30)).POST(HttpRequest.BodyPublishers.ofString(body)).build());
  }

  /** The job view read until {@code done} holds, at most {@code within}; the last view either way. */
  public static JsonNode jobUntil(URI gateway, String key, String jobId, Predicate<JsonNode> done, Duration within)
      throws IOException, InterruptedException {
    var deadline = System.nanoTime() + within.toNanos();
    var view = job(gateway, key, jobId);
    while (!done.test(view) && System.nanoTime() < deadline) {
      Thread.sleep(200);
      view = job(gateway, key, jobId);
    }
    return view;
  }

  /** {@code GET /v1/jobs/{id}} (200 expected). */
  public static JsonNode job(URI gateway, String key, String jobId) throws IOException, InterruptedException {
    var answer = send(HttpRequest.newBuilder(gateway.resolve("/v1/jobs/" + jobId))
        .header("Authorization", "Bearer " + key).timeout(Duration.ofSeconds(30)).GET().build());
    assertThat(answer.status()).as(answer.response().body()).isEqualTo(200);
    return answer.body();
  }

  /** Whether a job view is terminal. */
  public static boolean terminal(JsonNode view) {
    return TERMINAL.contains(view.path("status").asText());
  }

  /** The client's credit ledger, newest first, as an operator reads it (billing's admin API). */
  public static List<JsonNode> ledger(Suite suite, String operatorToken, String clientId) throws IOException {
    var body = given().noFilters().baseUri(suite.baseUri(Service.BILLING).toString())
        .header("Authorization", "Bearer " + suite.internalToken("service:operator"))
        .header("X-Operator-Token", operatorToken).queryParam("limit", 200)
        .when().get("/internal/admin/ledger/" + clientId).then().statusCode(200).extract().asString();
    var lines = new ArrayList<JsonNode>();
    JSON.readTree(body).path("data").forEach(lines::add);
    return lines;
  }

  /** The ledger's refund lines of one job (the refund's operationId is the job's id). */
  public static List<JsonNode> refunds(List<JsonNode> ledger, String jobId) {
    return ledger.stream().filter(line -> line.path("kind").asText().equals("refund")
        && line.path("operationId").asText().equals(jobId)).toList();
  }

  /** The client's balance after the newest ledger line. */
  public static int balance(List<JsonNode> ledger) {
    assertThat(ledger).as("the client has ledger lines").isNotEmpty();
    return ledger.getFirst().path("balanceAfter").asInt();
  }
}
