package dev.videoautomation.scrape.openapi;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.media.Schema;

import io.quarkus.smallrye.openapi.OpenApiFilter;

import dev.videoautomation.scrape.normalize.Normalizer;

/**
 * Describes the fields that shape a scrape answer ({@code download_media}, {@code normalize}, {@code fields}) once for
 * every body that has them: the 14 body records declare them bare, so that each record is its own fields and nothing
 * else (docs/scrape-service.md).
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

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null) {
      return;
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
}
