package dev.videoautomation.records.campaigns;

import java.util.List;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import dev.videoautomation.records.common.OwnedRecord;

/** A campaign: a free config (its priced keys give {@code estimatedCredits}) and the generated videos it uses. */
@Entity
@Table(name = "campaigns")
public class Campaign extends OwnedRecord {
  public static final String DRAFT = "draft";

  public String name;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> config;

  public String status;

  @Column(name = "estimated_credits")
  public int estimatedCredits;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(name = "video_ids")
  public List<String> videoIds;
}
