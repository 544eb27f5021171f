package dev.videoautomation.scrape.provider;

import java.time.Clock;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.scrape.config.ScrapeConfig;

/**
 * Identical provider requests (path and parameters) within a short window are answered from memory. The data is
 * public, so one cache serves every client. Answers are shared: readers that change one must copy it first.
 */
@ApplicationScoped
public class ProviderCache {
  private final ScrapeConfig.Cache config;
  private final Clock clock;
  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  @Inject
  ProviderCache(ScrapeConfig config) {
    this(config.cache(), Clock.systemUTC());
  }

  ProviderCache(ScrapeConfig.Cache config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  public Optional<JsonNode> get(String key) {
    var entry = entries.get(key);
    if (entry == null) {
      return Optional.empty();
    }
    if (entry.expiresAt() <= clock.millis()) {
      entries.remove(key, entry);
      return Optional.empty();
    }
    return Optional.of(entry.value());
  }

  public void put(String key, JsonNode value) {
    var ttl = config.ttl().toMillis();
    if (ttl <= 0 || config.maxEntries() <= 0) {
      return;
    }
    var now = clock.millis();
    entries.put(key, new Entry(value, now + ttl));
    if (entries.size() > config.maxEntries()) {
      evict(now);
    }
  }

  /** Drops everything (tests, and an operator's fresh start). */
  public void clear() {
    entries.clear();
  }

  /** The cache key of a request: the path and its parameters in a stable order. */
  public static String key(String path, Map<String, String> query) {
    var key = new StringBuilder(path);
    query.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> key.append('\n').append(e.getKey()).append('=').append(e.getValue()));
    return key.toString();
  }

  private void evict(long now) {
    entries.entrySet().removeIf(e -> e.getValue().expiresAt() <= now);
    var excess = entries.size() - config.maxEntries();
    if (excess > 0) {
      entries.entrySet().stream().sorted(Comparator.comparingLong(e -> e.getValue().expiresAt())).limit(excess)
          .map(Map.Entry::getKey).toList().forEach(entries::remove);
    }
  }

  private record Entry(JsonNode value, long expiresAt) {
  }
}
