package dev.videoautomation.records.references;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;

/** Bodies and answers of /v1/references. */
public final class ReferenceDtos {
  private ReferenceDtos() {
  }

  @RegisterForReflection
  public record Create(String url, String platform, String title, String notes, List<Tags.Tag> tags,
      Map<String, Object> metadata) {
  }

  @RegisterForReflection
  public record Update(String id, String url, String platform, String title, String notes, List<Tags.Tag> tags,
      Map<String, Object> metadata) {
  }

  @RegisterForReflection
  public record View(String id, String url, String platform, String title, String notes, List<Tags.Tag> tags,
      Map<String, Object> metadata, Long createdAt, Long updatedAt) {

    static View from(Reference r) {
      return new View(r.id, r.url, r.platform, r.title, r.notes, r.tags, r.metadata, OwnedRecord.millis(r.createdAt),
          OwnedRecord.millis(r.updatedAt));
    }
  }
}
