package dev.videoautomation.platform.providers;

import dev.videoautomation.platform.errors.ApiException;

/**
 * What a provider's failures become for the caller. The standard rules: 401/403 {@code provider_auth_failed};
 * 402, or a body that speaks of an exhausted balance or quota, {@code provider_credits_exhausted}; any other non-2xx
 * {@code upstream_error} with {@code upstreamStatus}; too slow {@code upstream_timeout}; unreachable or broken off
 * {@code upstream_error}. An adapter overrides only the step that differs for its provider (Stripe's 402 is a declined
 * request; the scraping provider's 404 with its JSON body means "nothing there").
 */
public interface ProviderFailures {
  /** Every rule as the suite answers it by default. */
  ProviderFailures STANDARD = new ProviderFailures() {
  };

  /** A non-2xx answer: the provider's account first (credentials, credit), then {@link #failed}. */
  default ApiException status(Provider provider, ProviderAnswer answer) {
    int status = answer.status();
    if (status == 401 || status == 403) {
      return ProviderErrors.authFailed(provider, status);
    }
    if (status == 402 || answer.mentionsExhaustedBalance()) {
      return ProviderErrors.creditsExhausted(provider, status);
    }
    return failed(provider, answer);
  }

  /** A non-2xx answer that is not about the provider's account. */
  default ApiException failed(Provider provider, ProviderAnswer answer) {
    return ProviderErrors.failed(provider, answer.status(), answer.detail());
  }

  /** No answer came: nothing reached the provider, it was too slow, or it broke off. */
  default ApiException transport(Provider provider, TransportFailure.Kind kind) {
    return ProviderErrors.transport(provider, kind);
  }

  /** A 2xx answer that is not JSON. */
  default ApiException unreadable(Provider provider, int status) {
    return ProviderErrors.unreadable(provider, status);
  }
}
