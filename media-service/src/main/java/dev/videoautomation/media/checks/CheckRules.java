package dev.videoautomation.media.checks;

import java.time.Instant;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One client's custom check rules, as one jsonb document with a version that each save increments. */
@Entity
@Table(name = "check_rules")
public class CheckRules {
  @Id
  @Column(name = "client_id")
  public String clientId;

  @JdbcTypeCode(SqlTypes.JSON)
  public List<CustomRule> rules;

  public int version;

  @Column(name = "updated_at")
  public Instant updatedAt;
}
