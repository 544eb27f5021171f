package dev.videoautomation.platform.calls;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Billing-service's credit endpoints (docs/internal-api.md §3.4). Use {@link CreditsCalls}, not this. */
@RegisterRestClient(configKey = "billing-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface BillingApi {

  @POST
  @Path("credits/charge")
  Credits.Charged charge(Credits.Charge request);

  @POST
  @Path("credits/quote")
  Credits.Quote quote(Credits.QuoteRequest request);

  @POST
  @Path("credits/refund")
  Credits.Refunded refund(Credits.Refund request);

  @GET
  @Path("prices")
  PriceList prices();
}
