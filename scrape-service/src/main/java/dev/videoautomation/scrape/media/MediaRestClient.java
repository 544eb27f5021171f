package dev.videoautomation.scrape.media;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Media-service's {@code POST /internal/staging/url} (docs/internal-api.md §3.6); not idempotent, never retried. */
@RegisterRestClient(configKey = "media-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal/staging")
interface MediaRestClient {

  @POST
  @Path("url")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  StagedFile stageUrl(StageUrlRequest request);
}
