package dev.videoautomation.platform.token;

import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;


import io.smallrye.jwt.build.Jwt;

import dev.videoautomation.platform.config.SuiteConfig;

/**
 * Mints the suite's internal tokens with the suite signing key ({@code smallrye.jwt.sign.key[.location]}). A token
 * is reused while more than half its life is left, so a busy gateway signs once per client per minute, not once per
 * request.
 */
@Singleton
public class InternalTokens {
  public static final String SCOPE_CLAIM = "scope";
  public static final String PLAN_CLAIM = "plan";
  /** The id of the key the caller presented, so its owner can act on that key (rotation). */
  public static final String KEY_ID_CLAIM = "keyId";
  private static final int MAX_CACHED = 50_000;

  private final InternalTokenConfig config;
  private final String serviceName;
  private final ConcurrentHashMap<Object, Minted> cache = new ConcurrentHashMap<>();

  InternalTokens(InternalTokenConfig config, SuiteConfig suite) {
    this.config = config;
    this.serviceName = suite.serviceName();
  }

  /** A token for a client: {@code sub} = clientId, with its scopes and plan (null when it has none). */
  public String forClient(String clientId, Set<String> scopes, String plan) {
    return forClient(clientId, null, scopes, plan);
  }

  /** As {@link #forClient(String, Set, String)}, naming the key ({@code keyId} claim) the caller presented. */
  public String forClient(String clientId, String keyId, Set<String> scopes, String plan) {
    // A record, not a joined string: the gateway asks on every request, and the key's parts are hashed once each.
    var key = new ClientKey(clientId, keyId, scopes, plan);
    var minted = fresh(key);
    return minted != null ? minted.token() : store(key, sign(clientId, keyId, Set.copyOf(scopes), plan));
  }

  /** A token for this service acting on its own behalf: {@code sub} = {@code service:<name>}. */
  public String forThisService() {
    var key = Caller.SERVICE_PREFIX + serviceName;
    var minted = fresh(key);
    return minted != null ? minted.token() : store(key, sign(key, null, Set.of(), null));
  }

  private record ClientKey(String clientId, String keyId, Set<String> scopes, String plan) {
  }

  /** The cached token of {@code key} while more than half its life is left; null otherwise. */
  private Minted fresh(Object key) {
    var minted = cache.get(key);
    return minted != null && minted.refreshAt() > System.currentTimeMillis() / 1000 ? minted : null;
  }

  private String store(Object key, Minted minted) {
    if (cache.size() > MAX_CACHED) {
      cache.clear();
    }
    cache.put(key instanceof ClientKey client ? new ClientKey(client.clientId(), client.keyId(),
        Set.copyOf(client.scopes()), client.plan()) : key, minted);
    return minted.token();
  }

  private Minted sign(String subject, String keyId, Set<String> scopes, String plan) {
    var now = Instant.now().getEpochSecond();
    var lifespan = config.lifespan().toSeconds();
    var builder = Jwt.issuer(config.issuer())
        .audience(config.audience())
        .subject(subject)
        .issuedAt(now)
        .expiresAt(now + lifespan)
        .claim(SCOPE_CLAIM, String.join(" ", scopes));
    if (plan != null) {
      builder.claim(PLAN_CLAIM, plan);
    }
    if (keyId != null) {
      builder.claim(KEY_ID_CLAIM, keyId);
    }
    return new Minted(builder.sign(), now + lifespan / 2);
  }

  private record Minted(String token, long refreshAt) {
  }
}
