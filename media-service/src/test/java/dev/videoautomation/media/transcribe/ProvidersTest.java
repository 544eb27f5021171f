package dev.videoautomation.media.transcribe;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.media.TestMedia.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

import dev.videoautomation.media.TestMedia;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Transcription and watch through their real adapters, with the providers simulated by WireMock. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "media.transcription.base-url,media.vision.base-url"))
@TestProfile(ProvidersTest.Configured.class)
class ProvidersTest {
  static final String CLIENT = "cli_providersTest000001";
  /** OpenAI's verbose_json answer for one piece (shape as recorded from the API). */
  static final String WHISPER_ANSWER = """
      {"task": "transcribe", "language": "english", "duration": 4.0, "text": " Hello there.",
       "segments": [{"id": 0, "seek": 0, "start": 0.5, "end": 1.5, "text": " Hello there.", "tokens": [50364, 2425],
         "temperature": 0.0, "avg_logprob": -0.28, "compression_ratio": 0.8, "no_speech_prob": 0.01}],
       "words": [{"word": "Hello", "start": 0.5, "end": 0.9}, {"word": "there.", "start": 0.9, "end": 1.5}],
       "usage": {"type": "duration", "seconds": 4}}""";
  static final String CHAT_ANSWER = """
      {"id": "chatcmpl-AB12", "object": "chat.completion", "created": 1763700000, "model": "gpt-4o-mini-2024-07-18",
       "choices": [{"index": 0, "message": {"role": "assistant", "content": "Colour bars over a steady tone.",
         "refusal": null}, "logprobs": null, "finish_reason": "stop"}],
       "usage": {"prompt_tokens": 1210, "completion_tokens": 9, "total_tokens": 1219}}""";

