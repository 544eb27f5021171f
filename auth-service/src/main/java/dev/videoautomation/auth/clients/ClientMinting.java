package dev.videoautomation.auth.clients;

import java.time.Clock;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.auth.keys.ApiKey;
import dev.videoautomation.auth.keys.Keys;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;

/** A new client with a live key for billing's keyless checkout (docs/internal-api.md §3.2), once per operation. */
@ApplicationScoped
public class ClientMinting {
  private final Keys keys;
  private final Clock clock = Clock.systemUTC();

  ClientMinting(Keys keys) {
    this.keys = keys;
  }

  @RegisterForReflection
  public record Minted(String clientId, String keyId, String credential, List<String> scopes, boolean created,
      boolean emailBound, long createdAt) {
  }

  @Transactional
  public Minted mint(String operationId, String email, boolean reissue) {
    var existing = Client.findByOperationId(operationId);
    if (existing == null) {
      var client = new Client();
      client.id = Ids.newId(IdPrefix.CLI);
      client.operationId = operationId;
      client.createdAt = clock.instant();
      var bound = false;
      if (email != null && !email.isBlank()) {
        var normalised = email.trim().toLowerCase(Locale.ROOT);
        if (Client.findByRecoveryEmail(normalised) == null) {
          client.recoveryEmail = normalised;
          bound = true;
        }
      }
      client.persist();
      var issued = keys.issue(client.id, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
      return new Minted(client.id, issued.key().id, issued.credential(), Keys.LIVE_SCOPES, true, bound,
          client.createdAt.toEpochMilli());
    }
    List<ApiKey> active = ApiKey.activeOf(existing.id);
    var bound = existing.recoveryEmail != null;
    if (!reissue) {
      var keyId = active.isEmpty() ? null : active.getFirst().id;
      return new Minted(existing.id, keyId, null, Keys.LIVE_SCOPES, false, bound, existing.createdAt.toEpochMilli());
    }
    List<ApiKey> all = ApiKey.list("clientId", existing.id);
    if (all.stream().anyMatch(key -> key.firstVerifiedAt != null)) {
      throw new ApiException(ErrorCode.CONFLICT, "A key of this client is already in use; it cannot be reissued.");
    }
    active.forEach(keys::revoke);
    var issued = keys.issue(existing.id, ApiKeys.Kind.LIVE, Keys.LIVE_SCOPES);
    return new Minted(existing.id, issued.key().id, issued.credential(), Keys.LIVE_SCOPES, false, bound,
        existing.createdAt.toEpochMilli());
  }
}
