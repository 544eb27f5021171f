package dev.videoautomation.auth.registrations;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A registration and its claim token (kept as a hash). */
@Entity
@Table(name = "registrations")
public class Registration extends PanacheEntityBase {
  public static final String ANONYMOUS = "anonymous";
  public static final String EMAIL = "email-verification";

  @Id
  public String id;

  @Column(name = "client_id")
  public String clientId;

  @Column(name = "registration_type")
  public String type;

  @Column(name = "claim_token_hash")
  public String claimTokenHash;

  @Column(name = "claim_expires_at")
  public Instant claimExpiresAt;

  public String email;

  @Column(name = "anonymous_key_id")
  public String anonymousKeyId;

  @Column(name = "claimed_at")
  public Instant claimedAt;

  @Column(name = "created_at")
  public Instant createdAt;
}
