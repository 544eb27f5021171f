package dev.videoautomation.billing.stripe;

import java.time.Clock;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** {@code POST /v1/billing/webhooks/stripe}: Stripe's signed events (public; the signature is the lock). */
@Path("/v1/billing/webhooks/stripe")
@Tag(name = "Billing")
@Produces(MediaType.APPLICATION_JSON)
public class StripeWebhookResource {
  private final StripeWebhooks webhooks;
  private final BillingConfig.Stripe config;
  private final ObjectMapper json;

  StripeWebhookResource(StripeWebhooks webhooks, BillingConfig config, ObjectMapper json) {
    this.webhooks = webhooks;
    this.config = config.stripe();
    this.json = json;
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Operation(summary = "Stripe webhook endpoint", description = "For Stripe only: events signed with the endpoint "
      + "secret (Stripe-Signature, 300 s tolerance). Handles checkout.session.completed, invoice.paid, "
      + "invoice.payment_failed and customer.subscription.deleted; each event is applied once.")
  public Map<String, Object> receive(@HeaderParam("Stripe-Signature") String signature, byte[] body)
      throws JsonProcessingException {
    // The raw bytes, exactly as signed: a JSON reader would not give them back unchanged.
    var payload = body == null ? null : new String(body, java.nio.charset.StandardCharsets.UTF_8);
    var secret = config.webhookSecret().filter(s -> !s.isBlank()).orElseThrow(() -> new ApiException(ApiError.of(
        ErrorCode.PROVIDER_NOT_CONFIGURED, "Stripe webhooks are not set up on this server.")
        .withSetup(StripeApi.SETUP)));
    if (payload == null || !WebhookSignatures.valid(signature, payload, secret, config.tolerance(),
        Clock.systemUTC())) {
      throw ApiException.invalidField("Stripe-Signature", "does not sign this payload with this endpoint's secret "
          + "within " + config.tolerance().toSeconds() + " s");
    }
    var event = json.readTree(payload);
    if (!event.path("id").isTextual() || !event.path("type").isTextual()) {
      throw ApiException.invalidField("body", "is not a Stripe event");
    }
    var applied = webhooks.apply(event);
    return Map.of("received", true, "duplicate", !applied);
  }
}
