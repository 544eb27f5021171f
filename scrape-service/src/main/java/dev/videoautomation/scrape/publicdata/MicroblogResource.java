package dev.videoautomation.scrape.publicdata;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.extensions.Extension;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.platform.openapi.SharedAnswers;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.scrape.openapi.ScrapeAnswers;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.HandleCursorTrimMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.HandleMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlOnly;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlTrimMedia;

/** The microblog platform (X/Twitter through the provider). Prose and examples: META-INF/openapi.yaml. */
@Path("/v1/scrape/microblog")
@Tag(name = "Scrape")
@Extension(name = SharedAnswers.ANSWERS, value = ScrapeAnswers.SCRAPE)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class MicroblogResource {
  private final ScrapeService scrape;

  MicroblogResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("profile")
  @Operation(operationId = "scrapeMicroblogProfile", summary = "A microblog profile")
  @APIResponse(responseCode = "200", description = "The provider's profile data")
  public ScrapeResult profile(@Valid @NotNull HandleMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_MICROBLOG_PROFILE, body);
  }

  @POST
  @Path("user-tweets")
  @Operation(operationId = "scrapeMicroblogUserTweets", summary = "A microblog user's tweets")
  @APIResponse(responseCode = "200", description = "Tweets")
  public ScrapeResult userTweets(@Valid @NotNull HandleCursorTrimMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_MICROBLOG_USER_TWEETS, body);
  }

  @POST
  @Path("tweet")
  @Operation(operationId = "scrapeMicroblogTweet", summary = "A tweet")
  @APIResponse(responseCode = "200", description = "The tweet")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult tweet(@Valid @NotNull UrlTrimMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_MICROBLOG_TWEET, body);
  }

  @POST
  @Path("tweet/transcript")
  @Operation(operationId = "scrapeMicroblogTweetTranscript", summary = "A video tweet's transcript")
  @APIResponse(responseCode = "200", description = "The transcript")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult transcript(@Valid @NotNull UrlOnly body) {
    return scrape.run(SpendingOperation.SCRAPE_MICROBLOG_TWEET_TRANSCRIPT, body);
  }
}
