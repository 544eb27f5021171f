package dev.videoautomation.media;

import static dev.videoautomation.media.TestMedia.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;

import dev.videoautomation.media.library.MediaObjectRepository;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Every spending operation media serves, with {@code dryRun=true} (issue 32 §1): a bad body is refused exactly as the
 * real call refuses it; a good one answers the free {@code DryRun} with the providers and the outside source (one
 * WireMock) never asked, nothing stored and no ffmpeg output. An upload's dry run is judged on its headers alone.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "media.transcription.base-url,media.vision.base-url,media.moderation.base-url"))
@TestProfile(DryRunTest.Providers.class)
class DryRunTest {
  static final long LIMIT = 2_000_000;
  static final String FREE = "{\"dryRun\": true, \"wouldRun\": true, \"cost\": {\"credits\": 0}, \"refusal\": null}";
  static final ObjectMapper JSON = new ObjectMapper();
  static final String CLIENT = Ids.newId(IdPrefix.CLI);
  static final String OTHER = Ids.newId(IdPrefix.CLI);
  /** Stored once for the class: the client's clip and tone, and another client's clip. */
  static Map<String, String> ids;

  /** Every provider configured (on WireMock), and a small size limit so that a real body can pass it. */
  public static class Providers implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("media.transcription.api-key", "sk-test-transcription", "media.vision.api-key", "sk-test-vision",
          "media.moderation.api-key", "sk-test-moderation", "media.storage.max-bytes", String.valueOf(LIMIT));
    }
  }

  @InjectWireMock
  WireMockServer outside;

  @Inject
  MediaObjectRepository objects;

  /**
   * One JSON operation of the table: its path, a body the real call takes and one it refuses. In the bodies
   * {@code {clip}} and {@code {tone}} are the client's video and audio, {@code {others}} another client's video and
   * {@code {outside}} an outside URL (WireMock, which a dry run must never fetch).
   */
  record Case(String name, SpendingOperation operation, String good, String bad) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> operations() {
    return Stream.of(
        new Case("stageMediaFromUrl", SpendingOperation.STAGE_MEDIA_FROM_URL, "{\"url\": \"{outside}\"}",
            "{\"url\": \"http://10.0.0.1/v/clip.mp4\"}"),
        new Case("stageMediaFromUrl (own media)", SpendingOperation.STAGE_MEDIA_FROM_URL,
            "{\"url\": \"{clip}\", \"filename\": \"again.mp4\"}", "{\"url\": \"{others}\"}"),
        new Case("overlayText", SpendingOperation.OVERLAY_TEXT, "{\"mediaId\": \"{clip}\", \"text\": \"Hello\"}",
            "{\"mediaId\": \"{clip}\", \"text\": \"Hello\", \"fontSize\": 1}"),
        new Case("overlayText (not a video)", SpendingOperation.OVERLAY_TEXT,
            "{\"videoUrl\": \"{outside}\", \"text\": \"Hello\"}", "{\"mediaId\": \"{tone}\", \"text\": \"Hello\"}"),
        new Case("extractMedia", SpendingOperation.EXTRACT_MEDIA,
            "{\"videoUrl\": \"{outside}\", \"frames\": {\"count\": 2}, \"audio\": {\"format\": \"mp3\"}}",
            "{\"mediaId\": \"{others}\", \"frames\": {\"count\": 2}}"),
        new Case("transcribeMedia", SpendingOperation.TRANSCRIBE_MEDIA, "{\"mediaId\": \"{clip}\", \"format\": \"srt\"}",
            "{\"mediaId\": \"{clip}\", \"format\": \"txt\"}"),
        new Case("watchVideo", SpendingOperation.WATCH_VIDEO, "{\"mediaId\": \"{clip}\", \"prompt\": \"What is it?\"}",
            "{\"mediaId\": \"{tone}\", \"prompt\": \"What is it?\"}"),
        new Case("checkVideo", SpendingOperation.CHECK_VIDEO, "{\"platform\": \"shortvideo\", \"mediaId\": \"{clip}\"}",
            "{\"platform\": \"shortvideo\", \"mediaId\": \"{clip}\", \"videoUrl\": \"{outside}\"}"),
        new Case("checkVideo (a spec)", SpendingOperation.CHECK_VIDEO,
            "{\"platform\": \"photo\", \"spec\": {\"durationSeconds\": 12, \"width\": 1080, \"height\": 1920}}",
            "{\"platform\": \"moon\", \"spec\": {\"durationSeconds\": 12}}"),
        new Case("scanVideoCompliance", SpendingOperation.SCAN_VIDEO_COMPLIANCE,
            "{\"mediaId\": \"{clip}\", \"caption\": \"Tag a friend\"}", "{\"mediaId\": \"{clip}\", \"frames\": 99}"),
        new Case("scanPromptCompliance", SpendingOperation.SCAN_PROMPT_COMPLIANCE,
            "{\"text\": \"A smoothie that cures anxiety\"}", "{\"text\": \"A smoothie\", \"platform\": \"moon\"}"));
  }

  @BeforeEach
  void setUp() throws IOException {
    if (ids == null) {
      var clip = Files.readAllBytes(TestMedia.clip(2, 160, 120));
      var stored = new HashMap<String, String>();
      stored.put("clip", upload(CLIENT, "clip.mp4", clip, "video/mp4"));
      stored.put("tone", upload(CLIENT, "tone.m4a", Files.readAllBytes(TestMedia.tone(1)), "audio/mp4"));
      stored.put("others", upload(OTHER, "clip.mp4", clip, "video/mp4"));
      ids = stored;
    }
    outside.resetAll();
  }

  private static String upload(String client, String name, byte[] bytes, String type) {
    return as(client).multiPart("file", name, bytes, type).when().post("/v1/upload").then().statusCode(200)
        .extract().path("id");
  }

  private String fill(String body) {
    var filled = body.replace("{outside}", outside.baseUrl() + "/v/clip.mp4");
    for (var entry : ids.entrySet()) {
      filled = filled.replace("{" + entry.getKey() + "}", entry.getValue());
    }
    return filled;
  }

  @Test
  void shouldCoverEverySpendingOperationMediaServes() {
    var served = Set.of(SpendingOperation.UPLOAD_MEDIA, SpendingOperation.STAGE_MEDIA_FROM_URL,
        SpendingOperation.OVERLAY_TEXT, SpendingOperation.EXTRACT_MEDIA, SpendingOperation.TRANSCRIBE_MEDIA,
        SpendingOperation.WATCH_VIDEO, SpendingOperation.CHECK_VIDEO, SpendingOperation.SCAN_VIDEO_COMPLIANCE,
        SpendingOperation.SCAN_PROMPT_COMPLIANCE);
    assertThat(Arrays.stream(SpendingOperation.values()).filter(served::contains).map(SpendingOperation::path))
        .allMatch(path -> !path.startsWith("/v1/scrape") && !path.startsWith("/v1/clones"));
    var covered = operations().map(Case::operation).collect(Collectors.toSet());
    covered.add(SpendingOperation.UPLOAD_MEDIA);
    assertThat(covered).isEqualTo(served);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldRefuseABadBodyAsTheRealCallDoes(Case operation) {
    var before = storedFor(CLIENT);
    var real = post(operation, operation.bad(), false);
    var dry = post(operation, operation.bad(), true);
    assertThat(dry.statusCode()).as("status").isEqualTo(real.statusCode()).isBetween(400, 499);
    assertThat(tree(dry.asString())).as("body").isEqualTo(tree(real.asString()));
    assertThat(outside.getAllServeEvents()).as("calls to a provider or the outside source").isEmpty();
    assertThat(storedFor(CLIENT)).isEqualTo(before);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldAnswerAGoodBodysDryRunWithoutWork(Case operation) throws IOException {
    var before = storedFor(CLIENT);
    var files = storedFiles();
    var dry = post(operation, operation.good(), true);
    assertThat(dry.statusCode()).as(dry.asString()).isEqualTo(200);
    assertThat(tree(dry.asString())).isEqualTo(tree(FREE));
    assertThat(outside.getAllServeEvents()).as("calls to a provider or the outside source").isEmpty();
    assertThat(storedFor(CLIENT)).as("objects stored").isEqualTo(before);
    assertThat(storedFiles()).as("files stored").isEqualTo(files);
  }

  private ExtractableResponse<Response> post(Case operation, String body, boolean dryRun) {
    return as(CLIENT).contentType(ContentType.JSON).queryParam("dryRun", dryRun).body(fill(body)).when()
        .post(operation.operation().path()).then().extract();
  }

  @Test
  void shouldJudgeARawUploadsHeadersAndStoreNothing() throws IOException {
    var stored = storedFor(CLIENT);
    var files = storedFiles();
    var dry = as(CLIENT).contentType("video/mp4").header("Upload-Length", "1500000").queryParam("dryRun", true)
        .queryParam("filename", "later.mp4").when().post("/v1/upload").then().statusCode(200).extract().asString();
    assertThat(tree(dry)).isEqualTo(tree(FREE));
    // Called directly, the body's own Content-Length is the declared one: the body is sent, never stored.
    var clip = Files.readAllBytes(TestMedia.clip(2, 160, 120));
    as(CLIENT).contentType("application/octet-stream").body(clip).queryParam("dryRun", true).when()
        .post("/v1/upload").then().statusCode(200);
    as(CLIENT).multiPart("file", "clip.mp4", clip, "video/mp4").queryParam("dryRun", true).when()
        .post("/v1/upload").then().statusCode(200);
    assertThat(storedFor(CLIENT)).isEqualTo(stored);
    assertThat(storedFiles()).isEqualTo(files);
  }

  @Test
  void shouldRefuseADeclaredLengthOverTheLimitWithTheRealCalls413() {
    var stored = storedFor(CLIENT);
    var tooLarge = new byte[(int) LIMIT + 1];
    var real = as(CLIENT).contentType("video/mp4").body(tooLarge).when().post("/v1/upload").then().statusCode(413)
        .extract().asString();
    var gateway = as(CLIENT).contentType("video/mp4").header("Upload-Length", String.valueOf(LIMIT + 1))
        .queryParam("dryRun", true).when().post("/v1/upload").then().statusCode(413).extract().asString();
    var direct = as(CLIENT).contentType("video/mp4").body(tooLarge).queryParam("dryRun", true).when()
        .post("/v1/upload").then().statusCode(413).extract().asString();
    assertThat(tree(gateway)).isEqualTo(tree(real)).isEqualTo(tree(direct));
    assertThat(tree(real).path("limit").asLong()).isEqualTo(LIMIT);
    var form = as(CLIENT).contentType("multipart/form-data; boundary=b1").header("Upload-Length",
        String.valueOf(LIMIT + 1)).queryParam("dryRun", true).when().post("/v1/upload").then().statusCode(413)
        .extract().asString();
    assertThat(tree(form)).isEqualTo(tree(real));
    as(CLIENT).contentType("video/mp4").header("Upload-Length", "lots").queryParam("dryRun", true).when()
        .post("/v1/upload").then().statusCode(400).body("field", org.hamcrest.Matchers.equalTo("Upload-Length"));
    assertThat(storedFor(CLIENT)).isEqualTo(stored);
  }

  @Test
  void shouldRefuseAContentTypeThatIsNotMediaWithTheRealCalls415() {
    var real = as(CLIENT).contentType("text/plain").body("hello").when().post("/v1/upload").then().statusCode(415)
        .extract().asString();
    var dry = as(CLIENT).contentType("text/plain").header("Upload-Length", "5").queryParam("dryRun", true).when()
        .post("/v1/upload").then().statusCode(415).extract().asString();
    assertThat(tree(dry)).isEqualTo(tree(real));
    var longName = "n".repeat(300);
    var realName = as(CLIENT).contentType("video/mp4").queryParam("filename", longName).body(new byte[10]).when()
        .post("/v1/upload").then().statusCode(400).extract().asString();
    var dryName = as(CLIENT).contentType("video/mp4").queryParam("filename", longName).header("Upload-Length", "10")
        .queryParam("dryRun", true).when().post("/v1/upload").then().statusCode(400).extract().asString();
    assertThat(tree(dryName)).isEqualTo(tree(realName));
  }

  /**
   * The body is never read: with a declared megabyte and none of it sent, the dry run answers at once (the real call
   * would wait for the body), for a raw body and for a multipart form.
   */
  @Test
  void shouldAnswerAnUploadsDryRunWithoutWaitingForItsBody() throws IOException {
    var stored = storedFor(CLIENT);
    for (var type : new String[] {"video/mp4", "multipart/form-data; boundary=b1"}) {
      try (var socket = new Socket("127.0.0.1", RestAssured.port)) {
        socket.setSoTimeout(10_000);
        var head = "POST /v1/upload?dryRun=true HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
            + TestTokens.forClient(CLIENT, Set.of("api.read", "api.write"), "pro") + "\r\nContent-Type: " + type
            + "\r\nContent-Length: 1000000\r\n\r\n--b1\r\n";
        socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
        var answer = readAnswer(socket.getInputStream());
        assertThat(answer).as(type).startsWith("HTTP/1.1 200").contains("\"dryRun\":true");
      }
    }
    assertThat(storedFor(CLIENT)).isEqualTo(stored);
  }

  /** The status line, headers and the JSON body of one answer (its Content-Length long). */
  private static String readAnswer(InputStream in) throws IOException {
    var bytes = new ByteArrayOutputStream();
    int length = -1;
    while (true) {
      int b = in.read();
      if (b < 0) {
        break;
      }
      bytes.write(b);
      var text = bytes.toString(StandardCharsets.US_ASCII);
      var end = text.indexOf("\r\n\r\n");
      if (end >= 0 && length < 0) {
        var header = text.toLowerCase().lines().filter(l -> l.startsWith("content-length:")).findFirst();
        length = header.map(h -> Integer.parseInt(h.substring(15).strip())).orElse(0);
      }
      if (end >= 0 && bytes.size() >= end + 4 + length) {
        break;
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private long storedFor(String clientId) {
    return objects.count("clientId", clientId);
  }

  private static long storedFiles() throws IOException {
    var root = Path.of("target", "media-test");
    if (!Files.exists(root)) {
      return 0;
    }
    try (var walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).count();
    }
  }

  private static JsonNode tree(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalStateException("Not JSON: " + json, e);
    }
  }
}
