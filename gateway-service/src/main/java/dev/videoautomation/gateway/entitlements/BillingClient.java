package dev.videoautomation.gateway.entitlements;

import java.time.temporal.ChronoUnit;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import io.smallrye.mutiny.Uni;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/**
 * Billing's entitlement check (docs/internal-api.md §3.3) and a client's credit balance, which a dry run's answer
 * shows when its owner charges nothing (§3.4.3, §3.19.3).
 */
@RegisterRestClient(configKey = "billing-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal")
public interface BillingClient {

  @GET
  @Path("/entitlements/{clientId}")
  @Timeout(value = 1, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, abortOn = jakarta.ws.rs.WebApplicationException.class)
  Uni<Entitlement> entitlement(@PathParam("clientId") String clientId);

  @GET
  @Path("/credits/balance/{clientId}")
  @Timeout(value = 2, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, jitter = 50, abortOn = jakarta.ws.rs.WebApplicationException.class)
  Uni<CreditBalance> balance(@PathParam("clientId") String clientId);
}
