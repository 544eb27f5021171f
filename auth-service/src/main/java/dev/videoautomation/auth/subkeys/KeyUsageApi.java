package dev.videoautomation.auth.subkeys;

import java.util.Map;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The gateway's per-key daily counters (docs/internal-api.md §3.19.4). Use {@link Budgets}, not this. */
@RegisterRestClient(configKey = "gateway-client")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Path("/internal/usage/keys")
@Produces(MediaType.APPLICATION_JSON)
public interface KeyUsageApi {

  /** {@code keys}: key id → bucket → units taken today (UTC). */
  record Usage(String day, Map<String, Map<String, Integer>> keys) {
  }

  @GET
  @Path("{clientId}")
  Usage today(@PathParam("clientId") String clientId);
}
