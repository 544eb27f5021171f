package dev.videoautomation.media.openapi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * The error answers media's operations share, declared once. An operation names the families of errors it can give
 * in the extension {@value #EXTENSION} (e.g. {@code "json-body,media-source,media-tools"}); this filter adds each
 * family's statuses it does not declare itself, gives every 4xx and 5xx answer of the operation the shared
 * {@code Error} body, and removes the extension. An unknown family name fails the build. HEAD answers lose the body
 * SmallRye gives a method returning {@code Response}: they never have one.
 */
public class MediaErrorAnswers implements OASFilter {
  public static final String EXTENSION = "x-media-errors";
  /** A JSON request body: malformed, unknown or out-of-range fields, another Content-Type. */
  public static final String JSON_BODY = "json-body";
  /** A media input named by {@code videoUrl} or {@code mediaId}: the suite's own media or an outside URL fetched. */
  public static final String MEDIA_SOURCE = "media-source";
  /** ffmpeg or ffprobe runs: turns that stay busy, media they cannot process. */
  public static final String MEDIA_TOOLS = "media-tools";
  /** An AI provider is called when configured: refusing, failing or slow. */
  public static final String PROVIDER = "provider";
  /** The operation cannot work without its AI provider: unconfigured is a 503. */
  public static final String PROVIDER_REQUIRED = "provider-required";
  /** The service's database is read or written. */
  public static final String DATABASE = "database";

  /** A JSON body naming a media input that ffmpeg reads, with results stored or records read. */
  public static final String ON_MEDIA = JSON_BODY + "," + MEDIA_SOURCE + "," + MEDIA_TOOLS + "," + DATABASE;
  /** A JSON body naming a media input that ffmpeg prepares for an AI provider the operation cannot do without. */
  public static final String AI_ON_MEDIA = JSON_BODY + "," + MEDIA_SOURCE + "," + MEDIA_TOOLS + "," + PROVIDER + ","
      + PROVIDER_REQUIRED;

  private static final String ERROR_SCHEMA = "#/components/schemas/Error";

  private record Answer(String status, String text) {
  }

  private static final Map<String, List<Answer>> FAMILIES = Map.of(
      JSON_BODY, List.of(
          new Answer("400", "`invalid_request`: the body is not a JSON object of this shape, or a field is missing, "
              + "unknown, of the wrong type or out of range; `field` names it"),
          new Answer("415", "`unsupported_media_type`: the body was not sent as application/json")),
      MEDIA_SOURCE, List.of(
          new Answer("400", "`invalid_request`: neither or both of `videoUrl` and `mediaId`, or a value that is "
              + "neither an http(s) URL nor a `med_` id; `url_not_allowed`: the URL is not a public http(s) address "
              + "(`reason` says why: scheme, private or loopback address, user info, more than 5 redirects)"),
          new Answer("404", "`not_found`: the `med_` id or CDN URL names no media you may use (`field` names which)"),
          new Answer("413", "`payload_too_large`: the media at the URL is larger than the storage limit (`limit`, in "
              + "bytes)"),
          new Answer("415", "`unsupported_media_type`: the source is not readable audio, video or an image"),
          new Answer("502", "`upstream_error`: the source URL answered an error or broke off (`upstreamStatus`)"),
          new Answer("504", "`upstream_timeout`: the source URL did not answer in time")),
      MEDIA_TOOLS, List.of(
          new Answer("422", "`unprocessable`: the media cannot be used here: it is not a video where one is needed, "
              + "it has no audio track where sound is needed, or ffmpeg could not process it (`detail`)"),
          new Answer("503", "`service_unavailable`: every ffmpeg turn of this replica stayed busy for "
              + "MEDIA_TOOLS_QUEUE_TIMEOUT (60 s by default); retry after `retryAfter` seconds")),
      PROVIDER, List.of(
          new Answer("502", "`provider_auth_failed`: the AI provider refused this server's key (`setup` says what "
              + "to check); `provider_credits_exhausted`: the provider account has no credit left; `upstream_error` "
              + "also when the provider fails (`upstreamStatus`)"),
          new Answer("504", "`upstream_timeout`: the AI provider did not answer in time")),
      PROVIDER_REQUIRED, List.of(
          new Answer("503", "`provider_not_configured`: no provider is set on this server; `setup` names the "
              + "settings")),
      DATABASE, List.of(
          new Answer("503", "`service_unavailable`: the database is unavailable for a moment; retry after "
              + "`retryAfter` seconds")));

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().values().forEach(item -> {
      item.getOperations().values().forEach(this::complete);
      if (item.getHEAD() != null) {
        item.getHEAD().getResponses().getAPIResponses().values().forEach(response -> response.setContent(null));
      }
    });
  }

  private void complete(Operation operation) {
    var marker = operation.getExtensions() == null ? null : operation.getExtensions().get(EXTENSION);
    if (marker == null) {
      return;
    }
    operation.removeExtension(EXTENSION);
    var responses = operation.getResponses();
    familyTexts(String.valueOf(marker)).forEach((status, texts) -> {
      if (responses.getAPIResponse(status) == null) {
        responses.addAPIResponse(status, OASFactory.createAPIResponse().description(String.join("; ", texts) + "."));
      }
    });
    responses.getAPIResponses().forEach((status, response) -> {
      if (status.startsWith("4") || status.startsWith("5")) {
        withErrorBody(response);
      }
    });
  }

  /** Each status the families give, with the texts of every family that gives it, in family order. */
  private static Map<String, List<String>> familyTexts(String marker) {
    var byStatus = new TreeMap<String, List<String>>();
    for (var name : Arrays.stream(marker.split(",")).map(String::strip).distinct().toList()) {
      var family = FAMILIES.get(name);
      if (family == null) {
        throw new IllegalStateException("Unknown error family '" + name + "' in " + EXTENSION + "; known: "
            + FAMILIES.keySet());
      }
      family.forEach(answer -> byStatus.computeIfAbsent(answer.status(), s -> new ArrayList<>()).add(answer.text()));
    }
    var merged = new LinkedHashMap<String, List<String>>();
    byStatus.forEach((status, texts) -> merged.put(status, texts.stream().distinct().toList()));
    return merged;
  }

  private static void withErrorBody(APIResponse response) {
    if (response.getContent() != null && !response.getContent().getMediaTypes().isEmpty()) {
      return;
    }
    var media = OASFactory.createMediaType().schema(OASFactory.createSchema().ref(ERROR_SCHEMA));
    response.content(OASFactory.createContent().addMediaType("application/json", media));
  }
}
