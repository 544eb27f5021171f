package dev.videoautomation.billing.stripe;

import java.nio.charset.StandardCharsets;
import java.time.Clock;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.billing.provider.StripeApi;
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

  @RegisterForReflection
  @Schema(name = "StripeWebhookReceipt", description = "Stripe's event was taken; `duplicate` when it was applied "
      + "before (each event is applied once).")
  public record Receipt(@Schema(required = true, description = "Always true.") boolean received,
      @Schema(required = true) boolean duplicate) {
  }

  /** For the document only: the event is Stripe's format, taken as signed; this server reads `id` and `type`. */
  @Schema(name = "StripeEvent", type = SchemaType.OBJECT, additionalProperties = Schema.True.class,
      requiredProperties = {"id", "type"}, description = "A Stripe event (Stripe's format: "
          + "https://docs.stripe.com/api/events/object) with its string `id` (evt_…) and `type` (e.g. "
          + "checkout.session.completed), signed in the Stripe-Signature header.")
  static final class StripeEvent {
  }

  @POST
  @Consumes(MediaType.WILDCARD)
  @Operation(operationId = "receiveStripeWebhook", summary = "Stripe webhook endpoint")
  @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = StripeEvent.class)))
  @APIResponse(responseCode = "200", description = "Taken", content = @Content(mediaType = MediaType.APPLICATION_JSON,
      schema = @Schema(implementation = Receipt.class)))
  @APIResponse(responseCode = "400")
  @APIResponse(responseCode = "503")
  public Receipt receive(@HeaderParam("Stripe-Signature") String signature, @Parameter(hidden = true) byte[] body)
      throws JsonProcessingException {
    // The raw bytes, exactly as signed: a JSON reader would not give them back unchanged.
    var payload = body == null ? null : new String(body, StandardCharsets.UTF_8);
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
    return new Receipt(true, !applied);
  }
}