  public static class Configured implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      // 20 kB pieces: a 12 s track at 32 kbit/s (48 kB) goes out in three calls, as a long video would at 25 MB.
      return Map.of("media.transcription.api-key", "sk-test-transcription", "media.transcription.max-upload-bytes",
          "20000", "media.vision.api-key", "sk-test-vision");
    }
  }

  @InjectWireMock
  WireMockServer provider;

  @BeforeEach
  void reset() {
    provider.resetAll();
    provider.stubFor(post(urlEqualTo("/audio/transcriptions")).willReturn(aResponse()
        .withHeader("Content-Type", "application/json").withBody(WHISPER_ANSWER)));
    provider.stubFor(post(urlEqualTo("/chat/completions")).willReturn(aResponse()
        .withHeader("Content-Type", "application/json").withBody(CHAT_ANSWER)));
  }

  private static String upload(double seconds) throws Exception {
    return as(CLIENT).multiPart("file", "bars.mp4", Files.readAllBytes(TestMedia.clip(seconds, 320, 240)),
        "video/mp4").when().post("/v1/upload").then().statusCode(200).extract().path("id");
  }

  @Test
  void shouldSplitLongAudioUnderTheUploadLimitAndMergeTheTimes() throws Exception {
    var id = upload(12);
    var body = as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id, "language", "en"))
        .when().post("/v1/transcribe").then().statusCode(200)
        .body("language", org.hamcrest.Matchers.equalTo("english"))
        .body("durationSeconds", closeTo(12.0, 0.1))
        .body("model", org.hamcrest.Matchers.equalTo("whisper-1"))
        .extract().jsonPath();
    var sent = provider.findAll(postRequestedFor(urlEqualTo("/audio/transcriptions")));
    int pieces = sent.size();
    assertThat(pieces).as("a 48 kB track under a 20 kB limit goes out in pieces").isBetween(3, 5);
    assertThat(body.getInt("chunks")).isEqualTo(pieces);
    assertThat(body.getString("text")).isEqualTo(String.join(" ", java.util.Collections.nCopies(pieces,
        "Hello there.")));
    assertThat(body.getList("segments")).hasSize(pieces);
    assertThat(body.getList("words")).hasSize(2 * pieces);
    // Each piece's times are shifted by where it starts: equal steps of one piece length, all inside the 12 s.
    List<Float> starts = body.getList("segments.start", Float.class);
    float step = starts.get(1) - starts.get(0);
    assertThat(starts.get(0)).isCloseTo(0.5f, within(0.01f));
    assertThat(step * (pieces - 1)).isLessThan(12.5f).isGreaterThan(12f - 2 * step);
    for (int i = 1; i < pieces; i++) {
      assertThat(starts.get(i)).isCloseTo(0.5f + i * step, within(0.1f));
    }
    assertThat(body.getFloat("words[" + (2 * pieces - 1) + "].end")).isLessThan(12f + step);

    for (var request : sent) {
      assertThat(request.getHeader("Authorization")).isEqualTo("Bearer sk-test-transcription");
      assertThat(request.getBody().length).isLessThanOrEqualTo(20000 + 2000);
      // Servers that read only bodies with a length answer a chunked upload "file is required".
      assertThat(request.getHeader("Content-Length")).as("Content-Length of the upload")
          .isEqualTo(String.valueOf(request.getBody().length));
      assertThat(request.containsHeader("Transfer-Encoding")).as("a chunked upload").isFalse();
      var text = request.getBodyAsString();
      assertThat(text).contains("name=\"model\"\r\n\r\nwhisper-1")
          .contains("name=\"response_format\"\r\n\r\nverbose_json")
          .contains("name=\"timestamp_granularities[]\"\r\n\r\nword")
          .contains("name=\"language\"\r\n\r\nen")
          .contains("filename=\"piece-000");
    }
  }

  @Test
  void shouldRenderSubtitlesAndMapProviderFailuresToTypedErrors() throws Exception {
    var id = upload(3);
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id, "format", "srt"))
        .when().post("/v1/transcribe").then().statusCode(200)
        .body("chunks", org.hamcrest.Matchers.equalTo(1))
        .body("format", org.hamcrest.Matchers.equalTo("srt"))
        .body("subtitles", org.hamcrest.Matchers.equalTo("1\n00:00:00,500 --> 00:00:01,500\nHello there.\n\n"));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id, "format", "vtt"))
        .when().post("/v1/transcribe").then().statusCode(200)
        .body("subtitles", startsWith("WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nHello there."));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id, "format", "txt"))
        .when().post("/v1/transcribe").then().statusCode(400).body("field", org.hamcrest.Matchers.equalTo("format"));

    provider.stubFor(post(urlEqualTo("/audio/transcriptions")).willReturn(aResponse().withStatus(401)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\": {\"message\": \"Incorrect API key provided\", \"type\": \"invalid_request_error\", "
            + "\"code\": \"invalid_api_key\"}}")));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id))
        .when().post("/v1/transcribe").then().statusCode(502)
        .body("error", org.hamcrest.Matchers.equalTo("provider_auth_failed"))
        .body("setup", org.hamcrest.Matchers.containsString("MEDIA_TRANSCRIPTION_API_KEY"));
    provider.stubFor(post(urlEqualTo("/audio/transcriptions")).willReturn(aResponse().withStatus(500)));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id))
        .when().post("/v1/transcribe").then().statusCode(502)
        .body("error", org.hamcrest.Matchers.equalTo("upstream_error"))
        .body("upstreamStatus", org.hamcrest.Matchers.equalTo(500));
    // A provider that says the account ran dry, in whatever status, is out of credit (the suite's one rule).
    provider.stubFor(post(urlEqualTo("/audio/transcriptions")).willReturn(aResponse().withStatus(400)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\": {\"message\": \"Exhausted balance. Top up your balance to continue.\"}}")));
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id))
        .when().post("/v1/transcribe").then().statusCode(502)
        .body("error", org.hamcrest.Matchers.equalTo("provider_credits_exhausted"))
        .body("upstreamStatus", org.hamcrest.Matchers.equalTo(400))
        .body("setup", org.hamcrest.Matchers.containsString("MEDIA_TRANSCRIPTION_API_KEY"));
  }

  @Test
  void shouldWatchSampledFramesWithTheTranscriptThroughTheVisionModel() throws Exception {
    var id = upload(3);
    as(CLIENT).contentType(ContentType.JSON)
        .body(Map.of("videoUrl", id, "prompt", "What is on screen?", "frames", 3))
        .when().post("/v1/watch").then().statusCode(200)
        .body("answer", org.hamcrest.Matchers.equalTo("Colour bars over a steady tone."))
        .body("model", org.hamcrest.Matchers.equalTo("gpt-4o-mini-2024-07-18"))
        .body("framesUsed", org.hamcrest.Matchers.equalTo(3))
        .body("timestamps", org.hamcrest.Matchers.equalTo(List.of(0.5, 1.5, 2.5)))
        .body("transcriptUsed", org.hamcrest.Matchers.equalTo(true))
        .body("usage.promptTokens", org.hamcrest.Matchers.equalTo(1210));
    provider.verify(1, postRequestedFor(urlEqualTo("/chat/completions"))
        .withHeader("Authorization", equalTo("Bearer sk-test-vision"))
        .withRequestBody(matchingJsonPath("$.model", equalTo("gpt-4o-mini")))
        .withRequestBody(matchingJsonPath("$.messages[1].content[0].text", containing("What is on screen?")))
        .withRequestBody(matchingJsonPath("$.messages[1].content[0].text", containing("Hello there.")))
        .withRequestBody(matchingJsonPath("$.messages[1].content[3].image_url.url",
            WireMock.matching("data:image/jpeg;base64,/9j/.+")))
        .withRequestBody(WireMock.notContaining("\"content[4]\"")));
    var sent = provider.findAll(postRequestedFor(urlEqualTo("/chat/completions"))).get(0).getBodyAsString();
    assertThat(sent.split("data:image/jpeg;base64,", -1)).hasSize(4);
    as(CLIENT).contentType(ContentType.JSON).body(Map.of("videoUrl", id, "prompt", "x", "frames", 99))
        .when().post("/v1/watch").then().statusCode(400).body("field", org.hamcrest.Matchers.equalTo("frames"));
  }
}
