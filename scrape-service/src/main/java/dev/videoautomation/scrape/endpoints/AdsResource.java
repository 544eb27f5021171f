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

import dev.videoautomation.scrape.endpoints.ScrapeBodies.CompanyMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.QueryCountryMedia;
import dev.videoautomation.scrape.endpoints.ScrapeBodies.QueryMedia;

/** Ad libraries: social (Meta), search (Google), professional (LinkedIn), forum (Reddit). */
@Path("/v1/scrape/ads")
@Tag(name = ScrapeDocs.TAG, description = ScrapeDocs.TAG_DESCRIPTION)
@Consumes(JSON)
@Produces(JSON)
@Blocking
public class AdsResource {
  private final ScrapeService scrape;

  public AdsResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("social")
  @Operation(operationId = "scrapeAdsSocial",
      summary = "Social ad library search", description = "Active ads on the social ad library (Meta) for a keyword or page name, optionally in one country.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "social",
      value = "{\"query\": \"running shoes\", \"country\": \"US\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "Ads", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "social", value = "{\"data\": {\"searchResults\": [{\"ad_archive_id\": \"1234567890123456\", \"page_name\": \"Some Brand\", \"snapshot\": {\"body\": {\"text\": \"Run further\"}, \"images\": [{\"original_image_url\": \"https://scontent.xx.fbcdn.net/v/t39/ad.jpg\"}], \"link_url\": \"https://somebrand.example/\"}}], \"cursor\": \"AQHRl4y7v\"}}")))
  public ScrapeResult social(@Valid @NotNull QueryCountryMedia body) {
    return scrape.run("ads/social", body);
  }

  @POST
  @Path("search")
  @Operation(operationId = "scrapeAdsSearch",
      summary = "Search-engine ads of a company", description = "Ads of a company on the search engine's ad transparency center; `company` is the company's web domain.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "search",
      value = "{\"company\": \"somebrand.com\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "Ads", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "search", value = "{\"data\": {\"ads\": [{\"advertiser_id\": \"AR09628680369637163009\", \"creative_id\": \"CR15036700036807262209\", \"format\": \"image\", \"image_url\": \"https://tpc.googlesyndication.com/archive/simgad/123\"}], \"cursor\": \"CgoAP7zm\"}}")))
  public ScrapeResult search(@Valid @NotNull CompanyMedia body) {
    return scrape.run("ads/search", body);
  }

  @POST
  @Path("professional")
  @Operation(operationId = "scrapeAdsProfessional",
      summary = "Professional-network ad library search", description = "Ads on the professional network's ad library matching a keyword.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "professional",
      value = "{\"query\": \"software engineer\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "Ads", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "professional", value = "{\"data\": {\"ads\": [{\"id\": \"823975056\", \"advertiser\": \"Some Corp\", \"image\": \"https://media.licdn.com/dms/image/ad.jpg\", \"video\": null}], \"pagination_token\": \"756412693-1754569518292\", \"is_last_page\": false}}")))
  public ScrapeResult professional(@Valid @NotNull QueryMedia body) {
    return scrape.run("ads/professional", body);
  }

  @POST
  @Path("forum")
  @Operation(operationId = "scrapeAdsForum",
      summary = "Forum ad library search", description = "Ads on the forum platform's ad library matching a keyword.")
  @RequestBody(content = @Content(mediaType = JSON, examples = @ExampleObject(name = "forum",
      value = "{\"query\": \"vpn\", \"download_media\": false}")))
  @APIResponse(responseCode = "200", description = "Ads", content = @Content(mediaType = JSON,
      examples = @ExampleObject(name = "forum", value = "{\"data\": {\"ads\": [{\"id\": \"t3_1abcd\", \"headline\": \"Stay private\", \"thumbnail_url\": \"https://external-preview.redd.it/ad.jpg\"}]}}")))
  public ScrapeResult forum(@Valid @NotNull QueryMedia body) {
    return scrape.run("ads/forum", body);
  }
}
