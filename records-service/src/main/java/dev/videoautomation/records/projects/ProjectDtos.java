package dev.videoautomation.records.projects;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.OwnedRecord;

/** Bodies and answers of /v1/projects. */
public final class ProjectDtos {
  private ProjectDtos() {
  }

  @RegisterForReflection
  public record Create(String name, Map<String, Object> timeline, String status, List<Tags.Tag> tags) {
  }

  @RegisterForReflection
  public record Update(String id, String name, Map<String, Object> timeline, String status, List<Tags.Tag> tags) {
  }

  @RegisterForReflection
  public record View(String id, String name, Map<String, Object> timeline, String status, List<Tags.Tag> tags,
      Long archivedAt, Long createdAt, Long updatedAt) {

    static View from(Project p) {
      return new View(p.id, p.name, p.timeline, p.status, p.tags, OwnedRecord.millis(p.archivedAt),
          OwnedRecord.millis(p.createdAt), OwnedRecord.millis(p.updatedAt));
    }
  }

  /** The answer to the archiving DELETE. */
  @RegisterForReflection
  public record Archived(String id, String status) {
  }
}
