package dev.videoautomation.platform.errors;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.lists.Tags.Tag;

/**
 * A test-only resource that raises each kind of failure the error mappers handle. It lives twice: once on a plain
 * path and once under {@code /v1/auth/agent}, where every answer is problem+json.
 */
@Path("/v1/probe")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ErrorProbeResource {
  static final String SECRET = "jdbc:postgresql://db.internal:5432/secret";

  public record Widget(@NotBlank String name, int count, List<@Valid Tag> tags) {
  }

  /** A free-form JSON document, as editor timelines and campaign configs are: Jackson reads it whole. */
  @POST
  @Path("/documents")
  public int document(com.fasterxml.jackson.databind.JsonNode body) {
    return body.size();
  }

  @POST
  @Path("/widgets")
  public Widget create(@NotNull @Valid Widget body) {
    return body;
  }

  @GET
  @Path("/rate-limited")
  public String rateLimited() {
    throw new ApiException(ApiError.of(ErrorCode.RATE_LIMITED, "The daily limit of watch is used up.")
        .with("limit", 50).with("retryAfter", 3600));
  }

  @GET
  @Path("/provider")
  public String provider() {
    throw new ApiException(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, "No scrape provider is configured.")
        .withSetup("Set SCRAPE_PROVIDER_KEY and restart scrape-service."));
  }

  @GET
  @Path("/boom")
  public String boom() {
    throw new IllegalStateException("Connection refused to " + SECRET);
  }

  @GET
  @Path("/list")
  public int list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
    return PageRequest.of(limit, cursor).limit();
  }

  /** The same probes where problem details apply. */
  @Path("/v1/auth/agent/probe")
  @Produces(MediaType.APPLICATION_JSON)
  @Consumes(MediaType.APPLICATION_JSON)
  public static class AgentFamily extends ErrorProbeResource {
  }
}
