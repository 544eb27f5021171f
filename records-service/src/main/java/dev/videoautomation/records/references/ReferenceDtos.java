package dev.videoautomation.records.references;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.OwnedRecord;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/references. */
public final class ReferenceDtos {
  private ReferenceDtos() {
  }

  /**
   * The list's own filters, read from its query (documented with the list, GET /v1/references in
   * META-INF/openapi.yaml).
   */
  public record Filters(String platform) {
    static Filters from(MultivaluedMap<String, String> query) {
      return new Filters(query.getFirst("platform"));
    }
  }

  @RegisterForReflection
  @Schema(name = "ReferenceCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(required = true, maxLength = Inputs.MAX_URL, example = "https://www.tiktok.com/@creator/video/1",
          description = "An absolute http or https URL; kept as given, never fetched.") String url,
      @Schema(nullable = true, enumeration = {"shortvideo", "photo", "microblog", "videosite"}) String platform,
      @Schema(nullable = true, maxLength = ReferenceService.MAX_TITLE) String title,
      @Schema(nullable = true, maxLength = ReferenceService.MAX_NOTES) String notes,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, description = ApiDocs.METADATA) Map<String, Object> metadata) {
  }

  @RegisterForReflection
  @Schema(name = "ReferenceUpdate", additionalProperties = Schema.False.class, description = ApiDocs.UPDATE_BODY)
  public record Update(
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.REFERENCE_ID,
          description = ApiDocs.BODY_ID) String id,
      @Schema(nullable = true, maxLength = Inputs.MAX_URL, description = "An absolute http or https URL.") String url,
      @Schema(nullable = true, enumeration = {"shortvideo", "photo", "microblog", "videosite"}) String platform,
      @Schema(nullable = true, maxLength = ReferenceService.MAX_TITLE) String title,
      @Schema(nullable = true, maxLength = ReferenceService.MAX_NOTES) String notes,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags,
      @Schema(nullable = true, description = ApiDocs.METADATA) Map<String, Object> metadata) {
  }

  @RegisterForReflection
  @Schema(name = "ReferenceView", description = "A bookmarked post, video or profile.")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.REFERENCE_ID) String id,
      @Schema(required = true, maxLength = Inputs.MAX_URL) String url,
      @Schema(required = true, nullable = true, enumeration = {"shortvideo", "photo", "microblog", "videosite"})
      String platform,
      @Schema(required = true, nullable = true, maxLength = ReferenceService.MAX_TITLE) String title,
      @Schema(required = true, nullable = true, maxLength = ReferenceService.MAX_NOTES) String notes,
      @Schema(required = true, maxItems = ApiDocs.TAGS_MAX) List<Tags.Tag> tags,
      @Schema(required = true) Map<String, Object> metadata,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) Long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) Long updatedAt) {

    static View from(Reference r) {
      return new View(r.id, r.url, r.platform, r.title, r.notes, r.tags, r.metadata, OwnedRecord.millis(r.createdAt),
          OwnedRecord.millis(r.updatedAt));
    }
  }
}
