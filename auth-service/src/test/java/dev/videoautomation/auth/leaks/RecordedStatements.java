package dev.videoautomation.auth.leaks;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.enterprise.context.ApplicationScoped;

import org.hibernate.resource.jdbc.spi.StatementInspector;

import io.quarkus.hibernate.orm.PersistenceUnitExtension;

import dev.videoautomation.platform.http.RequestIds;

/**
 * Test only: every SQL statement Hibernate prepares (entity and native alike) while serving a request whose
 * {@code X-Request-Id} starts with {@link #PREFIX}, kept per request id. Work after the answer (a worker thread) has
 * no request id, so it is not recorded.
 */
@PersistenceUnitExtension
@ApplicationScoped
public class RecordedStatements implements StatementInspector {
  static final String PREFIX = "recorded-";
  private static final Map<String, List<String>> BY_REQUEST = new ConcurrentHashMap<>();

  @Override
  public String inspect(String sql) {
    var requestId = RequestIds.current();
    if (requestId.startsWith(PREFIX)) {
      BY_REQUEST.computeIfAbsent(requestId, id -> new CopyOnWriteArrayList<>()).add(sql);
    }
    return sql;
  }

  static List<String> of(String requestId) {
    return List.copyOf(BY_REQUEST.getOrDefault(requestId, List.of()));
  }
}
