package dev.videoautomation.platform.token;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.arc.Arc;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** The verified caller of the current request, as {@link InternalTokenFilter} left it. */
@ApplicationScoped
public class CurrentCaller {

  /** The caller, or empty outside a request (a scheduled job) or where tokens are not required (the gateway). */
  public Optional<Caller> get() {
    var container = Arc.container();
    if (container == null || !container.requestContext().isActive()) {
      return Optional.empty();
    }
    var request = container.instance(CurrentVertxRequest.class).get().getCurrent();
    return request == null ? Optional.empty() : Optional.ofNullable(request.get(InternalTokenFilter.CALLER_KEY));
  }

  /** The client the request is for; a 401 when the token names a service instead of a client. */
  /** The caller, client or service; a 401 outside a verified request. */
  public Caller require() {
    return get().orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "This call needs an internal token."));
  }

  public String requireClientId() {
    return get().map(Caller::clientId)
        .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "This call needs an API key."));
  }
}
