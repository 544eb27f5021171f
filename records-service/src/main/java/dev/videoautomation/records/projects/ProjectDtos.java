package dev.videoautomation.records.projects;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.core.MultivaluedMap;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.lists.Tags;
import dev.videoautomation.records.common.Inputs;
import dev.videoautomation.records.common.OwnedRecord;
import dev.videoautomation.records.openapi.ApiDocs;

/** Bodies and answers of /v1/projects. */
public final class ProjectDtos {
  static final String TIMELINE = "The editor's timeline: any JSON object, at most 1 MiB once serialized; kept as "
      + "given.";

  private ProjectDtos() {
  }

  /**
   * The list's own filters, read from its query (documented with the list, GET /v1/projects in
   * META-INF/openapi.yaml).
   */
  public record Filters(String status) {
    static Filters from(MultivaluedMap<String, String> query) {
      return new Filters(query.getFirst("status"));
    }
  }

  @RegisterForReflection
  @Schema(name = "ProjectCreate", additionalProperties = Schema.False.class)
  public record Create(
      @Schema(required = true, minLength = 1, maxLength = Inputs.MAX_NAME, example = "Launch teaser") String name,
      @Schema(nullable = true, description = TIMELINE + " Default {}.") Map<String, Object> timeline,
      @Schema(nullable = true, enumeration = {"draft", "archived"}, description = "Default `draft`.") String status,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags) {
  }

  @RegisterForReflection
  @Schema(name = "ProjectUpdate", additionalProperties = Schema.False.class, description = ApiDocs.UPDATE_BODY)
  public record Update(
      @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.PROJECT_ID,
          description = ApiDocs.BODY_ID) String id,
      @Schema(nullable = true, minLength = 1, maxLength = Inputs.MAX_NAME) String name,
      @Schema(nullable = true, description = TIMELINE) Map<String, Object> timeline,
      @Schema(nullable = true, enumeration = {"draft", "archived"}, description = "`draft` restores an archived "
          + "project; `archived` archives it.") String status,
      @Schema(nullable = true, maxItems = ApiDocs.TAGS_MAX, description = ApiDocs.TAGS) List<Tags.Tag> tags) {
  }

  @RegisterForReflection
  @Schema(name = "ProjectView", description = "An editor project: a name and the editor's timeline.")
  public record View(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.PROJECT_ID) String id,
      @Schema(required = true, maxLength = Inputs.MAX_NAME) String name,
      @Schema(required = true, description = TIMELINE) Map<String, Object> timeline,
      @Schema(required = true, enumeration = {"draft", "archived"}) String status,
      @Schema(required = true, maxItems = ApiDocs.TAGS_MAX) List<Tags.Tag> tags,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = "When it was archived, epoch "
          + "milliseconds; null unless `archived`.") Long archivedAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.CREATED_AT) Long createdAt,
      @Schema(required = true, minimum = "0", maximum = ApiDocs.EPOCH_MS_MAX,
          description = ApiDocs.UPDATED_AT) Long updatedAt) {

    static View from(Project p) {
      return new View(p.id, p.name, p.timeline, p.status, p.tags, OwnedRecord.millis(p.archivedAt),
          OwnedRecord.millis(p.createdAt), OwnedRecord.millis(p.updatedAt));
    }
  }

  /** The answer to the archiving DELETE. */
  @RegisterForReflection
  @Schema(name = "ProjectArchived", description = "The project is archived (soft): still readable by id, left out "
      + "of the default list, restored by PUT `status: draft`.")
  public record Archived(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.PROJECT_ID) String id,
      @Schema(required = true, enumeration = {"archived"}) String status) {
  }
}
