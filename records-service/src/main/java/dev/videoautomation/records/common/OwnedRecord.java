package dev.videoautomation.records.common;

import java.time.Instant;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Tags;

/** What every record of this service has: a prefixed id, its owner, its tags and its two timestamps. */
@MappedSuperclass
public abstract class OwnedRecord {
  @Id
  public String id;

  @Column(name = "client_id")
  public String clientId;

  /** A jsonb array of {key, value}, in the order the caller gave; filtered with {@code tags @> ...}. */
  @JdbcTypeCode(SqlTypes.JSON)
  public List<Tags.Tag> tags;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "updated_at")
  public Instant updatedAt;

  /** Fills the owner and both timestamps of a new record (milliseconds, so cursors round-trip exactly). */
  public void created(String id, String clientId) {
    this.id = id;
    this.clientId = clientId;
    this.createdAt = Inputs.now();
    this.updatedAt = createdAt;
  }

  public void touched() {
    this.updatedAt = Inputs.now();
  }

  public Cursor cursor() {
    return new Cursor(createdAt.toEpochMilli(), id);
  }

  public static Long millis(Instant instant) {
    return instant == null ? null : instant.toEpochMilli();
  }
}
