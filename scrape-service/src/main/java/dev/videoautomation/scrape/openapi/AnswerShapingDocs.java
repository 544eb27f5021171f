package dev.videoautomation.scrape.openapi;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.media.Schema;

import io.quarkus.smallrye.openapi.OpenApiFilter;

import dev.videoautomation.scrape.normalize.Normalizer;

/**
 * Describes the fields that shape a scrape answer ({@code download_media}, {@code normalize}, {@code fields}) once for
 * every body that has them: the 14 body records declare them bare, so that each record is its own fields and nothing
 * else (docs/scrape-service.md). Each operation taking such a body also tells the gateway's MCP tools how to shape it
 * (docs/openapi.md, "MCP extensions"): {@value #MCP_BODY_DEFAULTS} {@code {normalize: true}}, {@value #MCP_RAW_MEMBERS}
 * {@code [data]}, and {@value #MCP_OUTPUT_SCHEMA}, the 200's schema with {@code data} optional and
 * {@code normalized} declared.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class AnswerShapingDocs implements OASFilter {
  /** The longest name {@code fields} may hold; the longest real one, {@code media.durationSeconds}, has 21. */
  static final int FIELD_NAME = 64;
  static final String DOWNLOAD_MEDIA = "Stage every media file of the answer to the CDN and answer CDN URLs instead "
      + "of the platform's (files that cannot be staged become null and are listed in `meta.unstaged`).";
  static final String NORMALIZE = "Add `normalized`: the answer read into one record shape per kind (profile, "
      + "channel, posts, post, comments, users, transcript, ads), the same on every platform, beside the untouched "
      + "`data`. A field the provider did not give is null. Never sent to the provider.";
  static final String FIELDS = "With `normalize: true`, only these fields of each normalized item, e.g. `[\"id\", "
      + "\"url\", \"metrics.views\"]` (a child of a list, `media.url`, in each element); a name the kind lacks is a "
      + "400 naming `fields`. Never sent to the provider.";

  static final String MCP_OUTPUT_SCHEMA = "x-mcp-output-schema";
  static final String MCP_BODY_DEFAULTS = "x-mcp-body-defaults";
  static final String MCP_RAW_MEMBERS = "x-mcp-raw-members";
  private static final String SCHEMAS = "#/components/schemas/";
  static final String MCP_RESULT = "A scrape answer over MCP: `normalized` (the tool sends `normalize: true` unless "
      + "the call says otherwise) and `meta`; the provider's `data` only when the call sends `raw: true`.";

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null) {
      return;
    }
    var shaped = new HashSet<String>();
    openAPI.getComponents().getSchemas().forEach((name, schema) -> {
      if (name.startsWith("Scrape") && name.endsWith("Request") && schema.getProperties() != null
          && schema.getProperties().containsKey("normalize")) {
        shaped.add(SCHEMAS + name);
      }
    });
    if (openAPI.getPaths() != null && openAPI.getPaths().getPathItems() != null) {
      openAPI.getPaths().getPathItems().values().forEach(item -> {
        var post = item.getPOST();
        var body = post == null || post.getRequestBody() == null || post.getRequestBody().getContent() == null
            ? null : post.getRequestBody().getContent().getMediaType("application/json");
        if (body != null && body.getSchema() != null && shaped.contains(body.getSchema().getRef())) {
          post.addExtension(MCP_OUTPUT_SCHEMA, mcpOutputSchema());
          post.addExtension(MCP_BODY_DEFAULTS, Map.of("normalize", true));
          post.addExtension(MCP_RAW_MEMBERS, List.of("data"));
        }
      });
    }
    openAPI.getComponents().getSchemas().forEach((name, schema) -> {
      var properties = schema.getProperties();
      if (!name.startsWith("Scrape") || !name.endsWith("Request") || properties == null) {
        return;
      }
      var downloadMedia = properties.get("download_media");
      if (downloadMedia != null) {
        downloadMedia.setDescription(DOWNLOAD_MEDIA);
        downloadMedia.setDefaultValue(false);
      }
      var normalize = properties.get("normalize");
      if (normalize != null) {
        normalize.setDescription(NORMALIZE);
        normalize.setDefaultValue(false);
      }
      var fields = properties.get("fields");
      if (fields != null) {
        fields.setDescription(FIELDS);
        fields.setMaxItems(Normalizer.MAX_FIELDS);
        if (fields.getItems() == null) {
          fields.setItems(OASFactory.createSchema().addType(Schema.SchemaType.STRING));
        }
        fields.getItems().setMaxLength(FIELD_NAME);
      }
    });
  }

  /**
   * The 200's schema as the MCP tool answers: {@code ScrapeResult} with {@code data} optional, or the dry run (every
   * scrape operation spends a unit, so takes {@code dryRun}).
   */
  static Map<String, Object> mcpOutputSchema() {
    var properties = new LinkedHashMap<String, Object>();
    properties.put("data", Map.of("$ref", SCHEMAS + "ScrapeProviderData"));
    properties.put("normalized", Map.of("$ref", SCHEMAS + "ScrapeNormalized"));
    properties.put("meta", Map.of("$ref", SCHEMAS + "ScrapeMeta"));
    var result = new LinkedHashMap<String, Object>();
    result.put("type", "object");
    result.put("description", MCP_RESULT);
    result.put("properties", properties);
    // anyOf: with data optional, a dry run's answer also matches the first shape, which a oneOf would refuse.
    return Map.of("anyOf", List.of(result, Map.of("$ref", SCHEMAS + "DryRun")));
  }
}
