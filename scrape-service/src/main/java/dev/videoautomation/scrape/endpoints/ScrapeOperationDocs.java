package dev.videoautomation.scrape.endpoints;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What the provider-backed operations' documents share, written once here rather than in every resource. Each of the
 * 24 scrape operations ends its description with {@link ScrapeDocs#COMMON} (cost and the shape of the answer) and
 * answers 200 with a {@code ScrapeResult}; these and video import get the shared error answers, with the {@code Error}
 * schema and example bodies carrying {@code setup}. An answer an operation declares itself (with content) is kept:
 * import documents its own 400 and 415. Each step is skipped when already done, so running twice changes nothing.
 */
public class ScrapeOperationDocs implements OASFilter {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCRAPE_PATHS = "/v1/scrape/";
  private static final List<String> PATHS = List.of(SCRAPE_PATHS, "/v1/videos/download/");
  private static final String RESULT_SCHEMA = "#/components/schemas/ScrapeResult";
  private static final Map<String, List<String>> ERRORS = errors();

  private static Map<String, List<String>> errors() {
    var errors = new LinkedHashMap<String, List<String>>();
    errors.put("400", List.of("invalid_request: a field is missing, unknown, of the wrong type or too long (`field` "
        + "names it); url_not_allowed: `url` is not a public http(s) URL (`reason` says why). Checked before "
        + "anything else, so also when no provider is configured.", ScrapeDocs.BAD_REQUEST, ScrapeDocs.URL_REFUSED));
    errors.put("404", List.of("not_found: the provider found nothing for this handle, URL or query.",
        ScrapeDocs.NOT_FOUND));
    errors.put("415", List.of("unsupported_media_type: the body is not sent as `application/json`.",
        ScrapeDocs.NOT_JSON));
    errors.put("502", List.of("upstream_error, provider_auth_failed, provider_credits_exhausted: the provider failed "
        + "or refused (`upstreamStatus` is its HTTP status where it answered).", ScrapeDocs.UPSTREAM));
    errors.put("503", List.of("provider_not_configured: no scraping provider is configured on this server.",
        ScrapeDocs.NOT_CONFIGURED));
    errors.put("504", List.of("upstream_timeout: the provider did not answer in time.", ScrapeDocs.TIMEOUT));
    return errors;
  }

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().forEach((path, item) -> {
      if (path.startsWith(SCRAPE_PATHS) && item.getPOST() != null) {
        scrapeOperation(item.getPOST());
      }
      if (PATHS.stream().anyMatch(path::startsWith) && item.getPOST() != null) {
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

  /** The note every scrape description ends with, and the schema of the 200 answer after its examples. */
  private static void scrapeOperation(Operation operation) {
    var description = operation.getDescription();
    if (description != null && !description.endsWith(ScrapeDocs.COMMON)) {
      operation.setDescription(description + ScrapeDocs.COMMON);
    }
    var ok = operation.getResponses().getAPIResponse("200");
    var content = ok == null || ok.getContent() == null ? null : ok.getContent().getMediaType(ScrapeDocs.JSON);
    if (content != null && content.getSchema() == null) {
      content.setSchema(OASFactory.createSchema().ref(RESULT_SCHEMA));
    }
  }

  /** {description, examples...}; each example is named by its error code. */
  private static APIResponse response(List<String> text) {
    var media = OASFactory.createMediaType().schema(OASFactory.createSchema().ref("Error"));
    for (var example : text.subList(1, text.size())) {
      var body = json(example);
      media.addExample(String.valueOf(body.get("error")), OASFactory.createExample().value(body));
    }
    return OASFactory.createAPIResponse().description(text.getFirst())
        .content(OASFactory.createContent().addMediaType("application/json", media));
  }

  /** The example as JSON, as {@code @ExampleObject(value = ...)} would render it, not as one long string. */
  private static Map<?, ?> json(String example) {
    try {
      return JSON.readValue(example, Map.class);
    } catch (IOException e) {
      throw new IllegalStateException("An example body is not JSON: " + example, e);
    }
  }
}
