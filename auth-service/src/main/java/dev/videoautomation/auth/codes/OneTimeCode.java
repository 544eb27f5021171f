package dev.videoautomation.auth.codes;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A 6-digit code sent by mail, kept as a salted hash with its life and attempt count. */
@Entity
@Table(name = "one_time_codes")
public class OneTimeCode extends PanacheEntityBase {
  public static final String CLAIM = "claim";
  public static final String RECOVERY = "recovery";
  /** Verifies the recovery address a keyless checkout named. */
  public static final String RECOVERY_EMAIL = "recovery_email";

  /** {@code cla_…}: the claim attempt id of the reference. */
  @Id
  public String id;

  public String purpose;

  @Column(name = "registration_id")
  public String registrationId;

  /** Null on recovery codes: they name the address; the client is its verified holder when the code is used. */
  @Column(name = "client_id")
  public String clientId;

  public String email;

  @Column(name = "code_salt")
  public String salt;

  @Column(name = "code_hash")
  public String hash;

  public int attempts;

  @Column(name = "expires_at")
  public Instant expiresAt;

  @Column(name = "used_at")
  public Instant usedAt;

  @Column(name = "voided_at")
  public Instant voidedAt;

  @Column(name = "created_at")
  public Instant createdAt;
}
