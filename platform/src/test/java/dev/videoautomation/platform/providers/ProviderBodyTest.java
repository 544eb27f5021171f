package dev.videoautomation.platform.providers;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

/** Bodies as the provider receives them: every one with Content-Length, files streamed from disk. */
class ProviderBodyTest {
  private static WireMockServer server;
  private static String base;
  private final ObjectMapper json = new ObjectMapper();
  private final ProviderHttp http = new ProviderHttp(json);

  @TempDir
  Path dir;

  @BeforeAll
  static void start() {
    server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    server.start();
    base = "http://127.0.0.1:" + server.port();
  }

  @AfterAll
  static void stop() {
    server.stop();
  }

  @BeforeEach
  void reset() {
    server.resetAll();
    server.stubFor(post("/upload").willReturn(aResponse().withStatus(200).withBody("{}")));
  }

  private String sent() {
    var requests = server.findAll(postRequestedFor(urlEqualTo("/upload")));
    assertThat(requests).hasSize(1);
    var request = requests.getFirst();
    assertThat(request.getHeader("Content-Length")).isEqualTo(String.valueOf(request.getBody().length));
    server.verify(postRequestedFor(urlEqualTo("/upload")).withHeader("Transfer-Encoding", absent()));
    return request.getBodyAsString();
  }

  @Test
  void shouldSendAMultipartBodyWithItsExactLength() throws IOException {
    var audio = Files.write(dir.resolve("chunk.mp3"), "ID3 audio bytes é".getBytes(StandardCharsets.UTF_8));
    var parts = List.of(MultipartBody.Part.file("file", audio, "audio/mpeg"), MultipartBody.Part.text("model", "m1"),
        MultipartBody.Part.text("timestamp_granularities[]", "word"),
        MultipartBody.Part.text("timestamp_granularities[]", "segment"));

    http.json(ProviderHttpTest.PROVIDER, ProviderRequest.post(base + "/upload", ProviderBody.multipart(parts)));

    var body = sent();
    assertThat(body).contains("Content-Disposition: form-data; name=\"file\"; filename=\"chunk.mp3\"\r\n"
        + "Content-Type: audio/mpeg\r\n\r\nID3 audio bytes é\r\n");
    assertThat(body.split("name=\"timestamp_granularities\\[]\"", -1)).hasSize(3);
    var contentType = server.findAll(postRequestedFor(urlEqualTo("/upload"))).getFirst().getHeader("Content-Type");
    assertThat(contentType).startsWith("multipart/form-data; boundary=vas-");
    assertThat(body).endsWith("--" + contentType.substring(contentType.indexOf('=') + 1) + "--\r\n");
  }

  @Test
  void shouldInlineFilesAsDataUrisInAJsonBody() throws IOException {
    var bytes = new byte[100_001];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 31);
    }
    var image = Files.write(dir.resolve("face.png"), bytes);
    var body = new LinkedHashMap<String, Object>();
    body.put("prompt", "a face");
    body.put("images", List.of(Map.of("url", new InlineFile(image, "image/png"))));
    body.put("mask", new InlineFile(image, "not a type"));

    http.json(ProviderHttpTest.PROVIDER, ProviderRequest.post(base + "/upload", ProviderBody.json(json, body)));

    var sent = json.readTree(sent());
    var encoded = Base64.getEncoder().encodeToString(bytes);
    assertThat(sent.path("prompt").asText()).isEqualTo("a face");
    assertThat(sent.path("images").path(0).path("url").asText()).isEqualTo("data:image/png;base64," + encoded);
    assertThat(sent.path("mask").asText()).isEqualTo("data:application/octet-stream;base64," + encoded);
  }

  @Test
  void shouldFormEncodeInOrder() {
    var fields = new LinkedHashMap<String, String>();
    fields.put("mode", "subscription");
    fields.put("line_items[0][price]", "price_1");
    fields.put("success_url", "https://example.test/back?a=1&b=2");

    http.call(ProviderHttpTest.PROVIDER, ProviderRequest.post(base + "/upload", ProviderBody.form(fields))
        .header("Idempotency-Key", "cs_1"));

    assertThat(sent()).isEqualTo("mode=subscription&line_items%5B0%5D%5Bprice%5D=price_1"
        + "&success_url=https%3A%2F%2Fexample.test%2Fback%3Fa%3D1%26b%3D2");
    server.verify(postRequestedFor(urlEqualTo("/upload")).withHeader("Idempotency-Key", equalTo("cs_1"))
        .withHeader("Content-Type", equalTo("application/x-www-form-urlencoded")));
  }
}
