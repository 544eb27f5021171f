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

import dev.videoautomation.scrape.endpoints.ScrapeBodies.HandleCursorMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.HandleMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlCursor;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.UrlMedia;

/** The photo platform (Instagram through the provider). */
@Path("/v1/scrape/photo")
@Tag(name = ScrapeDocs.TAG, description = ScrapeDocs.TAG_DESCRIPTION)
@Consumes(JSON)
@Produces(JSON)
@Blocking
public class PhotoResource {
  private final ScrapeService scrape;

  public PhotoResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("profile")
  @Operation(operationId = "scrapePhotoProfile",
      summary = "A photo-platform profile", description = "Profile metadata, stats and recent posts of a handle.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "profile",
      value = "{\"handle\": \"some.creator\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "The provider's profile data", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "profile", value = "{\"data\": {\"success\": true, \"data\": {\"user\": {\"username\": \"some.creator\", \"full_name\": \"Some Creator\", \"edge_followed_by\": {\"count\": 10432}, \"profile_pic_url_hd\": \"https://scontent.cdninstagram.com/v/t51/p.jpg\"}}}}")))
  public ScrapeResult profile(@Valid @NotNull HandleMedia body) {
    return scrape.run("photo/profile", body);
  }

  @POST
  @Path("user/posts")
  @Operation(operationId = "scrapePhotoUserPosts",
      summary = "A photo-platform user's posts", description = "One page of a handle's posts; pass the answer's `next_max_id` back as `cursor`.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "posts",
      value = "{\"handle\": \"some.creator\", \"cursor\": \"3456789012345678901_260462810\", \"download_media\": true}")))
  @APIResponse(responseCode = "200", description = "A page of posts", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "posts", value = ScrapeDocs.STAGED)))
  public ScrapeResult posts(@Valid @NotNull HandleCursorMedia body) {
    return scrape.run("photo/user/posts", body);
  }

  @POST
  @Path("post")
  @Operation(operationId = "scrapePhotoPost",
      summary = "A photo-platform post", description = "One post or reel with its media.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "post",
      value = "{\"url\": \"https://www.instagram.com/reel/Cx1AbCdEfGh/\", \"download_media\": true}")))
  @APIResponse(responseCode = "200", description = "The post", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "post", value = "{\"data\": {\"data\": {\"xdt_shortcode_media\": {\"shortcode\": \"Cx1AbCdEfGh\", \"is_video\": true, \"video_url\": \"https://cdn.example.com/m/med_7Kp1/file.mp4\", \"display_url\": \"https://cdn.example.com/m/med_7Kp2/file.jpg\"}}}, \"meta\": {\"staged\": 2, \"unstaged\": []}}")))
  public ScrapeResult post(@Valid @NotNull UrlMedia body) {
    return scrape.run("photo/post", body);
  }

  @POST
  @Path("post/comments")
  @Operation(operationId = "scrapePhotoPostComments",
      summary = "A photo-platform post's comments", description = "One page of comments.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "comments",
      value = "{\"url\": \"https://www.instagram.com/p/Cx1AbCdEfGh/\", \"cursor\": \"QVFB...\"}")))
  @APIResponse(responseCode = "200", description = "A page of comments", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "comments", value = "{\"data\": {\"comments\": [{\"id\": \"17900000000000000\", \"text\": \"love it\"}], \"cursor\": \"QVFC...\"}}")))
  public ScrapeResult comments(@Valid @NotNull UrlCursor body) {
    return scrape.run("photo/post/comments", body);
  }

  @POST
  @Path("user/reels")
  @Operation(operationId = "scrapePhotoUserReels",
      summary = "A photo-platform user's reels", description = "One page of a handle's reels (about 12); pass the answer's `max_id` back as `cursor`. `download_media` stages them too.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "reels",
      value = "{\"handle\": \"some.creator\", \"cursor\": \"QVFDb3\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "A page of reels", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "reels", value = "{\"data\": {\"items\": [{\"media\": {\"code\": \"Cx1AbCdEfGh\", \"video_versions\": [{\"width\": 720, \"height\": 1280, \"url\": \"https://scontent.cdninstagram.com/o1/v/t16/f2/m86/reel.mp4\"}]}}], \"paging_info\": {\"max_id\": \"QVFDb4\", \"more_available\": true}}}")))
  public ScrapeResult reels(@Valid @NotNull HandleCursorMedia body) {
    return scrape.run("photo/user/reels", body);
  }
}
