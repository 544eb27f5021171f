package dev.videoautomation.gateway.cache;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import io.vertx.core.Future;
import io.vertx.core.Promise;

/**
 * A bounded in-memory cache of answers from another service, each with its own expiry, with one call in flight per
 * key (a cold key under a burst costs one call, not a thousand). Entries are dropped by change events; when the
 * event listener is down, {@code trusted} is false and every lookup asks the owner again (docs/internal-api.md §2).
 */
public final class ExpiringCache<K, V> {
  private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<K, Future<V>> inFlight = new ConcurrentHashMap<>();
  /** Bumped by every eviction, so an answer loaded before a change event is never cached after it. */
  private final java.util.concurrent.atomic.AtomicLong generation = new java.util.concurrent.atomic.AtomicLong();
  private final int maxEntries;
  private final ToLongFunction<V> expiresAtMillis;

  /**
   * @param maxEntries past this size the cache is emptied: rare, cheap, and memory stays bounded
   * @param expiresAtMillis when an answer stops being valid, epoch milliseconds
   */
  public ExpiringCache(int maxEntries, ToLongFunction<V> expiresAtMillis) {
    this.maxEntries = maxEntries;
    this.expiresAtMillis = expiresAtMillis;
  }

  private record Entry<V>(V value, long expiresAt) {
  }

  /** The cached answer, or the one {@code load} brings (shared by every concurrent caller of the same key). */
  public Future<V> get(K key, boolean trusted, Function<K, Future<V>> load) {
    var now = System.currentTimeMillis();
    if (trusted) {
      var entry = entries.get(key);
      if (entry != null && entry.expiresAt() > now) {
        return Future.succeededFuture(entry.value());
      }
    }
    var promise = Promise.<V>promise();
    var existing = inFlight.putIfAbsent(key, promise.future());
    if (existing != null) {
      return existing;
    }
    var loadedIn = generation.get();
    load.apply(key).onComplete(result -> {
      inFlight.remove(key, promise.future());
      if (result.succeeded() && generation.get() == loadedIn) {
        put(key, result.result());
      }
      promise.handle(result);
    });
    return promise.future();
  }

  public void put(K key, V value) {
    if (entries.size() >= maxEntries) {
      entries.clear();
    }
    entries.put(key, new Entry<>(value, expiresAtMillis.applyAsLong(value)));
  }

  /** Drops every entry the predicate selects (called on change events, which are rare). */
  public void evictIf(BiPredicate<K, V> predicate) {
    generation.incrementAndGet();
    inFlight.clear();
    entries.entrySet().removeIf(e -> predicate.test(e.getKey(), e.getValue().value()));
  }

  public void evict(K key) {
    generation.incrementAndGet();
    inFlight.clear();
    entries.remove(key);
  }

  public void clear() {
    generation.incrementAndGet();
    inFlight.clear();
    entries.clear();
  }

  public int size() {
    return entries.size();
  }
}
