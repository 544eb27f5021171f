package dev.videoautomation.billing.common;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;

import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import io.quarkus.logging.Log;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.hashes.Hashes;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * The admin API's two locks (docs/internal-api.md §3.5): a service token (the request comes from inside the suite)
 * and the operator secret in {@code X-Operator-Token} (it comes from an operator), compared in constant time. Runs
 * before the body is read, so nothing about the request is judged for a caller who may not make it.
 */
@ApplicationScoped
public class OperatorGuard {
  static final String HEADER = "X-Operator-Token";
  static final String SETTING = "BILLING_ADMIN_OPERATOR_TOKEN";

  private final Optional<String> operatorToken;
  private final CurrentCaller currentCaller;

  OperatorGuard(BillingConfig config, CurrentCaller currentCaller) {
    this.operatorToken = config.admin().operatorToken().filter(token -> !token.isBlank());
    this.currentCaller = currentCaller;
  }

  @OperatorOnly
  @ServerRequestFilter
  void check(HttpHeaders headers) {
    var caller = currentCaller.get()
        .orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "An internal token is needed."));
    if (!caller.isService()) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE,
          "The admin API takes service tokens only: mint a service:operator token with the suite signing key.");
    }
    if (operatorToken.isEmpty()) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The admin API is switched off.")
          .withSetup("Set " + SETTING + " to a long random secret and restart billing-service."));
    }
    var presented = headers.getHeaderString(HEADER);
    if (!Hashes.constantTimeEquals(presented, operatorToken.get())) {
      Log.debugf("Refused an admin call by %s: %s", caller.subject(), presented == null ? "no operator token"
          : "wrong operator token");
      throw new ApiException(ErrorCode.UNAUTHORIZED, "Send the operator secret (" + SETTING + ") in " + HEADER + ".");
    }
  }
}
