package dev.videoautomation.media.library;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.platform.ffmpeg.MediaInfo;

/** One stored object: whose it is, where it lives, and what ffprobe said about it. Immutable once written. */
@Entity
@Table(name = "media_objects")
public class MediaObject {
  @Id
  public String id;

  @Column(name = "client_id")
  public String clientId;

  /** Why it was stored: {@code upload}, {@code scrape}, {@code import}, {@code asset}, {@code generated}, ... */
  public String purpose;

  /** {@code local} or {@code s3}. */
  public String storage;

  @Column(name = "storage_key")
  public String storageKey;

  @Column(name = "content_type")
  public String contentType;

  @Column(name = "size_bytes")
  public long sizeBytes;

  @Column(name = "duration_seconds")
  public Double durationSeconds;

  public Integer width;

  public Integer height;

  @Column(name = "source_url")
  public String sourceUrl;

  @Column(name = "created_at")
  public Instant createdAt;

  /** ffprobe's description, taken when the object was stored. */
  @JdbcTypeCode(SqlTypes.JSON)
  public MediaInfo probe;
}
