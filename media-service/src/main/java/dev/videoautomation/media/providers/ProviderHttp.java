package dev.videoautomation.media.providers;

import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Calls to OpenAI-compatible provider APIs (OpenAI, Groq, self-hosted Whisper and vision servers): JSON or multipart
 * POSTs with a bearer key, answers read as JSON, and provider failures turned into the suite's typed errors. The JDK
 * client is used rather than the REST client because transcription needs multipart bodies streamed from disk with
 * repeated fields ({@code timestamp_granularities[]}).
 *
 * <p>Provider base URLs come from operator configuration, never from callers, so the URL guard does not apply here.
 */
@ApplicationScoped
public class ProviderHttp {
  // HTTP/1.1: an h2c upgrade attempt on plain http breaks streamed bodies with some servers (self-hosted Whisper).
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10))
      .followRedirects(HttpClient.Redirect.NEVER).build();
  private final ObjectMapper json;

  public ProviderHttp(ObjectMapper json) {
    this.json = json;
  }

  /** Who is called, for error messages and setup hints. */
  public record Provider(String name, String baseUrl, String apiKey, String keyVariable) {
  }

  /** One multipart field: text, or a file streamed from disk. */
  public record Part(String name, String value, Path file, String contentType) {
    public static Part text(String name, String value) {
      return new Part(name, value, null, null);
    }

    public static Part file(String name, Path file, String contentType) {
      return new Part(name, null, file, contentType);
    }
  }

  public JsonNode postJson(Provider provider, String path, Object body, Duration timeout) {
    try {
      var request = request(provider, path, timeout).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofByteArray(json.writeValueAsBytes(body))).build();
      return send(provider, request);
    } catch (IOException e) {
      throw new IllegalStateException("Could not write a provider request body", e);
    }
  }

  /**
   * A multipart POST whose files are streamed from disk. The body's length is worked out first and sent as
   * {@code Content-Length}: several OpenAI-compatible servers and proxies read only bodies with a length (a chunked
   * upload is answered "file is required").
   */
  public JsonNode postMultipart(Provider provider, String path, List<Part> parts, Duration timeout) {
    var boundary = "vas-" + UUID.randomUUID();
    var length = multipartLength(boundary, parts);
    var request = request(provider, path, timeout)
        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
        .POST(HttpRequest.BodyPublishers.fromPublisher(
            HttpRequest.BodyPublishers.ofInputStream(() -> multipartBody(boundary, parts)), length))
        .build();
    return send(provider, request);
  }

  /** The body, opened when the client starts sending it, so files are read straight from disk. */
  private static InputStream multipartBody(String boundary, List<Part> parts) {
    var streams = new ArrayList<InputStream>();
    for (var part : parts) {
      streams.add(bytes(head(boundary, part)));
      if (part.file() != null) {
        streams.add(open(part.file()));
        streams.add(bytes("\r\n"));
      }
    }
    streams.add(bytes(tail(boundary)));
    return new SequenceInputStream(Collections.enumeration(streams));
  }

  /** The exact number of bytes {@link #multipartBody} sends. */
  private static long multipartLength(String boundary, List<Part> parts) {
    long length = utf8Length(tail(boundary));
    for (var part : parts) {
      length += utf8Length(head(boundary, part));
      if (part.file() != null) {
        length += size(part.file()) + 2;
      }
    }
    return length;
  }

  /** A part's text up to its file's bytes; a text part whole. */
  private static String head(String boundary, Part part) {
    var head = new StringBuilder("--").append(boundary).append("\r\n")
        .append("Content-Disposition: form-data; name=\"").append(part.name()).append('"');
    if (part.file() != null) {
      return head.append("; filename=\"").append(part.file().getFileName()).append("\"\r\n")
          .append("Content-Type: ").append(part.contentType()).append("\r\n\r\n").toString();
    }
    return head.append("\r\n\r\n").append(part.value()).append("\r\n").toString();
  }

  private static String tail(String boundary) {
    return "--" + boundary + "--\r\n";
  }

  private HttpRequest.Builder request(Provider provider, String path, Duration timeout) {
    var builder = HttpRequest.newBuilder(URI.create(provider.baseUrl().replaceAll("/+$", "") + path))
        .timeout(timeout).header("Accept", "application/json");
    if (provider.apiKey() != null && !provider.apiKey().isBlank()) {
      builder.header("Authorization", "Bearer " + provider.apiKey());
    }
    return builder;
  }

  private JsonNode send(Provider provider, HttpRequest request) {
    HttpResponse<byte[]> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpConnectTimeoutException | ConnectException e) {
      throw fault(provider, ErrorCode.UPSTREAM_ERROR, "could not be reached", null);
    } catch (HttpTimeoutException e) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT,
          "The " + provider.name() + " provider did not answer in time; try again."));
    } catch (IOException e) {
      throw fault(provider, ErrorCode.UPSTREAM_ERROR, "broke off the connection", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw fault(provider, ErrorCode.UPSTREAM_ERROR, "call was interrupted", null);
    }
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      try {
        return json.readTree(response.body());
      } catch (IOException e) {
        throw fault(provider, ErrorCode.UPSTREAM_ERROR, "answered with something that is not JSON", status);
      }
    }
    var providerMessage = providerMessage(response.body());
    if (status == 401 || status == 403) {
      throw new ApiException(ApiError.of(ErrorCode.PROVIDER_AUTH_FAILED,
          "The " + provider.name() + " provider refused the configured credentials.")
          .with("upstreamStatus", status).withSetup("Check " + provider.keyVariable() + "."));
    }
    if (status == 402 || providerMessage.contains("insufficient_quota")) {
      throw new ApiException(ApiError.of(ErrorCode.PROVIDER_CREDITS_EXHAUSTED,
          "The " + provider.name() + " provider account has no credit left.")
          .with("upstreamStatus", status).withSetup("Top up the provider account behind " + provider.keyVariable()
              + "."));
    }
    throw fault(provider, ErrorCode.UPSTREAM_ERROR, "answered " + status
        + (providerMessage.isEmpty() ? "" : ": " + providerMessage), status);
  }

  private String providerMessage(byte[] body) {
    try {
      var node = json.readTree(body);
      var error = node.path("error");
      var message = error.isTextual() ? error.asText() : error.path("message").asText("");
      var code = error.path("code").asText("");
      var text = (code.isEmpty() ? "" : code + " ") + message;
      return text.length() > 300 ? text.substring(0, 300) : text.strip();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  private static ApiException fault(Provider provider, ErrorCode code, String what, Integer status) {
    return new ApiException(ApiError.of(code, "The " + provider.name() + " provider " + what + ".")
        .with("upstreamStatus", status));
  }

  private static InputStream bytes(String text) {
    return new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  private static long utf8Length(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static InputStream open(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The 503 every unconfigured provider answers with. */
  public static ApiException notConfigured(String what, String setup) {
    return new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, what + " is not configured on this server.")
        .withSetup(setup));
  }
}
