package dev.videoautomation.billing.checkout;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

@ApplicationScoped
public class CheckoutSessionRepository implements PanacheRepositoryBase<CheckoutSession, String> {

  public Optional<CheckoutSession> locked(String id) {
    return Optional.ofNullable(findById(id, LockModeType.PESSIMISTIC_WRITE));
  }

  /**
   * Takes the stored credential with one statement, so two concurrent polls cannot both get it: the ciphertext and
   * nonce, or empty when there is none (never stored, or already handed out).
   */
  public Optional<byte[][]> takeCredential(String id) {
    @SuppressWarnings("unchecked")
    List<Object[]> rows = getEntityManager().createNativeQuery("""
        UPDATE checkout_sessions old SET credential_ciphertext = NULL, credential_nonce = NULL,
               credential_delivered_at = now()
        FROM (SELECT id, credential_ciphertext, credential_nonce FROM checkout_sessions WHERE id = ?1 FOR UPDATE) s
        WHERE old.id = s.id AND s.credential_ciphertext IS NOT NULL
        RETURNING s.credential_ciphertext, s.credential_nonce""").setParameter(1, id).getResultList();
    return rows.isEmpty() ? Optional.empty()
        : Optional.of(new byte[][] {(byte[]) rows.getFirst()[0], (byte[]) rows.getFirst()[1]});
  }
}
