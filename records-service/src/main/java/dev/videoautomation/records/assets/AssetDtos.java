package dev.videoautomation.records.assets;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;

/** Bodies and answers of /v1/assets. */
public final class AssetDtos {
  private AssetDtos() {
  }

  @RegisterForReflection
  public record Create(String url, String name, String contentType, List<Tags.Tag> tags,
      Map<String, Object> metadata) {
  }

  /** Partial update of name, tags and metadata; {@code url} is named only to refuse it clearly. */
  @RegisterForReflection
  public record Update(String id, String url, String name, List<Tags.Tag> tags, Map<String, Object> metadata) {
  }

  @RegisterForReflection
  public record View(String id, String url, String status, String name, String contentType, String sourceUrl,
      String mediaId, Long sizeBytes, List<Tags.Tag> tags, Map<String, Object> metadata, Long createdAt,
      Long updatedAt) {

    static View from(Asset a) {
      return new View(a.id, a.url, a.status, a.name, a.contentType, a.sourceUrl, a.mediaId, a.sizeBytes, a.tags,
          a.metadata, OwnedRecord.millis(a.createdAt), OwnedRecord.millis(a.updatedAt));
    }
  }
}
