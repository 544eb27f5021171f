package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.videoautomation.suite.contract.ContractHttpClient;

/**
 * Uploads as Java's {@code HttpClient} sends them by default (and so the generated Java client): HTTP/2 asked for on
 * {@code http://}, which is an {@code Upgrade: h2c} on the first request of each connection, with a multipart body
 * both chunked and with a {@code Content-Length}. The gateway declines the upgrade and answers over HTTP/1.1, so each
 * 5 MB upload reaches media-service whole.
 */
@ExtendWith(RunningSuite.class)
class CleartextUpgradeIT {
  private static final int UPLOADS_EACH = 20;
  private static final int AUDIO_BYTES = 5 * 1024 * 1024;

  @Test
  void shouldStoreEveryUploadOfAClientThatAsksForAnUpgrade() throws Exception {
    var agent = Agents.subscribedAgent();
    var boundary = "upload-" + UUID.randomUUID();
    var body = multipart(boundary, wav(AUDIO_BYTES));
    var failures = new ArrayList<String>();
    for (int i = 0; i < UPLOADS_EACH; i++) {
      for (var chunked : new boolean[] {true, false}) {
        var publisher = chunked
            ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))
            : HttpRequest.BodyPublishers.ofByteArray(body);
        var request = HttpRequest.newBuilder(RunningSuite.suite().baseUri(Service.GATEWAY).resolve("/v1/upload"))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + agent.key())
            .header("Content-Type", "multipart/form-data; boundary=" + boundary)
            .POST(publisher).build();
        HttpResponse<String> response;
        // A client of its own each time, so that every upload opens a connection and asks for the upgrade again. Its
        // default version is HTTP/2, which on http:// the JDK asks for with Upgrade: h2c.
        try (var client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
          assertThat(client.version()).isEqualTo(HttpClient.Version.HTTP_2);
          response = ContractHttpClient.judging(client).send(request, HttpResponse.BodyHandlers.ofString());
        }
        if (response.statusCode() != 200 || response.version() != HttpClient.Version.HTTP_1_1
            || !response.body().contains("\"contentType\":\"audio/")) {
          failures.add((chunked ? "chunked" : "Content-Length") + " upload " + i + ": " + response.version() + " "
              + response.statusCode() + " " + response.body());
        }
      }
    }
    assertThat(failures).as("uploads that did not come back 200 over HTTP/1.1").isEmpty();
  }

  /** A WAV file of silence, {@code dataBytes} of 16-bit mono PCM at 44.1 kHz: media ffprobe takes as audio. */
  private static byte[] wav(int dataBytes) {
    var header = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN);
    header.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt(36 + dataBytes)
        .put("WAVE".getBytes(StandardCharsets.US_ASCII))
        .put("fmt ".getBytes(StandardCharsets.US_ASCII)).putInt(16).putShort((short) 1).putShort((short) 1)
        .putInt(44_100).putInt(44_100 * 2).putShort((short) 2).putShort((short) 16)
        .put("data".getBytes(StandardCharsets.US_ASCII)).putInt(dataBytes);
    var file = new byte[44 + dataBytes];
    System.arraycopy(header.array(), 0, file, 0, 44);
    return file;
  }

  private static byte[] multipart(String boundary, byte[] file) {
    var out = new ByteArrayOutputStream();
    out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"silence.wav\""
        + "\r\nContent-Type: audio/wav\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(file);
    out.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }
}
