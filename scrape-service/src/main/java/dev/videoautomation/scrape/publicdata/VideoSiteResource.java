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
import dev.videoautomation.scrape.publicdata.ScrapeBodies.ChannelCursorMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.ChannelMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlCursor;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlMedia;

/** The video-site platform (YouTube through the provider). Prose and examples: META-INF/openapi.yaml. */
@Path("/v1/scrape/videosite")
@Tag(name = "Scrape")
@Extension(name = SharedAnswers.ANSWERS, value = ScrapeAnswers.SCRAPE)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class VideoSiteResource {
  private final ScrapeService scrape;

  VideoSiteResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("channel")
  @Operation(operationId = "scrapeVideositeChannel", summary = "A video-site channel")
  @APIResponse(responseCode = "200", description = "The channel")
  public ScrapeResult channel(@Valid @NotNull ChannelMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_VIDEOSITE_CHANNEL, body);
  }

  @POST
  @Path("channel-videos")
  @Operation(operationId = "scrapeVideositeChannelVideos", summary = "A video-site channel's videos")
  @APIResponse(responseCode = "200", description = "A page of videos")
  public ScrapeResult channelVideos(@Valid @NotNull ChannelCursorMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_VIDEOSITE_CHANNEL_VIDEOS, body);
  }

  @POST
  @Path("video")
  @Operation(operationId = "scrapeVideositeVideo", summary = "A video-site video")
  @APIResponse(responseCode = "200", description = "The video")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult video(@Valid @NotNull UrlMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_VIDEOSITE_VIDEO, body);
  }

  @POST
  @Path("video/comments")
  @Operation(operationId = "scrapeVideositeVideoComments", summary = "A video-site video's comments")
  @APIResponse(responseCode = "200", description = "A page of comments")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult comments(@Valid @NotNull UrlCursor body) {
    return scrape.run(SpendingOperation.SCRAPE_VIDEOSITE_VIDEO_COMMENTS, body);
  }
}
