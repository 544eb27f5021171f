package dev.videoautomation.media.checks;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;

/** Custom check rules by client id. */
@ApplicationScoped
public class CheckRulesRepository implements PanacheRepositoryBase<CheckRules, String> {

  public Optional<CheckRules> byClient(String clientId) {
    return findByIdOptional(clientId);
  }

  /** The row locked for update, so that concurrent saves of one client take turns. */
  public Optional<CheckRules> byClientForUpdate(String clientId) {
    return findByIdOptional(clientId, LockModeType.PESSIMISTIC_WRITE);
  }
}
