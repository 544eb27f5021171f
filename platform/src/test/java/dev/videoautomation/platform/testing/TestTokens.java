package dev.videoautomation.platform.testing;

import java.time.Instant;
import java.util.Set;

import io.smallrye.jwt.build.Jwt;

/** Internal tokens for tests, signed with the test key pair the platform test-jar ships. */
public final class TestTokens {
  public static final String PRIVATE_KEY = "internal-token/test-private.pem";
  public static final String ISSUER = "video-automation";
  public static final String AUDIENCE = "video-automation-internal";

  private TestTokens() {
  }

  /** As the gateway signs for an agent: {@code sub} = clientId, with scopes and plan. */
  public static String forClient(String clientId, Set<String> scopes, String plan) {
    var builder = base(clientId, 120).claim("scope", String.join(" ", scopes));
    if (plan != null) {
      builder.claim("plan", plan);
    }
    return builder.sign(PRIVATE_KEY);
  }

  /** A client token naming the key the agent presented, as the gateway mints it. */
  public static String forClientKey(String clientId, String keyId, Set<String> scopes, String plan) {
    var builder = base(clientId, 120).claim("scope", String.join(" ", scopes)).claim("keyId", keyId);
    if (plan != null) {
      builder.claim("plan", plan);
    }
    return builder.sign(PRIVATE_KEY);
  }

  public static String forService(String name) {
    return base("service:" + name, 120).claim("scope", "").sign(PRIVATE_KEY);
  }

  /** A token that claims a life longer than the five minutes services accept. */
  public static String longLived(String subject) {
    return base(subject, 3600).sign(PRIVATE_KEY);
  }

  public static String withAudience(String subject, String audience) {
    var now = Instant.now().getEpochSecond();
    return Jwt.issuer(ISSUER).audience(audience).subject(subject).issuedAt(now).expiresAt(now + 60)
        .sign(PRIVATE_KEY);
  }

  private static io.smallrye.jwt.build.JwtClaimsBuilder base(String subject, long lifeSeconds) {
    var now = Instant.now().getEpochSecond();
    return Jwt.issuer(ISSUER).audience(AUDIENCE).subject(subject).issuedAt(now).expiresAt(now + lifeSeconds);
  }
}
