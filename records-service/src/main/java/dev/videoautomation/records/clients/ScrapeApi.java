package dev.videoautomation.records.clients;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Scrape-service's account lookup (docs/internal-api.md §3.9). Use {@link ScrapeCalls}. */
@RegisterRestClient(configKey = "scrape-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal/lookup")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
interface ScrapeApi {

  @POST
  @Path("account")
  AccountLookup account(AccountLookup.Query query);
}
