package dev.videoautomation.scrape.provider;

import java.time.Duration;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderAnswer;
import dev.videoautomation.platform.providers.ProviderFailures;
import dev.videoautomation.platform.providers.TransportFailure;

/**
 * Where the scraping provider's failures differ from the suite's standard ones, for one call of {@code route}: a 404
 * with its JSON body means "nothing there"; failures worth a retry (5xx, no connection, an answer that is not JSON)
 * are {@link ProviderUnavailable} and a slow answer {@link ProviderTimedOut}, so that the client's retry and breaker
 * can tell them apart; every body carries {@code setup}.
 */
final class ScrapeFailures implements ProviderFailures {
  static final String KEY_VARIABLE = "SCRAPE_PROVIDER_API_KEY";
  static final Provider PROVIDER = Provider.of("scraping", KEY_VARIABLE, "Operator: set " + KEY_VARIABLE + " to a "
      + "ScrapeCreators API key (https://scrapecreators.com) and restart scrape-service; SCRAPE_PROVIDER_BASE_URL "
      + "points it elsewhere if needed.");

  private final String route;
  private final Duration timeout;

  ScrapeFailures(String route, Duration timeout) {
    this.route = route;
    this.timeout = timeout;
  }

  /** The provider as one call of {@code route} sees it. */
  static Provider provider(String route, Duration timeout) {
    return PROVIDER.withFailures(new ScrapeFailures(route, timeout));
  }

  /**
   * A 404 counts as "nothing there" only when it carries the provider's JSON error body; a bare 404 (HTML, empty)
   * means the base URL or route points somewhere else, so it is an upstream error and never read as "this account or
   * post does not exist".
   */
  @Override
  public ApiException status(Provider provider, ProviderAnswer answer) {
    if (answer.status() != 404) {
      return ProviderFailures.super.status(provider, answer);
    }
    var body = answer.json();
    return body != null && body.isObject()
        ? new ApiException(ApiError.of(ErrorCode.NOT_FOUND, "The provider found nothing for this request"
            + said(answer)).withSetup("Check the handle or URL (a public account or post of this platform) and try "
            + "again."))
        : new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider answered 404 without its "
            + "error body, so this route looks misconfigured.").with("upstreamStatus", 404)
            .withSetup("Operator: check SCRAPE_PROVIDER_BASE_URL and the path of scrape.routes.\"" + route + "\"."));
  }

  @Override
  public ApiException failed(Provider provider, ProviderAnswer answer) {
    int status = answer.status();
    if (status == 429) {
      return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider is rate limiting this "
          + "server.").with("upstreamStatus", status).withSetup("Retry in a minute, with backoff."));
    }
    if (status >= 500) {
      return new ProviderUnavailable(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider failed (HTTP "
          + status + ")" + said(answer)).with("upstreamStatus", status).withSetup("Retry later, with backoff."));
    }
    return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider refused the request (HTTP "
        + status + ")" + said(answer)).with("upstreamStatus", status)
        .withSetup("Check the handle, URL or query you sent; if they are right, retry later."));
  }

  @Override
  public ApiException transport(Provider provider, TransportFailure.Kind kind) {
    if (kind == TransportFailure.Kind.TIMED_OUT) {
      return timedOut(timeout);
    }
    return new ProviderUnavailable(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The scraping provider could not be "
        + "reached.").withSetup("Retry later, with backoff."));
  }

  @Override
  public ApiException unreadable(Provider provider, int status) {
    return new ProviderUnavailable(ApiError.of(ErrorCode.UPSTREAM_ERROR,
        "The scraping provider answered with something that is not JSON.")
        .withSetup("Retry later; if it persists, the operator should check SCRAPE_PROVIDER_BASE_URL and the path of "
            + "scrape.routes.\"" + route + "\"."));
  }

  static ProviderTimedOut timedOut(Duration timeout) {
    return new ProviderTimedOut(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT,
        "The scraping provider did not answer within " + timeout.toSeconds() + " s.")
        .withSetup("Retry later; transcripts and large pages can take the provider longer at busy times."));
  }

  private static String said(ProviderAnswer answer) {
    var text = answer.detail();
    return text.isEmpty() ? "." : ": " + text + (text.endsWith(".") ? "" : ".");
  }
}
