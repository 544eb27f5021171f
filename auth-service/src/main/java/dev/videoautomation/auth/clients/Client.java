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

  /** Where recovery codes go; unique across clients, lower case. */
  @Column(name = "recovery_email")
  public String recoveryEmail;

  /** The billing checkout that created this client, when one did (idempotency of /internal/clients). */
  @Column(name = "operation_id")
  public String operationId;

  @Column(name = "created_at")
  public Instant createdAt;

  public static Client findByRecoveryEmail(String email) {
    return find("recoveryEmail", email).firstResult();
  }

  public static Client findByOperationId(String operationId) {
    return find("operationId", operationId).firstResult();
  }
}
