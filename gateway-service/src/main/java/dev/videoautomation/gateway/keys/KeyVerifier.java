package dev.videoautomation.gateway.keys;

import java.time.Duration;

import jakarta.inject.Singleton;


import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.vertx.core.Future;

import dev.videoautomation.gateway.cache.ExpiringCache;
import dev.videoautomation.gateway.events.ChangeEvents;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Turns a presented key into its client through auth-service, cached by key hash for at most a minute and never
 * past the key's own expiry; {@code key_events} drop an entry within a second of the change (docs/internal-api.md
 * §3.1, §2). Only the hash leaves the gateway.
 */
@Singleton
public class KeyVerifier {
  static final long TTL_MILLIS = Duration.ofSeconds(60).toMillis();
  private static final int MAX_ENTRIES = 100_000;

  private final AuthClient auth;
  private final ChangeEvents events;
  private final ExpiringCache<String, KeyVerification> cache = new ExpiringCache<>(MAX_ENTRIES,
      answer -> {
        var ttlEnd = System.currentTimeMillis() + TTL_MILLIS;
        return answer.expiresAt() == null ? ttlEnd : Math.min(ttlEnd, answer.expiresAt());
      });

  KeyVerifier(@RestClient AuthClient auth, ChangeEvents events) {
    this.auth = auth;
    this.events = events;
    events.onKeyEvent((keyId, clientId) -> cache.evictIf((hash, answer) -> keyId != null
        ? keyId.equals(answer.keyId()) : clientId != null && clientId.equals(answer.clientId())));
    events.onReconnect(cache::clear);
  }

  /** The verification of a well-formed key ({@link ApiKeys#isWellFormed}); never fails for an unknown key. */
  public Future<KeyVerification> verify(String key) {
    var hash = ApiKeys.hash(key);
    return cache.get(hash, events.listening(), h -> Future.fromCompletionStage(
        auth.verify(new AuthClient.VerifyRequest(h)).subscribeAsCompletionStage()));
  }
}
