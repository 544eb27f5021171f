package dev.videoautomation.auth.keys;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import org.hibernate.annotations.DynamicUpdate;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/**
 * One issued key, known by its SHA-256 only. Updates write only the columns that changed, so a verification stamping
 * {@code last_used_at} can never write back a status that a concurrent rotation or claim just changed.
 */
@Entity
@Table(name = "api_keys")
@DynamicUpdate
public class ApiKey extends PanacheEntityBase {
  public static final String ANONYMOUS = "anonymous";
  public static final String LIVE = "live";
  public static final String ACTIVE = "active";
  public static final String REVOKED = "revoked";
  public static final String REPLACED = "replaced";

  @Id
  public String id;

  @Column(name = "client_id")
  public String clientId;

  @Column(name = "key_hash")
  public String keyHash;

  /** {@code anonymous} or {@code live}. */
  public String kind;

  /** Space-separated. */
  public String scopes;

  public String status;

  @Column(name = "expires_at")
  public Instant expiresAt;

  @Column(name = "created_at")
  public Instant createdAt;

  @Column(name = "ended_at")
  public Instant endedAt;

  @Column(name = "first_verified_at")
  public Instant firstVerifiedAt;

  @Column(name = "last_used_at")
  public Instant lastUsedAt;

  /** The primary key that created this sub-key; null for a primary key. */
  @Column(name = "parent_key_id")
  public String parentKeyId;

  /** A sub-key's label; null for a primary key. */
  public String name;

  /** The metered buckets a sub-key may draw from; null: every bucket. */
  @JdbcTypeCode(SqlTypes.JSON)
  public List<String> buckets;

  /** Bucket → a sub-key's own calls per day; null or a missing bucket: no cap of its own. */
  @Column(name = "daily_units")
  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Integer> dailyUnits;

  public boolean isSubKey() {
    return parentKeyId != null;
  }

  /** Active and not past its expiry (a rotation's grace end, a sub-key's expiry). */
  public boolean works(Instant now) {
    return ACTIVE.equals(status) && (expiresAt == null || now.isBefore(expiresAt));
  }

  public List<String> scopeList() {
    return scopes.isBlank() ? List.of() : Arrays.asList(scopes.split(" "));
  }

  public static ApiKey findByHash(String keyHash) {
    return find("keyHash", keyHash).firstResult();
  }

  /** The client's active keys, sub-keys included, oldest first, locked for the caller's transaction. */
  public static List<ApiKey> activeOf(String clientId) {
    return find("clientId = ?1 and status = ?2 order by createdAt", clientId, ACTIVE)
        .withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).list();
  }

  /** The client's active primary keys (no sub-key), oldest first, locked for the caller's transaction. */
  public static List<ApiKey> activePrimariesOf(String clientId) {
    return find("clientId = ?1 and status = ?2 and parentKeyId is null order by createdAt", clientId, ACTIVE)
        .withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).list();
  }
}
