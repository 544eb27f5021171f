package dev.videoautomation.records.references;

import java.util.Map;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.records.common.OwnedRecord;

/** A bookmarked piece of content (a post, a video, a profile) the client wants to keep as inspiration. */
@Entity
@Table(name = "saved_references")
public class Reference extends OwnedRecord {
  public String url;
  public String platform;
  public String title;
  public String notes;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> metadata;
}
