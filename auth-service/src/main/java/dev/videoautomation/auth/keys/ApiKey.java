package dev.videoautomation.auth.keys;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** One issued key, known by its SHA-256 only. */
@Entity
@Table(name = "api_keys")
public class ApiKey extends PanacheEntityBase {
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

  public List<String> scopeList() {
    return scopes.isBlank() ? List.of() : Arrays.asList(scopes.split(" "));
  }

  public static ApiKey findByHash(String keyHash) {
    return find("keyHash", keyHash).firstResult();
  }

  public static List<ApiKey> activeOf(String clientId) {
    return list("clientId = ?1 and status = ?2", clientId, ACTIVE);
  }
}
