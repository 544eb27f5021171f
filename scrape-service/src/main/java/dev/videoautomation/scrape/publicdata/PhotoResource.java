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
import dev.videoautomation.scrape.publicdata.ScrapeBodies.HandleCursorMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.HandleMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlCursor;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.UrlMedia;

/** The photo platform (Instagram through the provider). Prose and examples: META-INF/openapi.yaml. */
@Path("/v1/scrape/photo")
@Tag(name = "Scrape")
@Extension(name = SharedAnswers.ANSWERS, value = ScrapeAnswers.SCRAPE)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class PhotoResource {
  private final ScrapeService scrape;

  PhotoResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("profile")
  @Operation(operationId = "scrapePhotoProfile", summary = "A photo-platform profile")
  @APIResponse(responseCode = "200", description = "The provider's profile data")
  public ScrapeResult profile(@Valid @NotNull HandleMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_PHOTO_PROFILE, body);
  }

  @POST
  @Path("user/posts")
  @Operation(operationId = "scrapePhotoUserPosts", summary = "A photo-platform user's posts")
  @APIResponse(responseCode = "200", description = "A page of posts")
  public ScrapeResult posts(@Valid @NotNull HandleCursorMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_PHOTO_USER_POSTS, body);
  }

  @POST
  @Path("post")
  @Operation(operationId = "scrapePhotoPost", summary = "A photo-platform post")
  @APIResponse(responseCode = "200", description = "The post")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult post(@Valid @NotNull UrlMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_PHOTO_POST, body);
  }

  @POST
  @Path("post/comments")
  @Operation(operationId = "scrapePhotoPostComments", summary = "A photo-platform post's comments")
  @APIResponse(responseCode = "200", description = "A page of comments")
  @APIResponse(responseCode = "400", ref = ScrapeAnswers.INVALID_OR_REFUSED_URL)
  public ScrapeResult comments(@Valid @NotNull UrlCursor body) {
    return scrape.run(SpendingOperation.SCRAPE_PHOTO_POST_COMMENTS, body);
  }

  @POST
  @Path("user/reels")
  @Operation(operationId = "scrapePhotoUserReels", summary = "A photo-platform user's reels")
  @APIResponse(responseCode = "200", description = "A page of reels")
  public ScrapeResult reels(@Valid @NotNull HandleCursorMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_PHOTO_USER_REELS, body);
  }
}
