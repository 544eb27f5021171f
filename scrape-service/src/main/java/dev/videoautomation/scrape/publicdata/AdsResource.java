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
import dev.videoautomation.scrape.publicdata.ScrapeBodies.CompanyMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.QueryCountryMedia;
import dev.videoautomation.scrape.publicdata.ScrapeBodies.QueryMedia;

/**
 * Ad libraries: social (Meta), search (Google), professional (LinkedIn), forum (Reddit). Prose and examples:
 * META-INF/openapi.yaml.
 */
@Path("/v1/scrape/ads")
@Tag(name = "Scrape")
@Extension(name = SharedAnswers.ANSWERS, value = ScrapeAnswers.SCRAPE)
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class AdsResource {
  private final ScrapeService scrape;

  AdsResource(ScrapeService scrape) {
    this.scrape = scrape;
  }

  @POST
  @Path("social")
  @Operation(operationId = "scrapeAdsSocial", summary = "Social ad library search")
  @APIResponse(responseCode = "200", description = "Ads")
  public ScrapeResult social(@Valid @NotNull QueryCountryMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_ADS_SOCIAL, body);
  }

  @POST
  @Path("search")
  @Operation(operationId = "scrapeAdsSearch", summary = "Search-engine ads of a company")
  @APIResponse(responseCode = "200", description = "Ads")
  public ScrapeResult search(@Valid @NotNull CompanyMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_ADS_SEARCH, body);
  }

  @POST
  @Path("professional")
  @Operation(operationId = "scrapeAdsProfessional", summary = "Professional-network ad library search")
  @APIResponse(responseCode = "200", description = "Ads")
  public ScrapeResult professional(@Valid @NotNull QueryMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_ADS_PROFESSIONAL, body);
  }

  @POST
  @Path("forum")
  @Operation(operationId = "scrapeAdsForum", summary = "Forum ad library search")
  @APIResponse(responseCode = "200", description = "Ads")
  public ScrapeResult forum(@Valid @NotNull QueryMedia body) {
    return scrape.run(SpendingOperation.SCRAPE_ADS_FORUM, body);
  }
}
