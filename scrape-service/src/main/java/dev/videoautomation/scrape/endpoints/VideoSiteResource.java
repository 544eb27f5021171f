package dev.videoautomation.scrape.endpoints;

import static dev.videoautomation.scrape.endpoints.ScrapeDocs.JSON;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.smallrye.common.annotation.Blocking;

import dev.videoautomation.scrape.endpoints.ScrapeBodies.ChannelCursorMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.ChannelMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlCursor;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlMedia;

/** The video-site platform (YouTube through the provider). */
@Path("/v1/scrape/videosite")
@Tag(name = ScrapeDocs.TAG, description = ScrapeDocs.TAG_DESCRIPTION)
@Consumes(JSON)
@Produces(JSON)
@Blocking
public class VideoSiteResource {
  private final ScrapeService scrape;

  public VideoSiteResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("channel")
  @Operation(operationId = "scrapeVideositeChannel",
      summary = "A video-site channel", description = "Channel metadata; name it by `handle` or `channel_id`.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "channel",
      value = "{\"handle\": \"somecreator\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "The channel", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "channel", value = "{\"data\": {\"channelId\": \"UCX6OQ3DkcsbYNE6H8uQQuVA\", \"name\": \"Some Creator\", \"subscriberCount\": 358000000, \"avatar\": {\"image\": {\"sources\": [{\"url\": \"https://yt3.ggpht.com/abc=s88-c-k\", \"width\": 88}]}}}}")))
  public ScrapeResult channel(@Valid @NotNull ChannelMedia body) {
    return scrape.runChannel("videosite/channel", body, body.handle(), body.channelId());
  }

  @POST
  @Path("channel-videos")
  @Operation(operationId = "scrapeVideositeChannelVideos",
      summary = "A video-site channel's videos", description = "One page of a channel's videos; pass the answer's `continuationToken` back as `cursor`.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "channelVideos",
      value = "{\"channel_id\": \"UCX6OQ3DkcsbYNE6H8uQQuVA\", \"cursor\": \"4qmFsgKrCBIY\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "A page of videos", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "channelVideos", value = "{\"data\": {\"videos\": [{\"id\": \"dQw4w9WgXcQ\", \"url\": \"https://www.youtube.com/watch?v=dQw4w9WgXcQ\", \"title\": \"A video\", \"thumbnail\": \"https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg\"}], \"continuationToken\": \"4qmFsgKrCBIZ\"}}")))
  public ScrapeResult channelVideos(@Valid @NotNull ChannelCursorMedia body) {
    return scrape.runChannel("videosite/channel-videos", body, body.handle(), body.channelId());
  }

  @POST
  @Path("video")
  @Operation(operationId = "scrapeVideositeVideo",
      summary = "A video-site video", description = "One video's metadata, stats and thumbnails.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "video",
      value = "{\"url\": \"https://www.youtube.com/watch?v=dQw4w9WgXcQ\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "The video", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "video", value = "{\"data\": {\"id\": \"dQw4w9WgXcQ\", \"title\": \"A video\", \"viewCountInt\": 1600000000, \"thumbnail\": \"https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg\"}}")))
  public ScrapeResult video(@Valid @NotNull UrlMedia body) {
    return scrape.run("videosite/video", body);
  }

  @POST
  @Path("video/comments")
  @Operation(operationId = "scrapeVideositeVideoComments",
      summary = "A video-site video's comments", description = "One page of comments; pass the answer's `continuationToken` back as `cursor`.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "comments",
      value = "{\"url\": \"https://www.youtube.com/watch?v=dQw4w9WgXcQ\", \"cursor\": \"Eg0SC2RRdzR3\"}")))
  @APIResponse(responseCode = "200", description = "A page of comments", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "comments", value = "{\"data\": {\"comments\": [{\"id\": \"Ugz1\", \"content\": \"classic\", \"engagement\": {\"likes\": 120}}], \"continuationToken\": \"Eg0SC2RRdzR4\"}}")))
  public ScrapeResult comments(@Valid @NotNull UrlCursor body) {
    return scrape.run("videosite/video/comments", body);
  }
}
