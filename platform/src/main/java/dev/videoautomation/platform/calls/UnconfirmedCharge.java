package dev.videoautomation.platform.calls;

import jakarta.inject.Inject;

import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import io.quarkus.logging.Log;

/**
 * What follows a charge whose every attempt failed without an answer (timed out, unreachable, 502/504): billing may
 * still commit one of them after the owner gave up, which would leave the client charged for work that never starts
 * (seen with 200 concurrent charges on one key: 10 charged, 8 answered). So the charge is refunded by its operationId
 * before the failure goes on to the agent: a charge that went through is given back; one still under way is waited
 * for (billing serializes charge and refund of an operation) and given back; when none arrived, billing keeps a
 * tombstone that refuses a late one (docs/billing-service.md, "Credits"). The refund is retried as any refund; if it
 * fails too, the WARN names the operation for the operator.
 */
public class UnconfirmedCharge implements FallbackHandler<Credits.Charged> {
  /** The refund reason of a charge whose outcome never reached the owner. */
  public static final String REASON = "charge_unconfirmed";

  private final CreditsCalls credits;

  @Inject
  UnconfirmedCharge(CreditsCalls credits) {
    this.credits = credits;
  }

  @Override
  public Credits.Charged handle(ExecutionContext context) {
    var clientId = (String) context.getParameters()[0];
    var operationId = (String) context.getParameters()[1];
    try {
      credits.refund(clientId, operationId, REASON);
    } catch (RuntimeException refundFailed) {
      Log.warnf("Charge %s of %s got no answer and its refund failed too (%s): the ledger may hold a charge without "
          + "its work", operationId, clientId, refundFailed.getMessage());
    }
    var failure = context.getFailure();
    if (failure instanceof OwnerUnavailable unavailable) {
      throw unavailable;
    }
    if (failure instanceof TimeoutException) {
      throw OwnerErrors.timedOut(CreditsCalls.OWNER);
    }
    throw failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
  }
}
