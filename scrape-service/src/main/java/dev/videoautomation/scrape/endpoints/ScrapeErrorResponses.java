package dev.videoautomation.scrape.endpoints;

import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Adds the error answers every scrape path shares (400, 404, 502, 503, 504, each with an example body carrying
 * {@code setup}) to each {@code /v1/scrape/**} operation, so the five resources need not repeat them.
 */
public class ScrapeErrorResponses implements OASFilter {
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();
  private static final Map<String, String[]> ERRORS = Map.of(
      "400", new String[] {"A field is missing or unknown", ScrapeDocs.BAD_REQUEST},
      "404", new String[] {"The provider found nothing", ScrapeDocs.NOT_FOUND},
      "502", new String[] {"The provider failed or refused", ScrapeDocs.UPSTREAM},
      "503", new String[] {"The provider is not configured", ScrapeDocs.NOT_CONFIGURED},
      "504", new String[] {"The provider did not answer in time", ScrapeDocs.TIMEOUT});

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().forEach((path, item) -> {
      if (path.startsWith("/v1/scrape/") && item.getPOST() != null) {
        var responses = item.getPOST().getResponses();
        ERRORS.forEach((status, text) -> {
          if (!responses.hasAPIResponse(status)) {
            responses.addAPIResponse(status, response(text[0], text[1]));
          }
        });
      }
    });
  }

  private static APIResponse response(String description, String example) {
    return OASFactory.createAPIResponse().description(description).content(OASFactory.createContent()
        .addMediaType("application/json", OASFactory.createMediaType()
            .addExample("example", OASFactory.createExample().value(json(example)))));
  }

  /** The example as JSON, as {@code @ExampleObject(value = ...)} would render it, not as one long string. */
  private static Object json(String example) {
    try {
      return JSON.readValue(example, Object.class);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("An example body is not JSON: " + example, e);
    }
  }
}
