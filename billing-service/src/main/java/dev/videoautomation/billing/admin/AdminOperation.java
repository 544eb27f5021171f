package dev.videoautomation.billing.admin;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An operator command applied once, by its operationId, with its first answer for any retry. */
@Entity
@Table(name = "admin_operations")
public class AdminOperation {
  @Id
  @Column(name = "operation_id")
  public String operationId;

  /** e.g. {@code subscription.grant}, {@code subscription.end}. */
  public String command;

  /** SHA-256 of the command's normalised body: the same id with another body is refused. */
  @Column(name = "request_hash")
  public String requestHash;

  @Column(name = "client_id")
  public String clientId;

  /** The token {@code sub} of the operator. */
  public String actor;

  public String reason;

  /** The first answer, as JSON text. */
  public String response;

  @Column(name = "created_at")
  public Instant createdAt;
}
