package dev.videoautomation.auth.leaks;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Takes a report of a leaked key: the one database statement of the request, the same whatever the key. It looks the
 * key's hash up and queues the report with the key id found (none for an unknown key) in one {@code INSERT}, so a
 * live, a revoked and an unknown key cost the same statement on rows of the same shape; whether anything is revoked
 * is decided after the answer ({@link LeakRevocations}). Neither the key nor its hash is stored.
 */
@ApplicationScoped
public class LeakReports {
  private static final String ENQUEUE = """
      INSERT INTO leak_reports (id, key_id, reported_at)
      VALUES (?1, (SELECT id FROM api_keys WHERE key_hash = ?2), ?3)""";

  private final EntityManager entityManager;
  private final Clock clock;

  LeakReports(EntityManager entityManager, Clock clock) {
    this.entityManager = entityManager;
    this.clock = clock;
  }

  /** Queues the revocation of {@code credential}, a well-formed key ({@link ApiKeys#isWellFormed}). */
  @Transactional
  public void report(String credential) {
    entityManager.createNativeQuery(ENQUEUE).setParameter(1, UUID.randomUUID().toString())
        .setParameter(2, ApiKeys.hash(credential)).setParameter(3, Timestamp.from(clock.instant()))
        .executeUpdate();
  }
}
