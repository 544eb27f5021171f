package dev.videoautomation.scrape.provider;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** What each provider failure becomes for the caller; every body carries {@code setup}. */
final class ProviderErrors {
  static final String KEY_VARIABLE = "SCRAPE_PROVIDER_API_KEY";
  private static final int MAX_UPSTREAM_MESSAGE = 200;

  private ProviderErrors() {
  }

  static ApiException notConfigured() {
    return new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED,
        "The scraping provider is not configured on this server.")
        .withSetup("Operator: set " + KEY_VARIABLE + " to a ScrapeCreators API key (https://scrapecreators.com) "
            + "and restart scrape-service; SCRAPE_PROVIDER_BASE_URL points it elsewhere if needed."));
  }

  /**
   * The error for a non-2xx answer. A 404 counts as "nothing there" only when it carries the provider's JSON error
   * body; a bare 404 (HTML, empty) means the base URL or route points somewhere else, so it is an upstream error
   * and never read as "this account or post does not exist".
   */
  static ApiException forStatus(int status, JsonNode body, String route) {
    var said = upstreamMessage(body);
    return switch (status) {
      case 404 -> body != null && body.isObject()
          ? new ApiException(ApiError.of(ErrorCode.NOT_FOUND, "The provider found nothing for this request" + said)
              .withSetup("Check the handle or URL (a public account or post of this platform) and try again."))
          : misrouted(route);
      case 401, 403 -> new ApiException(ApiError.of(ErrorCode.PROVIDER_AUTH_FAILED,
          "The scraping provider refused this server's API key.").with("upstreamStatus", status)
          .withSetup("Operator: set a valid ScrapeCreators key in " + KEY_VARIABLE + " and restart scrape-service; "
              + "retrying will not help until then."));
      case 402 -> new ApiException(ApiError.of(ErrorCode.PROVIDER_CREDITS_EXHAUSTED,
          "The server's account at the scraping provider has run out of credits.").with("upstreamStatus", status)
          .withSetup("Operator: top up the ScrapeCreators account whose key is in " + KEY_VARIABLE
              + "; retrying will not help until then."));
      case 429 -> new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
          "The scraping provider is rate limiting this server.").with("upstreamStatus", status)
          .withSetup("Retry in a minute, with backoff."));
      default -> status >= 500
          ? new ProviderUnavailable(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider failed (HTTP "
              + status + ")" + said).with("upstreamStatus", status).withSetup("Retry later, with backoff."))
          : new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider refused the request (HTTP "
              + status + ")" + said).with("upstreamStatus", status)
              .withSetup("Check the handle, URL or query you sent; if they are right, retry later."));
    };
  }

  static ApiException misrouted(String route) {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
        "The scraping provider answered 404 without its error body, so this route looks misconfigured.")
        .with("upstreamStatus", 404)
        .withSetup("Operator: check SCRAPE_PROVIDER_BASE_URL and the path of scrape.routes.\"" + route + "\"."));
  }

  static ApiException unreadable(String route) {
    return new ProviderUnavailable(ApiError.of(ErrorCode.UPSTREAM_ERROR,
        "The scraping provider answered with something that is not JSON.")
        .withSetup("Retry later; if it persists, the operator should check SCRAPE_PROVIDER_BASE_URL and the path of "
            + "scrape.routes.\"" + route + "\"."));
  }

  static ProviderUnavailable unreachable() {
    return new ProviderUnavailable(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider could not be reached.")
        .withSetup("Retry later, with backoff."));
  }

  static ProviderTimedOut timedOut(Duration timeout) {
    return new ProviderTimedOut(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT,
        "The scraping provider did not answer within " + timeout.toSeconds() + " s.")
        .withSetup("Retry later; transcripts and large pages can take the provider longer at busy times."));
  }

  static ApiException paused() {
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR,
        "The scraping provider is failing; calls to it are paused for a few seconds.")
        .withSetup("Retry in a few seconds, with backoff."));
  }

  private static String upstreamMessage(JsonNode body) {
    if (body == null || !body.isObject()) {
      return ".";
    }
    var text = body.path("message").asText(body.path("error").asText(""));
    if (text.isBlank()) {
      return ".";
    }
    var trimmed = text.length() > MAX_UPSTREAM_MESSAGE ? text.substring(0, MAX_UPSTREAM_MESSAGE) + "…" : text;
    return ": " + trimmed.strip() + (trimmed.endsWith(".") ? "" : ".");
  }
}
