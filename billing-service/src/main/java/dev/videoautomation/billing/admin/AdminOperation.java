package dev.videoautomation.billing.admin;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** An operator command already applied, by its operationId: a retry applies nothing again. */
@Entity
@Table(name = "admin_operations")
public class AdminOperation extends PanacheEntityBase {
  @Id
  @Column(name = "operation_id")
  public String operationId;

  public String command;

  @Column(name = "request_hash")
  public String requestHash;

  @Column(name = "client_id")
  public String clientId;

  public String actor;

  @Column(name = "created_at")
  public Instant createdAt;
}
