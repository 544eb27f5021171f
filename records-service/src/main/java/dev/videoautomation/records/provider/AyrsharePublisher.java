package dev.videoautomation.records.provider;

import java.time.Duration;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderAnswer;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;
import dev.videoautomation.platform.providers.TransportFailure;
import dev.videoautomation.records.common.RecordsConfig;

/**
 * Publishes one video through Ayrshare ({@code POST {base-url}/api/post}, Bearer API key, optional
 * {@code Profile-Key} for a user profile of a business plan). Never retried: a post that may have gone out must not
 * go out twice. Its failures are not errors answered to an agent but a failed post's {@code errorCode}, so it judges
 * every answer itself. Without an API key nothing is sent and the post fails with {@code publisher_not_configured}.
 */
@ApplicationScoped
public class AyrsharePublisher {
  static final String NOT_CONFIGURED = "publisher_not_configured";
  static final String KEY_VARIABLE = "RECORDS_PUBLISHER_API_KEY";
  private static final Provider PROVIDER = Provider.of("publishing", KEY_VARIABLE, null);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(90);

  private final ProviderHttp http;
  private final ObjectMapper json;
  private final RecordsConfig.Publisher config;

  AyrsharePublisher(ProviderHttp http, ObjectMapper json, RecordsConfig config) {
    this.http = http;
    this.json = json;
    this.config = config.publisher();
  }

  public boolean configured() {
    return config.apiKey().filter(k -> !k.isBlank()).isPresent();
  }

  public static PublishOutcome notConfigured() {
    return PublishOutcome.failed(NOT_CONFIGURED, "No publishing provider is configured on this deployment, so the "
        + "post was not published. The operator must set RECORDS_PUBLISHER_API_KEY (an Ayrshare API key; optionally "
        + "RECORDS_PUBLISHER_PROFILE_KEY and RECORDS_PUBLISHER_BASE_URL); then schedule the post again.");
  }

  /** Posts {@code videoUrl} with {@code caption} to {@code network} ({@code tiktok} or {@code instagram}). */
  public PublishOutcome publish(String network, String caption, String videoUrl) {
    if (!configured()) {
      return notConfigured();
    }
    var body = new AyrshareBodies.Post(caption == null ? "" : caption, List.of(network), List.of(videoUrl), true);
    var request = ProviderRequest.post(ProviderRequest.url(config.baseUrl(), "/api/post"),
        ProviderBody.json(json, body)).bearer(config.apiKey().orElseThrow())
        .header("Profile-Key", config.profileKey().orElse(null)).connectTimeout(CONNECT_TIMEOUT)
        .timeout(ANSWER_TIMEOUT);
    try {
      var answer = http.exchange(PROVIDER, request);
      var result = read(answer);
      if (result == null && answer.succeeded()) {
        Log.warnf("Ayrshare answered %d with a body it does not document", answer.status());
        return unconfirmed();
      }
      return outcome(result, answer.status());
    } catch (TransportFailure e) {
      if (e.kind() == TransportFailure.Kind.UNREACHABLE) {
        return PublishOutcome.failed("publisher_unreachable", "Ayrshare could not be reached, so nothing was "
            + "posted; schedule the post again.");
      }
      Log.warnf("Ayrshare call broke off: %s", e.kind());
      return unconfirmed();
    }
  }

  private static PublishOutcome unconfirmed() {
    return PublishOutcome.failed("publish_unconfirmed", "Ayrshare did not answer in time; the post may or may not "
        + "have gone out. Check the account before scheduling it again.");
  }

  private static PublishOutcome outcome(AyrshareBodies.Result result, int httpStatus) {
    if (result != null && result.succeeded() && httpStatus < 300) {
      var first = result.postIds() == null || result.postIds().isEmpty() ? null : result.postIds().getFirst();
      return PublishOutcome.published(first != null && first.id() != null ? first.id() : result.id(),
          first == null ? null : first.postUrl());
    }
    var message = result == null || result.errors() == null || result.errors().isEmpty() ? null
        : result.errors().getFirst().message();
    var code = switch (httpStatus) {
      case 401, 403 -> "publisher_auth_failed";
      case 429 -> "publisher_rate_limited";
      default -> httpStatus >= 500 ? "publisher_error" : "publish_rejected";
    };
    return PublishOutcome.failed(code, "Ayrshare answered " + httpStatus
        + (message == null ? "." : ": " + message));
  }

  private AyrshareBodies.Result read(ProviderAnswer answer) {
    var node = answer.json();
    if (node == null || !node.isObject()) {
      return null;
    }
    try {
      return json.treeToValue(node, AyrshareBodies.Result.class);
    } catch (JsonProcessingException | IllegalArgumentException unreadable) {
      return null;
    }
  }
}
