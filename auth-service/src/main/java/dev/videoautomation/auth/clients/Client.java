package dev.videoautomation.auth.clients;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** The principal (design §5): keys come and go, the client id stays. */
@Entity
@Table(name = "clients")
public class Client extends PanacheEntityBase {
  @Id
  public String id;

  /**
   * The recovery address, lower case: where recovery codes go once it is verified. Several clients may wait on one
   * address unverified; one at most holds it verified.
   */
  @Column(name = "recovery_email")
  public String recoveryEmail;

  /** When a mailed code proved {@link #recoveryEmail}; null while it is unverified (or there is none). */
  @Column(name = "recovery_email_verified_at")
  public Instant recoveryEmailVerifiedAt;

  /** The billing checkout that created this client, when one did (idempotency of /internal/clients). */
  @Column(name = "operation_id")
  public String operationId;

  @Column(name = "created_at")
  public Instant createdAt;

  public boolean hasVerifiedRecoveryEmail() {
    return recoveryEmail != null && recoveryEmailVerifiedAt != null;
  }

  /** The client holding {@code email} (normalised) verified, or null. */
  public static Client findByVerifiedRecoveryEmail(String email) {
    return find("recoveryEmail = ?1 and recoveryEmailVerifiedAt is not null", email).firstResult();
  }

  public static Client findByOperationId(String operationId) {
    return find("operationId", operationId).firstResult();
  }
}
