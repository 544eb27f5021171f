package dev.videoautomation.records.posts;

import java.io.IOException;
import java.net.ConnectException;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;

import org.eclipse.microprofile.rest.client.inject.RestClient;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.records.common.RecordsConfig;

/**
 * Publishes one video through Ayrshare. Never retried: a post that may have gone out must not go out twice. Without
 * an API key nothing is sent and the post fails with {@code publisher_not_configured}.
 */
@ApplicationScoped
public class AyrsharePublisher {
  static final String NOT_CONFIGURED = "publisher_not_configured";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final AyrshareApi ayrshare;
  private final RecordsConfig.Publisher config;

  AyrsharePublisher(@RestClient AyrshareApi ayrshare, RecordsConfig config) {
    this.ayrshare = ayrshare;
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
    try {
      var result = ayrshare.post("Bearer " + config.apiKey().orElseThrow(), config.profileKey().orElse(null), body);
      return outcome(result, 200);
    } catch (WebApplicationException e) {
      return outcome(read(e), e.getResponse().getStatus());
    } catch (ProcessingException e) {
      if (causedBy(e, ConnectException.class)) {
        return PublishOutcome.failed("publisher_unreachable", "Ayrshare could not be reached, so nothing was "
            + "posted; schedule the post again.");
      }
      Log.warnf("Ayrshare call broke off: %s", e.getMessage());
      return PublishOutcome.failed("publish_unconfirmed", "Ayrshare did not answer in time; the post may or may not "
          + "have gone out. Check the account before scheduling it again.");
    }
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

  private static AyrshareBodies.Result read(WebApplicationException e) {
    try {
      return JSON.readValue(e.getResponse().readEntity(String.class), AyrshareBodies.Result.class);
    } catch (IOException | RuntimeException unreadable) {
      return null;
    }
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (var cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (type.isInstance(cause)) {
        return true;
      }
    }
    return false;
  }
}
