package dev.videoautomation.auth.subkeys;

import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.calls.OwnerErrors;
import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.calls.OwnerUnavailable;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * What auth asks the owners of spend about its keys: billing's budgets (§3.19.2) and the gateway's counters of today
 * (§3.19.4). Setting a budget must succeed before a key is committed, so its failure is a 503 that stops the change;
 * reading them is for display only, so a failure there is an empty answer (the fields are shown as unknown).
 */
@ApplicationScoped
public class Budgets {
  static final String BILLING = "billing service";
  static final String GATEWAY = "gateway";
  static final String NOT_RECORDED = "The billing service could not record the sub-key's credit budget, so nothing "
      + "was changed (no key was created). Retry in a moment.";

  private final BudgetsApi billing;
  private final KeyUsageApi gateway;

  Budgets(@RestClient BudgetsApi billing, @RestClient KeyUsageApi gateway) {
    this.billing = billing;
    this.gateway = gateway;
  }

  /** Sets the key's budget at billing (idempotent, so retried); any failure is 503 {@code service_unavailable}. */
  @Timeout(value = 3, unit = ChronoUnit.SECONDS)
  @Retry(maxRetries = 1, delay = 100, retryOn = {OwnerUnavailable.class, TimeoutException.class})
  @Fallback(fallbackMethod = "notRecorded", applyOn = {OwnerRefusal.class, TimeoutException.class})
  public BudgetsApi.Budget put(String keyId, String clientId, int creditBudget) {
    return OwnerErrors.call(BILLING, () -> billing.put(keyId, new BudgetsApi.Change(clientId, creditBudget)));
  }

  BudgetsApi.Budget notRecorded(String keyId, String clientId, int creditBudget) {
    Log.warnf("Setting the budget of %s at billing failed; the change was refused with 503", keyId);
    throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, NOT_RECORDED);
  }

  /** Key id → its budget and spend, or empty when billing could not answer now. */
  @Timeout(value = 2, unit = ChronoUnit.SECONDS)
  @Fallback(fallbackMethod = "noBudgets")
  public Optional<Map<String, BudgetsApi.Listed>> ofClient(String clientId) {
    var listing = OwnerErrors.call(BILLING, () -> billing.list(clientId));
    return Optional.of(listing.data() == null ? Map.of() : listing.data().stream()
        .collect(Collectors.toMap(BudgetsApi.Listed::keyId, Function.identity(), (a, b) -> a)));
  }

  Optional<Map<String, BudgetsApi.Listed>> noBudgets(String clientId) {
    Log.warnf("Billing's budgets of %s could not be read; shown as unknown", clientId);
    return Optional.empty();
  }

  /** Key id → bucket → units taken today, or empty when the gateway could not answer now. */
  @Timeout(value = 2, unit = ChronoUnit.SECONDS)
  @Fallback(fallbackMethod = "noUnits")
  public Optional<Map<String, Map<String, Integer>>> unitsToday(String clientId) {
    var usage = OwnerErrors.call(GATEWAY, () -> gateway.today(clientId));
    return Optional.of(usage.keys() == null ? Map.of() : usage.keys());
  }

  Optional<Map<String, Map<String, Integer>>> noUnits(String clientId) {
    Log.warnf("The gateway's key counters of %s could not be read; shown as unknown", clientId);
    return Optional.empty();
  }
}
