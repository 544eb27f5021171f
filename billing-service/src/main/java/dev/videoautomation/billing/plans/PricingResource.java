package dev.videoautomation.billing.plans;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /v1/pricing} (public): the plans with their price and the daily limits the gateway enforces, and what
 * each credit-charging operation costs. Rendered from the same rows as {@code /internal/prices}, the gateway's
 * source for limits, so the two can never disagree.
 */
@Path("/v1/pricing")
@Tag(name = "Billing")
public class PricingResource {
  private final PriceList prices;

  PricingResource(PriceList prices) {
    this.prices = prices;
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(operationId = "getPricing", summary = "Plans, daily limits and credit costs")
  @APIResponse(responseCode = "200", description = "The price list", content = @Content(
      mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PricingDocument.class)))
  public PricingDocument pricing() {
    return PricingDocument.of(prices.current());
  }
}
