package dev.videoautomation.scrape.lookup;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Scrape's internal lookups (docs/internal-api.md §3.9–3.10), for records and clone: safe, retriable, unmetered,
 * served from the short cache. No clientId is involved, so any verified subject may call.
 */
@Path("/internal/lookup")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class LookupResource {
  private final AccountLookup accounts;
  private final VideoResolver videos;
  private final CurrentCaller caller;

  public LookupResource(AccountLookup accounts, VideoResolver videos, CurrentCaller caller) {
    this.accounts = accounts;
    this.videos = videos;
    this.caller = caller;
  }

  @RegisterForReflection
  public record AccountQuery(String platform, String handle) {
  }

  @RegisterForReflection
  public record VideoQuery(String platform, String url) {
  }

  @Operation(hidden = true)
  @POST
  @Path("account")
  public AccountFound account(AccountQuery query) {
    caller.require();
    if (query == null) {
      throw ApiException.invalidField("handle", "is required");
    }
    return accounts.lookup(query.platform(), query.handle());
  }

  @Operation(hidden = true)
  @POST
  @Path("video")
  public VideoFile video(VideoQuery query) {
    caller.require();
    if (query == null) {
      throw ApiException.invalidField("url", "is required");
    }
    return videos.resolve(query.platform(), query.url());
  }
}
