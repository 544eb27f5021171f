package dev.videoautomation.records.campaigns;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;

/** Bodies and answers of /v1/campaigns; list items and single answers name the id {@code campaignId}. */
public final class CampaignDtos {
  private CampaignDtos() {
  }

  @RegisterForReflection
  public record Create(String name, Map<String, Object> config, String status, List<String> videoIds,
      List<Tags.Tag> tags) {
  }

  /** Partial update; {@code id} or {@code campaignId} name the campaign on the collection-level PUT. */
  @RegisterForReflection
  public record Update(String id, String campaignId, String name, Map<String, Object> config, String status,
      List<String> videoIds, List<Tags.Tag> tags) {

    String anyId() {
      return id != null ? id : campaignId;
    }
  }

  @RegisterForReflection
  public record View(String campaignId, String name, Map<String, Object> config, String status, int estimatedCredits,
      List<String> videoIds, List<Tags.Tag> tags, Long createdAt, Long updatedAt) {

    static View from(Campaign c) {
      return new View(c.id, c.name, c.config, c.status, c.estimatedCredits, c.videoIds, c.tags,
          OwnedRecord.millis(c.createdAt), OwnedRecord.millis(c.updatedAt));
    }
  }
}
