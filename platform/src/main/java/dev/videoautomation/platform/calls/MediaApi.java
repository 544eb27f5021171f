package dev.videoautomation.platform.calls;

import java.io.File;
import java.io.InputStream;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import dev.videoautomation.platform.token.InternalTokenHeadersFactory;

/** Media-service's internal endpoints (docs/internal-api.md §3.6–3.8). Use {@link MediaCalls}, not this. */
@RegisterRestClient(configKey = "media-client")
@RegisterClientHeaders(InternalTokenHeadersFactory.class)
@Path("/internal")
public interface MediaApi {

  @POST
  @Path("staging/url")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  StagedMedia stageUrl(StageUrl request);

  @POST
  @Path("staging/stream")
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  StagedMedia stageFile(File body, @HeaderParam("Content-Type") String contentType,
      @QueryParam("clientId") String clientId, @QueryParam("purpose") String purpose,
      @QueryParam("filename") String filename);

  @GET
  @Path("media/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  StoredMedia find(@PathParam("id") String id);

  @GET
  @Path("media")
  @Produces(MediaType.APPLICATION_JSON)
  StoredMedia findByUrl(@QueryParam("url") String url);

  /**
   * A stored object's bytes. The REST client hands an {@code InputStream} over as the body arrives (it does not
   * buffer it), so a large object never sits in memory.
   */
  @GET
  @Path("media/{id}/content")
  @Produces(MediaType.WILDCARD)
  InputStream content(@PathParam("id") String id);
}
