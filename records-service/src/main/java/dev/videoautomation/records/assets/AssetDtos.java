package dev.videoautomation.records.assets;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.OwnedRecord;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/assets. */
public final class AssetDtos {
  /** RFC 6838: a type and a subtype of at most 127 characters each. */
  static final int MAX_STORED_CONTENT_TYPE = 255;

  private AssetDtos() {
  }

  /**
   * The list's own filters, read from its query (documented with the list, GET /v1/assets in
   * META-INF/openapi.yaml).
   */
  public record Filters(String status) {
    static Filters from(MultivaluedMap<String, String> query) {
      return new Filters(query.getFirst("status"));
    }
  }

  @RegisterForReflection
  @Schema(name = "AssetCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(required = true, maxLength = Inputs.MAX_URL, example = "https://videos.example.net/clip.mp4",
          description = "A public http or https URL to fetch, or your own media as `POST /v1/upload` answered it: "
              + "its `med_` id or its CDN URL (used as stored, never fetched).") String url,
      @Schema(nullable = true, maxLength = Inputs.MAX_NAME) String name,
      @Schema(nullable = true, maxLength = AssetService.MAX_CONTENT_TYPE, pattern = AssetService.CONTENT_TYPE_FORM,
          example = "video/mp4", description = "The type the file must have (`video/mp4`, or a range such as "
              + "`image/*`); another is 415.") String contentType,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, description = ApiDocs.METADATA) Map<String, Object> metadata) {
  }

  /** Partial update of name, tags and metadata; {@code url} is read only to refuse it (the document leaves it out). */
  @RegisterForReflection
  @Schema(name = "AssetUpdate", additionalProperties = Schema.False.class, description = ApiDocs.UPDATE_BODY
      + " `url` cannot change (400 naming it): create a new asset for another file.")
  public record Update(
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ASSET_ID,
          description = ApiDocs.BODY_ID) String id,
      @Schema(hidden = true) String url,
      @Schema(nullable = true, maxLength = Inputs.MAX_NAME) String name,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, description = ApiDocs.METADATA) Map<String, Object> metadata) {
  }

  @RegisterForReflection
  @Schema(name = "AssetView", description = "A file kept on the service's CDN.")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.ASSET_ID) String id,
      @Schema(required = true, maxLength = Inputs.MAX_URL, description = "The file's URL on the service's CDN.")
      String url,
      @Schema(required = true, enumeration = {"active"}) String status,
      @Schema(required = true, nullable = true, maxLength = Inputs.MAX_NAME) String name,
      @Schema(required = true, nullable = true, maxLength = MAX_STORED_CONTENT_TYPE, example = "video/mp4",
          description = "The stored file's type.") String contentType,
      @Schema(required = true, maxLength = Inputs.MAX_URL, description = "The `url` the asset was created from.")
      String sourceUrl,
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.MEDIA_ID, description = "The stored "
          + "object (your upload's own id when the asset was made from it).") String mediaId,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.INT64_MAX) Long sizeBytes,
      @Schema(required = true, maxItems = ApiDocs.TAGS_MAX) List<Tags.Tag> tags,
      @Schema(required = true) Map<String, Object> metadata,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) Long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) Long updatedAt) {

    static View from(Asset a) {
      return new View(a.id, a.url, a.status, a.name, a.contentType, a.sourceUrl, a.mediaId, a.sizeBytes, a.tags,
          a.metadata, OwnedRecord.millis(a.createdAt), OwnedRecord.millis(a.updatedAt));
    }
  }
}
