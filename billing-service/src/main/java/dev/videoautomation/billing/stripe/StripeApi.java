package dev.videoautomation.billing.stripe;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Stripe's REST API, called directly (form-encoded requests, JSON answers): it is two calls, and the REST API keeps
 * the native image free of the SDK's reflection. The base URL comes from config, so tests use a simulator.
 */
@ApplicationScoped
public class StripeApi {
  static final String SETUP = "Set BILLING_STRIPE_SECRET_KEY (sk_...), BILLING_STRIPE_PRICE_ID (a recurring $99/month "
      + "price_...) and BILLING_STRIPE_WEBHOOK_SECRET (whsec_..., the webhook endpoint " + "/v1/billing/webhooks/stripe"
      + " with checkout.session.completed, invoice.paid, invoice.payment_failed, customer.subscription.deleted), "
      + "then restart billing-service.";
  /**
   * The Stripe API version every call is made with, so that an account's default version (which an operator can
   * move on in the Dashboard) never changes what is sent or read. The current version as docs.stripe.com/api-versions
   * states it; moving it on means reading that version's changelog for Checkout Sessions first.
   */
  static final String API_VERSION = "2026-09-30.endive";

  private final BillingConfig.Stripe config;
  private final ObjectMapper json;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  StripeApi(BillingConfig config, ObjectMapper json) {
    this.config = config.stripe();
    this.json = json;
  }

  /** A hosted Checkout Session: its id, URL and expiry (epoch seconds). */
  public record HostedSession(String id, String url, long expiresAt) {
  }

  public void requireConfigured() {
    if (config.secretKey().filter(k -> !k.isBlank()).isEmpty() || config.priceId().filter(p -> !p.isBlank())
        .isEmpty()) {
      throw new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, "Payments through Stripe are not set "
          + "up on this server.").withSetup(SETUP));
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
    var body = form.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
        .collect(Collectors.joining("&"));
    var request = HttpRequest.newBuilder(URI.create(config.apiBase().replaceAll("/+$", "") + path))
        .timeout(Duration.ofSeconds(20))
        .header("Authorization", "Bearer " + config.secretKey().orElseThrow())
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Stripe-Version", API_VERSION)
        .header("Idempotency-Key", idempotencyKey)
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    try {
      var response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() == 401) {
        throw new ApiException(ApiError.of(ErrorCode.PROVIDER_AUTH_FAILED, "Stripe refused this server's API key.")
            .withSetup(SETUP));
      }
      if (response.statusCode() >= 300) {
        Log.warnf("Stripe answered %d to %s", response.statusCode(), path);
        throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "Stripe could not start the checkout; retry "
            + "shortly.").with("upstreamStatus", response.statusCode()));
      }
      return json.readTree(response.body());
    } catch (IOException e) {
      throw new ApiException(ErrorCode.UPSTREAM_ERROR, "Stripe could not be reached; retry shortly.");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException(ErrorCode.UPSTREAM_TIMEOUT, "Stripe did not answer in time.");
    }
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
