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

import dev.videoautomation.scrape.endpoints.ScrapeBodies.HandleCursorTrimMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.HandleMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlOnly;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlTrimMedia;

/** The microblog platform (X/Twitter through the provider). */
@Path("/v1/scrape/microblog")
@Tag(name = ScrapeDocs.TAG, description = ScrapeDocs.TAG_DESCRIPTION)
@Consumes(JSON)
@Produces(JSON)
@Blocking
public class MicroblogResource {
  private final ScrapeService scrape;

  public MicroblogResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("profile")
  @Operation(operationId = "scrapeMicroblogProfile",
      summary = "A microblog profile", description = "Profile metadata and stats of a handle.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "profile",
      value = "{\"handle\": \"some_creator\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "The provider's profile data", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "profile", value = "{\"data\": {\"rest_id\": \"221838349\", \"legacy\": {\"screen_name\": \"some_creator\", \"followers_count\": 377608, \"profile_image_url_https\": \"https://pbs.twimg.com/profile_images/1/a_normal.jpg\"}}}")))
  public ScrapeResult profile(@Valid @NotNull HandleMedia body) {
    return scrape.run("microblog/profile", body);
  }

  @POST
  @Path("user-tweets")
  @Operation(operationId = "scrapeMicroblogUserTweets",
      summary = "A microblog user's tweets", description = "Popular tweets of a handle (the platform shows up to about 100 publicly).")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "userTweets",
      value = "{\"handle\": \"some_creator\", \"trim\": true, \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "Tweets", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "userTweets", value = "{\"data\": {\"tweets\": [{\"rest_id\": \"1828402665845322123\", \"legacy\": {\"full_text\": \"hello\", \"favorite_count\": 1722}, \"url\": \"https://x.com/some_creator/status/1828402665845322123\"}]}}")))
  public ScrapeResult userTweets(@Valid @NotNull HandleCursorTrimMedia body) {
    return scrape.run("microblog/user-tweets", body);
  }

  @POST
  @Path("tweet")
  @Operation(operationId = "scrapeMicroblogTweet",
      summary = "A tweet", description = "One tweet with engagement and media.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "tweet",
      value = "{\"url\": \"https://x.com/some_creator/status/1828402665845322123\", \"download_media\": true}")))
  @APIResponse(responseCode = "200", description = "The tweet", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "tweet", value = "{\"data\": {\"legacy\": {\"full_text\": \"watch this\", \"extended_entities\": {\"media\": [{\"type\": \"video\", \"media_url_https\": \"https://cdn.example.com/m/med_9Qa1/file.jpg\", \"video_info\": {\"variants\": [{\"bitrate\": 2176000, \"content_type\": \"video/mp4\", \"url\": \"https://cdn.example.com/m/med_9Qa2/file.mp4\"}]}}]}}}, \"meta\": {\"staged\": 2, \"unstaged\": []}}")))
  public ScrapeResult tweet(@Valid @NotNull UrlTrimMedia body) {
    return scrape.run("microblog/tweet", body);
  }

  @POST
  @Path("tweet/transcript")
  @Operation(operationId = "scrapeMicroblogTweetTranscript",
      summary = "A video tweet's transcript", description = "The spoken words of a video tweet (slow: the provider transcribes it).")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "transcript",
      value = "{\"url\": \"https://x.com/some_creator/status/1828402665845322123\"}")))
  @APIResponse(responseCode = "200", description = "The transcript", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "transcript", value = "{\"data\": {\"success\": true, \"transcript\": \"Since you are kind of like a leader in innovation\"}}")))
  public ScrapeResult transcript(@Valid @NotNull UrlOnly body) {
    return scrape.run("microblog/tweet/transcript", body);
  }
}
