package dev.videoautomation.billing.admin;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.billing.admin.AdminDtos.EndRequest;
import dev.videoautomation.billing.admin.AdminDtos.GrantRequest;
import dev.videoautomation.billing.credits.CreditLedger;
import dev.videoautomation.billing.plans.Plan;
import dev.videoautomation.billing.plans.PlanRepository;
import dev.videoautomation.billing.subscriptions.Entitlement;
import dev.videoautomation.billing.subscriptions.EntitlementEvents;
import dev.videoautomation.billing.subscriptions.Entitlements;
import dev.videoautomation.billing.subscriptions.Subscription;
import dev.videoautomation.billing.subscriptions.SubscriptionRepository;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.hashes.Hashes;

/**
 * Operators grant and end subscriptions. Each command applies once per operationId: a retry with the same body gets
 * the first answer, another body under the same id is 422. Every change announces itself on
 * {@code entitlement_events} inside its transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.REQUIRED)
public class SubscriptionAdmin {
  static final String GRANT = "subscription.grant";
  static final String END = "subscription.end";

  private final AdminOperationRepository operations;
  private final SubscriptionRepository subscriptions;
  private final PlanRepository plans;
  private final Entitlements entitlements;
  private final EntitlementEvents events;
  private final CreditLedger credits;
  private final ObjectMapper json;
  private final dev.videoautomation.billing.subscriptions.Activations activations;
  private final Clock clock = Clock.systemUTC();

  SubscriptionAdmin(AdminOperationRepository operations, SubscriptionRepository subscriptions, PlanRepository plans,
      Entitlements entitlements, EntitlementEvents events, CreditLedger credits, ObjectMapper json,
      dev.videoautomation.billing.subscriptions.Activations activations) {
    this.activations = activations;
    this.operations = operations;
    this.subscriptions = subscriptions;
    this.plans = plans;
    this.entitlements = entitlements;
    this.events = events;
    this.credits = credits;
    this.json = json;
  }

  /** Activates {@code plan} for the client until {@code periodEnd}; grants the plan's monthly credits by default. */
  public Entitlement grant(GrantRequest grant, String actor) {
    var grantCredits = !Boolean.FALSE.equals(grant.grantCredits());
    var hash = hash(grant.clientId(), grant.plan(), grant.periodEnd(), grantCredits);
    return once(grant.operationId(), GRANT, hash, grant.clientId(), actor, null, () -> {
      var plan = plans.byName(grant.plan()).orElseThrow(() -> ApiException.invalidField("plan",
          "is not a plan; the plans are: " + String.join(", ", plans.allByName().stream().map(p -> p.plan).toList())));
      var subscription = activate(grant.clientId(), plan, periodEnd(grant.periodEnd()));
      if (grantCredits && plan.monthlyCredits > 0) {
        credits.grant(grant.clientId(), grant.operationId(), plan.monthlyCredits,
            "monthly credits of plan " + plan.plan + ", granted by an operator", actor);
      }
      Log.debugf("%s granted %s to %s until %s (%s)", actor, plan.plan, grant.clientId(), subscription.periodEnd,
          grant.operationId());
      return entitlements.of(grant.clientId(), subscription);
    });
  }

  /** Ends the client's subscription now ({@code expired}) or at its period end ({@code canceled}). */
  public Entitlement end(String clientId, EndRequest end, String actor) {
    var hash = hash(clientId, end.at(), end.reason());
    return once(end.operationId(), END, hash, clientId, actor, end.reason(), () -> {
      subscriptions.lockClient(clientId);
      var subscription = subscriptions.ofClient(clientId)
          .orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "Client " + clientId + " has no subscription "
              + "to end."));
      var now = clock.instant();
      if ("now".equals(end.at())) {
        subscription.status = Subscription.EXPIRED;
        subscription.periodEnd = now;
      } else {
        subscription.status = Subscription.CANCELED;
      }
      subscription.graceEnd = null;
      subscription.updatedAt = now;
      events.changed(clientId);
      Log.debugf("%s ended the subscription of %s at %s (%s)", actor, clientId, end.at(), end.operationId());
      return entitlements.of(clientId, subscription);
    });
  }

  private Subscription activate(String clientId, Plan plan, Instant periodEnd) {
    return activations.activate(clientId, plan, periodEnd, null);
  }

  private Instant periodEnd(Long requested) {
    var now = clock.instant();
    if (requested == null) {
      return now.atZone(ZoneOffset.UTC).plusMonths(1).toInstant();
    }
    var periodEnd = Instant.ofEpochMilli(requested);
    if (!periodEnd.isAfter(now)) {
      throw ApiException.invalidField("periodEnd", "must be in the future (epoch milliseconds)");
    }
    return periodEnd;
  }

  /** Applies the command unless its operationId was used before: then the first answer, or 422 for another body. */
  private Entitlement once(String operationId, String command, String requestHash, String clientId, String actor,
      String reason, Supplier<Entitlement> apply) {
    if (!operations.claim(operationId, command, requestHash, clientId, actor, reason)) {
      var first = operations.findById(operationId);
      if (!first.command.equals(command) || !first.requestHash.equals(requestHash)) {
        throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_MISMATCH, "operationId " + operationId + " was used for "
            + "another command or body; choose a new operationId for a new command.");
      }
      Log.debugf("Replayed %s %s for %s", command, operationId, actor);
      return read(first.response);
    }
    var answer = apply.get();
    operations.findById(operationId).response = write(answer);
    return answer;
  }

  private String write(Entitlement answer) {
    try {
      return json.writeValueAsString(answer);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private Entitlement read(String answer) {
    try {
      return json.readValue(answer, Entitlement.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String hash(Object... parts) {
    var digest = Hashes.sha256();
    for (var part : parts) {
      digest.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
      digest.update((byte) 0);
    }
    return Hashes.hex(digest.digest());
  }
}
