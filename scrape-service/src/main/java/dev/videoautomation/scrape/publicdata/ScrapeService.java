package dev.videoautomation.scrape.publicdata;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.provider.ScrapeProvider;
import dev.videoautomation.scrape.staging.MediaStager;

/**
 * One scrape call: the provider's answer for the operation's route, staged to the CDN when the caller asked for it. A
 * dry run ({@code dryRun=true}) makes every check of the real call, the provider's key included, and stops before the
 * provider is called.
 */
@ApplicationScoped
public class ScrapeService {
  static final String PURPOSE = "scrape";
  static final String DOWNLOAD_MEDIA = "download_media";
  /** The neutral path of a route is the operation's path under this prefix, e.g. {@code shortvideo/profile}. */
  static final String PATH_PREFIX = "/v1/scrape/";

  private final ScrapeProvider provider;
  private final MediaStager stager;
  private final CurrentCaller caller;
  private final ObjectMapper json;
  private final DryRuns dryRuns;

  ScrapeService(ScrapeProvider provider, MediaStager stager, CurrentCaller caller, ObjectMapper json,
      DryRuns dryRuns) {
    this.provider = provider;
    this.stager = stager;
    this.caller = caller;
    this.json = json;
    this.dryRuns = dryRuns;
  }

  /** {@code operation} is one of the 24 scrape rows of the table; its path under /v1/scrape is the neutral route. */
  public ScrapeResult run(SpendingOperation operation, ScrapeRequest body) {
    var route = operation.path().substring(PATH_PREFIX.length());
    body.requireSubject();
    JsonNode given = json.valueToTree(body);
    var fields = fields(given);
    ScrapeLimits.check(fields);
    var clientId = given.path(DOWNLOAD_MEDIA).asBoolean(false) ? caller.requireClientId() : null;
    provider.check(route, fields);
    dryRuns.stopIfRequested(operation);
    var data = provider.fetch(route, fields);
    if (clientId == null) {
      return new ScrapeResult(data, null);
    }
    var staged = stager.stage(data, clientId, PURPOSE);
    return new ScrapeResult(staged.data(), staged.meta());
  }

  /**
   * What the provider is asked: every field of the body by its JSON name (the route table renames them), text as
   * given, a flag ({@code trim}) only when true; never {@code download_media}, which says whether to stage the
   * answer's media. Absent fields are not sent.
   */
  private static Map<String, String> fields(JsonNode given) {
    var fields = new LinkedHashMap<String, String>();
    given.properties().forEach(field -> {
      var value = field.getValue();
      var unset = value.isNull() || value.isBoolean() && !value.asBoolean();
      if (!unset && !field.getKey().equals(DOWNLOAD_MEDIA)) {
        fields.put(field.getKey(), value.asText());
      }
    });
    return fields;
  }
}
