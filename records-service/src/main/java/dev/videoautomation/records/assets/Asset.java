package dev.videoautomation.records.assets;

import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.records.common.OwnedRecord;

/**
 * A file the client keeps on the suite's storage: fetched from its source URL at creation, or the client's own upload
 * as it is stored (then {@code mediaId} is the upload's).
 */
@Entity
@Table(name = "assets")
public class Asset extends OwnedRecord {
  public static final String ACTIVE = "active";

  /** The suite's own CDN URL of the stored object. */
  public String url;

  @Column(name = "source_url")
  public String sourceUrl;

  @Column(name = "media_id")
  public String mediaId;

  public String name;

  @Column(name = "content_type")
  public String contentType;

  @Column(name = "size_bytes")
  public Long sizeBytes;

  public String status;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> metadata;
}
