package dev.videoautomation.records.projects;

import java.time.Instant;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.records.common.OwnedRecord;

/** An editor project: a name and the editor's timeline document, kept as given. Archived, never deleted. */
@Entity
@Table(name = "projects")
public class Project extends OwnedRecord {
  public static final String DRAFT = "draft";
  public static final String ARCHIVED = "archived";

  public String name;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> timeline;

  public String status;

  @Column(name = "archived_at")
  public Instant archivedAt;
}
