package dev.videoautomation.billing.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * The admin API's two locks (docs/internal-api.md §3.5): a service token (the request comes from inside the suite)
 * and the operator secret (it comes from an operator), compared in constant time.
 */
@ApplicationScoped
public class OperatorGuard {
  static final String HEADER = "X-Operator-Token";

  private final Optional<String> operatorToken;
  private final CurrentCaller currentCaller;

  OperatorGuard(@ConfigProperty(name = "billing.admin.operator-token") Optional<String> operatorToken,
      CurrentCaller currentCaller) {
    this.operatorToken = operatorToken.filter(token -> !token.isBlank());
    this.currentCaller = currentCaller;
  }

  /** The operator's caller, or the error that refuses the request. */
  public Caller check(String presented) {
    if (operatorToken.isEmpty()) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The admin API is switched off.")
          .withSetup("Set BILLING_ADMIN_OPERATOR_TOKEN to a long random secret and restart billing-service."));
    }
    var caller = currentCaller.get().orElseThrow(() -> new ApiException(ErrorCode.UNAUTHORIZED, "A token is needed."));
    if (!caller.isService()) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "The admin API takes service tokens only.");
    }
    if (presented == null || !MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8),
        operatorToken.get().getBytes(StandardCharsets.UTF_8))) {
      throw new ApiException(ErrorCode.UNAUTHORIZED, "Send the operator secret in " + HEADER + ".");
    }
    return caller;
  }
}
