package dev.videoautomation.records.posts;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * Ayrshare's post endpoint ({@code POST /api/post}, Bearer API key, optional {@code Profile-Key} for a user profile
 * of a business plan). No internal token: this is an outside provider. Use {@link AyrsharePublisher}.
 */
@RegisterRestClient(configKey = "ayrshare")
@Path("/api")
interface AyrshareApi {

  @POST
  @Path("post")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  AyrshareBodies.Result post(@HeaderParam("Authorization") String authorization,
      @HeaderParam("Profile-Key") String profileKey, AyrshareBodies.Post body);
}
