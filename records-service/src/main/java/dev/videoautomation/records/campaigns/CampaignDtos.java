package dev.videoautomation.records.campaigns;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.OwnedRecord;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/campaigns; list items and single answers name the id {@code campaignId}. */
public final class CampaignDtos {
  static final String CONFIG = "Any JSON object, at most 64 KiB once serialized. Priced keys (whole numbers 0–"
      + "100000): `videoCount`, `imageCount` (at `imageResolution` 1K/2K/4K), `musicCount`, `accountCount`; other "
      + "keys are kept and not priced.";
  static final String VIDEO_IDS = "Generated videos (`vid_…`) the campaign uses, at most 500.";

  private CampaignDtos() {
  }

  /** A {@code videoIds} item as the document shows it (annotations cannot reach a list's element type). */
  @Schema(name = "GeneratedVideoId", type = SchemaType.STRING, maxLength = ApiDocs.ID_MAX,
      pattern = ApiDocs.GENERATED_VIDEO_ID, description = "The id of one of your generated videos.")
  static final class GeneratedVideoId {
    private GeneratedVideoId() {
    }
  }

  /**
   * The list's own filters, read from its query (documented with the list, GET /v1/campaigns in
   * META-INF/openapi.yaml).
   */
  public record Filters(String status) {
    static Filters from(MultivaluedMap<String, String> query) {
      return new Filters(query.getFirst("status"));
    }
  }

  @RegisterForReflection
  @Schema(name = "CampaignCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(nullable = true, maxLength = Inputs.MAX_NAME, example = "Spring drop") String name,
      @Schema(nullable = true, description = CONFIG) Map<String, Object> config,
      @Schema(nullable = true, enumeration = {"draft", "active", "completed"}, description = "Default `draft`.")
      String status,
      @Schema(nullable = true, type = SchemaType.ARRAY, implementation = GeneratedVideoId.class,
          maxItems = CampaignService.MAX_VIDEOS, description = VIDEO_IDS)
      List<String> videoIds,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags) {
  }

  /** Partial update; {@code id} or {@code campaignId} name the campaign on the collection-level PUT. */
  @RegisterForReflection
  @Schema(name = "CampaignUpdate", additionalProperties = Schema.False.class, description = ApiDocs.UPDATE_BODY
      + " A new `config` recomputes `estimatedCredits`.")
  public record Update(
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.CAMPAIGN_ID,
          description = ApiDocs.BODY_ID) String id,
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.CAMPAIGN_ID,
          description = "Another name for `id`.") String campaignId,
      @Schema(nullable = true, maxLength = Inputs.MAX_NAME) String name,
      @Schema(nullable = true, description = CONFIG) Map<String, Object> config,
      @Schema(nullable = true, enumeration = {"draft", "active", "completed"}) String status,
      @Schema(nullable = true, type = SchemaType.ARRAY, implementation = GeneratedVideoId.class,
          maxItems = CampaignService.MAX_VIDEOS, description = VIDEO_IDS)
      List<String> videoIds,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags) {

    String anyId() {
      return id != null ? id : campaignId;
    }
  }

  @RegisterForReflection
  @Schema(name = "CampaignView", description = "A campaign: its config, the generated videos it uses and the "
      + "credits the config is estimated to cost (nothing is charged).")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.CAMPAIGN_ID) String campaignId,
      @Schema(required = true, nullable = true, maxLength = Inputs.MAX_NAME) String name,
      @Schema(required = true, description = CONFIG) Map<String, Object> config,
      @Schema(required = true, enumeration = {"draft", "active", "completed"}) String status,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.INT32_MAX,
          description = "The config's priced keys at the current price list.")
      int estimatedCredits,
      @Schema(required = true, type = SchemaType.ARRAY, implementation = GeneratedVideoId.class,
          maxItems = CampaignService.MAX_VIDEOS)
      List<String> videoIds,
      @Schema(required = true, maxItems = ApiDocs.TAGS_MAX) List<Tags.Tag> tags,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) Long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) Long updatedAt) {

    static View from(Campaign c) {
      return new View(c.id, c.name, c.config, c.status, c.estimatedCredits, c.videoIds, c.tags,
          OwnedRecord.millis(c.createdAt), OwnedRecord.millis(c.updatedAt));
    }
  }
}
