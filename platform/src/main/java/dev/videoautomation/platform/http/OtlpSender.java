package dev.videoautomation.platform.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.function.Consumer;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.HttpResponse;
import io.opentelemetry.sdk.common.export.HttpSender;
import io.opentelemetry.sdk.common.export.HttpSenderConfig;
import io.opentelemetry.sdk.common.export.MessageWriter;

/**
 * Sends OTLP/HTTP exports with the JDK's {@link HttpClient} (the SDK's public sender SPI). Best effort by design: a
 * failed export is reported to the SDK, which drops the batch; spans are never retried at the cost of memory.
 */
final class OtlpSender implements HttpSender {
  private final HttpSenderConfig config;
  private final HttpClient client;

  OtlpSender(HttpSenderConfig config) {
    this.config = config;
    this.client = HttpClient.newBuilder().connectTimeout(config.getConnectTimeout())
        .followRedirects(HttpClient.Redirect.NEVER).build();
  }

  @Override
  public void send(MessageWriter message, Consumer<HttpResponse> onResponse,
      Consumer<Throwable> onError) {
    var body = new ByteArrayOutputStream(Math.max(message.getContentLength(), 64));
    try {
      message.writeMessage(body);
    } catch (IOException e) {
      onError.accept(e);
      return;
    }
    var request = HttpRequest.newBuilder(config.getEndpoint()).timeout(config.getTimeout())
        .header("Content-Type", config.getContentType())
        .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
    config.getHeadersSupplier().get().forEach((name, values) -> values.forEach(value -> request.header(name, value)));
    client.sendAsync(request.build(), BodyHandlers.ofByteArray()).whenComplete((response, failure) -> {
      if (failure != null) {
        onError.accept(failure);
        return;
      }
      onResponse.accept(new HttpResponse() {
        @Override
        public int getStatusCode() {
          return response.statusCode();
        }

        @Override
        public String getStatusMessage() {
          return String.valueOf(response.statusCode());
        }

        @Override
        public byte[] getResponseBody() {
          return response.body();
        }
      });
    });
  }

  @Override
  public CompletableResultCode shutdown() {
    client.shutdownNow();
    return CompletableResultCode.ofSuccess();
  }
}
