package dev.videoautomation.billing.admin;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

/** Operator commands by operationId. */
@ApplicationScoped
public class AdminOperationRepository implements PanacheRepositoryBase<AdminOperation, String> {

  /**
   * Records the command unless its operationId is taken; true when this call recorded it. A concurrent first call
   * with the same id makes this one wait for it to commit or roll back, so a command is never applied twice.
   */
  public boolean claim(String operationId, String command, String requestHash, String clientId, String actor,
      String reason) {
    return getEntityManager().createNativeQuery("""
        INSERT INTO admin_operations (operation_id, command, request_hash, client_id, actor, reason)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (operation_id) DO NOTHING""")
        .setParameter(1, operationId).setParameter(2, command).setParameter(3, requestHash)
        .setParameter(4, clientId).setParameter(5, actor).setParameter(6, reason).executeUpdate() == 1;
  }
}
