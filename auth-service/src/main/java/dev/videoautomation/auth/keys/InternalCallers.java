package dev.videoautomation.auth.keys;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.auth.config.AuthConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.CurrentCaller;

/** Only the named services may verify keys or mint clients (docs/internal-api.md §1.2 rule 3). */
@ApplicationScoped
public class InternalCallers {
  private final List<String> verifyCallers;
  private final List<String> clientsCallers;
  private final CurrentCaller caller;

  InternalCallers(AuthConfig config, CurrentCaller caller) {
    this.verifyCallers = config.internal().verifyCallers();
    this.clientsCallers = config.internal().clientsCallers();
    this.caller = caller;
  }

  public void requireVerifyCaller() {
    require(verifyCallers);
  }

  public void requireClientsCaller() {
    require(clientsCallers);
  }

  private void require(List<String> allowed) {
    var subject = caller.get().map(c -> c.subject()).orElse(null);
    if (subject == null || !allowed.contains(subject)) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This internal endpoint serves " + allowed + " only.");
    }
  }
}
