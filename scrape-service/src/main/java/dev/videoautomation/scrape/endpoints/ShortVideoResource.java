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

import dev.videoautomation.scrape.endpoints.ScrapeBodies.CountryMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.HandleCursorMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.HandleTrimMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.QueryCursor;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlCursor;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlOnly;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlTrimMedia;

/** The short-video platform (TikTok through the provider). */
@Path("/v1/scrape/shortvideo")
@Tag(name = ScrapeDocs.TAG, description = ScrapeDocs.TAG_DESCRIPTION)
@Consumes(JSON)
@Produces(JSON)
@Blocking
public class ShortVideoResource {
  private final ScrapeService scrape;

  public ShortVideoResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("profile")
  @Operation(operationId = "scrapeShortvideoProfile",
      summary = "A short-video profile", description = "Profile metadata and stats of a handle.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "profile",
      value = "{\"handle\": \"some.creator\", \"trim\": true, \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "The provider's profile data", content = @Content(
      mediaType = JSON, examples = @ExampleObject(name = "profile", value = "{\"data\": {\"success\": true, \"user\": "
      + "{\"uniqueId\": \"some.creator\", \"nickname\": \"Some Creator\", \"avatarLarger\": "
      + "\"https://p16-sign.tiktokcdn.com/avatar.jpeg\"}, \"stats\": {\"followerCount\": 10432}}}")))
  public ScrapeResult profile(@Valid @NotNull HandleTrimMedia body) {
    return scrape.run("shortvideo/profile", body);
  }

  @POST
  @Path("profile/videos")
  @Operation(operationId = "scrapeShortvideoProfileVideos",
      summary = "A short-video profile's videos", description = "One page of a handle's videos; pass the "
      + "answer's cursor (`max_cursor`) back as `cursor` for the next page.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "videos",
      value = "{\"handle\": \"some.creator\", \"cursor\": \"1730000000000\", \"download_media\": true}")))
  @APIResponse(responseCode = "200", description = "A page of videos, staged", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "staged", value = ScrapeDocs.STAGED)))
  public ScrapeResult profileVideos(@Valid @NotNull HandleCursorMedia body) {
    return scrape.run("shortvideo/profile/videos", body);
  }

  @POST
  @Path("video")
  @Operation(operationId = "scrapeShortvideoVideo",
      summary = "A short video", description = "One video's metadata, stats and file URLs.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "video",
      value = "{\"url\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000\", \"download_media\": "
          + "true}")))
  @APIResponse(responseCode = "200", description = "The video, staged", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "staged", value = ScrapeDocs.STAGED)))
  public ScrapeResult video(@Valid @NotNull UrlTrimMedia body) {
    return scrape.run("shortvideo/video", body);
  }

  @POST
  @Path("video/transcript")
  @Operation(operationId = "scrapeShortvideoVideoTranscript",
      summary = "A short video's transcript", description = "The spoken words of a video.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "transcript",
      value = "{\"url\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000\"}")))
  @APIResponse(responseCode = "200", description = "The transcript", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "transcript", value = "{\"data\": {\"id\": \"7430000000000000000\", "
          + "\"transcript\": \"WEBVTT\\n\\n00:00:00.120 --> 00:00:01.840\\nHi everyone\"}}")))
  public ScrapeResult transcript(@Valid @NotNull UrlOnly body) {
    return scrape.run("shortvideo/video/transcript", body);
  }

  @POST
  @Path("video/comments")
  @Operation(operationId = "scrapeShortvideoVideoComments",
      summary = "A short video's comments", description = "One page of comments.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "comments",
      value = "{\"url\": \"https://www.tiktok.com/@some.creator/video/7430000000000000000\", \"cursor\": \"20\"}")))
  @APIResponse(responseCode = "200", description = "A page of comments", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "comments", value = "{\"data\": {\"comments\": [{\"cid\": \"7431\", \"text\": "
          + "\"great\", \"digg_count\": 12}], \"cursor\": 40, \"has_more\": 1}}")))
  public ScrapeResult comments(@Valid @NotNull UrlCursor body) {
    return scrape.run("shortvideo/video/comments", body);
  }

  @POST
  @Path("search/users")
  @Operation(operationId = "scrapeShortvideoSearchUsers",
      summary = "Search short-video users", description = "Accounts matching a query.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "search",
      value = "{\"query\": \"home cooking\"}")))
  @APIResponse(responseCode = "200", description = "Matching users", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "users", value = "{\"data\": {\"users\": [{\"user_info\": {\"unique_id\": "
          + "\"cookwithme\", \"follower_count\": 52000}}], \"cursor\": 10, \"has_more\": 1}}")))
  public ScrapeResult searchUsers(@Valid @NotNull QueryCursor body) {
    return scrape.run("shortvideo/search/users", body);
  }

  @POST
  @Path("trending")
  @Operation(operationId = "scrapeShortvideoTrending",
      summary = "The short-video trending feed", description = "Trending videos of a country (ISO 3166 "
      + "alpha-2, default US).")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "trending",
      value = "{\"country\": \"US\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "Trending videos", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "trending", value = "{\"data\": {\"aweme_list\": [{\"aweme_id\": "
          + "\"7430000000000000001\", \"desc\": \"#fyp\"}]}}")))
  public ScrapeResult trending(@Valid @NotNull CountryMedia body) {
    return scrape.run("shortvideo/trending", body);
  }
}
