package dev.videoautomation.billing.provider;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderAnswer;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderErrors;
import dev.videoautomation.platform.providers.ProviderFailures;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;

/**
 * Stripe's REST API, called directly (form-encoded requests, JSON answers): it is two calls, and the REST API keeps
 * the native image free of the SDK's reflection. The base URL comes from config, so tests use a simulator.
 */
@ApplicationScoped
public class StripeApi {
  public static final String SETUP = "Set BILLING_STRIPE_SECRET_KEY (sk_...), BILLING_STRIPE_PRICE_ID (a recurring $99/month "
      + "price_...) and BILLING_STRIPE_WEBHOOK_SECRET (whsec_..., the webhook endpoint " + "/v1/billing/webhooks/stripe"
      + " with checkout.session.completed, invoice.paid, invoice.payment_failed, customer.subscription.deleted), "
      + "then restart billing-service.";
  /**
   * The Stripe API version every call is made with, so that an account's default version (which an operator can
   * move on in the Dashboard) never changes what is sent or read. The current version as docs.stripe.com/api-versions
   * states it; moving it on means reading that version's changelog for Checkout Sessions first.
   */
  static final String API_VERSION = "2026-09-30.endive";
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(20);
  /**
   * Stripe as this server calls it. A 402 from Stripe is a declined request (a card error), not this server's
   * account running dry, so it stays {@code upstream_error} like every other refusal.
   */
  static final Provider PROVIDER = Provider.of("Stripe payment", "BILLING_STRIPE_SECRET_KEY", SETUP)
      .withFailures(new ProviderFailures() {
        @Override
        public ApiException status(Provider provider, ProviderAnswer answer) {
          int status = answer.status();
          return status == 401 || status == 403 ? ProviderErrors.authFailed(provider, status)
              : failed(provider, answer);
        }

        @Override
        public ApiException failed(Provider provider, ProviderAnswer answer) {
          return new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "Stripe could not start the checkout; retry "
              + "shortly.").with("upstreamStatus", answer.status()));
        }
      });

  private final BillingConfig.Stripe config;
  private final ProviderHttp http;

  StripeApi(BillingConfig config, ProviderHttp http) {
    this.config = config.stripe();
    this.http = http;
  }

  /** A hosted Checkout Session: its id, URL and expiry (epoch seconds). */
  public record HostedSession(String id, String url, long expiresAt) {
  }

  public void requireConfigured() {
    if (config.secretKey().filter(k -> !k.isBlank()).isEmpty() || config.priceId().filter(p -> !p.isBlank())
        .isEmpty()) {
      throw ProviderErrors.notConfigured("Stripe checkout", SETUP);
    }
  }

  /** Creates a Checkout Session in subscription mode for our session {@code sessionId}. */
  public HostedSession createCheckout(String sessionId, String email, String successUrl, String cancelUrl) {
    requireConfigured();
    var form = new LinkedHashMap<String, String>();
    form.put("mode", "subscription");
    form.put("line_items[0][price]", config.priceId().orElseThrow());
    form.put("line_items[0][quantity]", "1");
    form.put("client_reference_id", sessionId);
    form.put("success_url", successUrl);
    form.put("cancel_url", cancelUrl);
    form.put("metadata[session_id]", sessionId);
    form.put("subscription_data[metadata][session_id]", sessionId);
    if (email != null) {
      form.put("customer_email", email);
    }
    var answer = post("/v1/checkout/sessions", form, sessionId);
    return new HostedSession(answer.path("id").asText(), answer.path("url").asText(), answer.path("expires_at")
        .asLong());
  }

  private JsonNode post(String path, Map<String, String> form, String idempotencyKey) {
    var request = ProviderRequest.post(ProviderRequest.url(config.apiBase(), path), ProviderBody.form(form))
        .bearer(config.secretKey().orElseThrow()).header("Stripe-Version", API_VERSION)
        .header("Idempotency-Key", idempotencyKey).connectTimeout(CONNECT_TIMEOUT).timeout(ANSWER_TIMEOUT);
    return http.json(PROVIDER, request);
  }
}
