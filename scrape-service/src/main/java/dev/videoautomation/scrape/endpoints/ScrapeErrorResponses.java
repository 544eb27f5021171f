package dev.videoautomation.scrape.endpoints;

import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Adds the error answers every scrape path shares (400, 404, 502, 503, 504, each with example bodies carrying
 * {@code setup}) to each {@code /v1/scrape/**} operation, so the five resources need not repeat them.
 */
public class ScrapeErrorResponses implements OASFilter {
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();
  private static final Map<String, String[]> ERRORS = Map.of(
      "400", new String[] {"A field is missing or unknown (invalid_request), or `url` is not a public http(s) URL "
          + "(url_not_allowed with `reason`; checked before anything else, so also when no provider is configured)",
          ScrapeDocs.BAD_REQUEST, ScrapeDocs.URL_REFUSED},
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
          // SmallRye adds a bare 400 "Bad Request" to operations with @Valid bodies; ours replaces it.
          var declared = responses.getAPIResponse(status);
          if (declared == null || declared.getContent() == null) {
            responses.addAPIResponse(status, response(text));
          }
        });
      }
    });
  }

  /** {description, examples...}; each example is named by its error code. */
  private static APIResponse response(String[] text) {
    var media = OASFactory.createMediaType();
    for (int i = 1; i < text.length; i++) {
      var example = json(text[i]);
      media.addExample(String.valueOf(example.get("error")), OASFactory.createExample().value(example));
    }
    return OASFactory.createAPIResponse().description(text[0])
        .content(OASFactory.createContent().addMediaType("application/json", media));
  }

  /** The example as JSON, as {@code @ExampleObject(value = ...)} would render it, not as one long string. */
  private static Map<?, ?> json(String example) {
    try {
      return JSON.readValue(example, Map.class);
    } catch (java.io.IOException e) {
      throw new IllegalStateException("An example body is not JSON: " + example, e);
    }
  }
}
