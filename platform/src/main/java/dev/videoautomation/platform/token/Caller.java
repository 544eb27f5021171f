package dev.videoautomation.platform.token;

import java.util.Set;

/**
 * Who a request is for, as the internal token says: a client (the gateway signed for an agent's key) or a service
 * acting on its own behalf ({@code sub = service:<name>}).
 *
 * @param subject the token's {@code sub}
 * @param scopes the client's scopes ({@code api.read}, {@code api.write}); empty for services
 * @param plan the client's plan, or null when it has none
 * @param keyId the id of the key the agent presented at the gateway, or null (services, tests)
 * @param token the raw token, so calls made for this caller can carry it on
 * @param expiresAt the token's expiry, epoch seconds
 */
public record Caller(String subject, Set<String> scopes, String plan, String keyId, String token, long expiresAt) {
  public static final String SERVICE_PREFIX = "service:";

  public boolean isService() {
    return subject.startsWith(SERVICE_PREFIX);
  }

  /** The client id, or null when a service calls on its own behalf. */
  public String clientId() {
    return isService() ? null : subject;
  }

  public boolean hasScope(String scope) {
    return scopes.contains(scope);
  }

  /**
   * The internal-API rule for a body or path {@code clientId} (docs/internal-api.md §1.2): a service may act for any
   * client; a client token only for itself, otherwise 403 {@code insufficient_scope}.
   */
  public void requireActsFor(String clientId) {
    if (!isService() && !subject.equals(clientId)) {
      throw new dev.videoautomation.platform.errors.ApiException(
          dev.videoautomation.platform.errors.ErrorCode.INSUFFICIENT_SCOPE, "This token acts for another client.");
    }
  }
}
