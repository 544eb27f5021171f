package dev.videoautomation.clone.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * JSON calls to providers configured by the operator (the generation queue, the vision model), with their failures
 * turned into the suite's typed errors: 401/403 {@code provider_auth_failed}, 402 or an exhausted balance
 * {@code provider_credits_exhausted}, other non-2xx {@code upstream_error} (with {@code upstreamStatus}), too slow
 * {@code upstream_timeout}. Base URLs are configuration, not caller input, so the URL guard does not apply.
 */
@ApplicationScoped
public class ProviderHttp {
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();
  private final ObjectMapper json;

  public ProviderHttp(ObjectMapper json) {
    this.json = json;
  }

  /** Who is called: for messages, and the variable an operator sets to fix credentials. */
  public record Provider(String name, String authHeader, String keyVariable) {
  }

  /**
   * A file sent inside a JSON body as a data URI ({@code data:<contentType>;base64,…}) where the provider takes a
   * URL: a value of the body given to {@link #send}, streamed from disk when the body is sent.
   */
  public record InlineFile(Path file, String contentType) {
  }

  /**
   * Sends {@code body} (maps, lists and values, {@link InlineFile}s among them) as JSON, always with
   * {@code Content-Length}; answers the provider's JSON.
   */
  public JsonNode send(Provider provider, String method, String url, Object body, Duration timeout) {
    var builder = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).header("Accept", "application/json");
    if (provider.authHeader() != null) {
      builder.header("Authorization", provider.authHeader());
    }
    try {
      if (body != null) {
        builder.header("Content-Type", "application/json").method(method, JsonBody.of(json, body));
      } else {
        builder.method(method, HttpRequest.BodyPublishers.noBody());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write a provider request body", e);
    }
    return answer(provider, call(provider, builder.build()));
  }

  private HttpResponse<byte[]> call(Provider provider, HttpRequest request) {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpConnectTimeoutException | ConnectException e) {
      throw fault(provider, "could not be reached", null);
    } catch (HttpTimeoutException e) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT,
          "The " + provider.name() + " provider did not answer in time; try again later."));
    } catch (IOException e) {
      throw fault(provider, "broke off the connection", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw fault(provider, "call was interrupted", null);
    }
  }

  private JsonNode answer(Provider provider, HttpResponse<byte[]> response) {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      try {
        return response.body().length == 0 ? json.createObjectNode() : json.readTree(response.body());
      } catch (IOException e) {
        throw fault(provider, "answered with something that is not JSON", status);
      }
    }
    var detail = providerMessage(response.body());
    if (status == 401 || status == 403) {
      throw new ApiException(ApiError.of(ErrorCode.PROVIDER_AUTH_FAILED,
          "The " + provider.name() + " provider refused this server's credentials.")
          .with("upstreamStatus", status).withSetup("Check " + provider.keyVariable() + "."));
    }
    var lower = detail.toLowerCase(java.util.Locale.ROOT);
    if (status == 402 || lower.contains("insufficient_quota") || lower.contains("exhausted balance")
        || lower.contains("insufficient balance")) {
      throw new ApiException(ApiError.of(ErrorCode.PROVIDER_CREDITS_EXHAUSTED,
          "The " + provider.name() + " provider account has no credit left.")
          .with("upstreamStatus", status)
          .withSetup("Top up the provider account behind " + provider.keyVariable() + "."));
    }
    throw fault(provider, "answered " + status + (detail.isEmpty() ? "" : ": " + detail), status);
  }

  /** The provider's own words about a failure (fal's {@code detail}, OpenAI's {@code error.message}), shortened. */
  private String providerMessage(byte[] body) {
    try {
      var node = json.readTree(body);
      String text;
      if (node.path("detail").isTextual()) {
        text = node.path("detail").asText();
      } else if (node.path("detail").isArray()) {
        text = node.path("detail").path(0).path("msg").asText("");
      } else {
        var error = node.path("error");
        text = error.isTextual() ? error.asText() : error.path("message").asText("");
      }
      return text.length() > 300 ? text.substring(0, 300) : text.strip();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  private static ApiException fault(Provider provider, String what, Integer status) {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The " + provider.name() + " provider " + what + ".")
        .with("upstreamStatus", status));
  }

  /** The 503 an unconfigured provider answers with. */
  public static ApiException notConfigured(String what, String setup) {
    return new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, what + " is not configured on this server.")
        .withSetup(setup));
  }
}
