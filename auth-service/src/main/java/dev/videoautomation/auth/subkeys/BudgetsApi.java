package dev.videoautomation.auth.subkeys;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** Billing's per-key budgets (docs/internal-api.md §3.19.2). Use {@link Budgets}, not this. */
@RegisterRestClient(configKey = "billing-client")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Path("/internal/budgets")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public interface BudgetsApi {

  /** {@code creditBudget} null removes the budget. */
  record Change(String clientId, Integer creditBudget) {
  }

  record Budget(String keyId, String clientId, Integer creditBudget, Integer creditsSpent) {
  }

  record Listed(String keyId, Integer creditBudget, Integer creditsSpent) {
  }

  record Listing(List<Listed> data) {
  }

  @PUT
  @Path("{keyId}")
  Budget put(@PathParam("keyId") String keyId, Change change);

  @GET
  Listing list(@QueryParam("clientId") String clientId);
}
