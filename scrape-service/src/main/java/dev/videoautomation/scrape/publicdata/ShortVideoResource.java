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
import dev.videoautomation.scrape.publicdata.ScrapeBodies.CountryMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.HandleCursorMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.HandleTrimMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.QueryCursor;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlCursor;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlOnly;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlTrimMedia;

/** The short-video platform (TikTok through the provider). Prose and examples: META-INF/openapi.yaml. */
@Path("/v1/scrape/shortvideo")
@Tag(name = "Scrape")
@Extension(name = SharedAnswers.ANSWERS, value = ScrapeAnswers.SCRAPE)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class ShortVideoResource {
  private final ScrapeService scrape;

  ShortVideoResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("profile")
  @Operation(operationId = "scrapeShortvideoProfile", summary = "A short-video profile")
  @APIResponse(responseCode = "200", description = "The provider's profile data")
  public ScrapeResult profile(@Valid @NotNull HandleTrimMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_PROFILE, body);
  }

  @POST
  @Path("profile/videos")
  @Operation(operationId = "scrapeShortvideoProfileVideos", summary = "A short-video profile's videos")
  @APIResponse(responseCode = "200", description = "A page of videos, staged")
  public ScrapeResult profileVideos(@Valid @NotNull HandleCursorMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_PROFILE_VIDEOS, body);
  }

  @POST
  @Path("video")
  @Operation(operationId = "scrapeShortvideoVideo", summary = "A short video")
  @APIResponse(responseCode = "200", description = "The video, staged")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult video(@Valid @NotNull UrlTrimMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_VIDEO, body);
  }

  @POST
  @Path("video/transcript")
  @Operation(operationId = "scrapeShortvideoVideoTranscript", summary = "A short video's transcript")
  @APIResponse(responseCode = "200", description = "The transcript")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult transcript(@Valid @NotNull UrlOnly body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_VIDEO_TRANSCRIPT, body);
  }

  @POST
  @Path("video/comments")
  @Operation(operationId = "scrapeShortvideoVideoComments", summary = "A short video's comments")
  @APIResponse(responseCode = "200", description = "A page of comments")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult comments(@Valid @NotNull UrlCursor body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_VIDEO_COMMENTS, body);
  }

  @POST
  @Path("search/users")
  @Operation(operationId = "scrapeShortvideoSearchUsers", summary = "Search short-video users")
  @APIResponse(responseCode = "200", description = "Matching users")
  public ScrapeResult searchUsers(@Valid @NotNull QueryCursor body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_SEARCH_USERS, body);
  }

  @POST
  @Path("trending")
  @Operation(operationId = "scrapeShortvideoTrending", summary = "The short-video trending feed")
  @APIResponse(responseCode = "200", description = "Trending videos")
  public ScrapeResult trending(@Valid @NotNull CountryMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_SHORTVIDEO_TRENDING, body);
  }
}
