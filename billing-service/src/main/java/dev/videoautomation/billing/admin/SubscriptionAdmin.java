package dev.videoautomation.billing.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.videoautomation.billing.plans.Plan;
import dev.videoautomation.billing.subscriptions.Entitlement;
import dev.videoautomation.billing.subscriptions.EntitlementEvents;
import dev.videoautomation.billing.subscriptions.Entitlements;
import dev.videoautomation.billing.subscriptions.Subscription;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Operators grant and end subscriptions; each command applies once per operationId. */
@ApplicationScoped
public class SubscriptionAdmin {
  private final Entitlements entitlements;
  private final EntitlementEvents events;
  private final Clock clock;

  SubscriptionAdmin(Entitlements entitlements, EntitlementEvents events) {
    this.entitlements = entitlements;
    this.events = events;
    this.clock = Clock.systemUTC();
  }

  /** The body of a grant. */
  public record Grant(String clientId, String operationId, String plan, Long periodEnd, Boolean grantCredits) {
  }

  /** The body of an end. */
  public record End(String operationId, String at, String reason) {
  }

  @Transactional
  public Entitlement grant(Grant grant, String actor) {
    if (alreadyApplied(grant.operationId(), "grant", hash(grant.clientId(), grant.plan(), grant.periodEnd(),
        grant.grantCredits()), grant.clientId(), actor)) {
      return entitlements.of(grant.clientId());
    }
    Plan plan = Plan.findById(grant.plan());
    if (plan == null) {
      throw ApiException.invalidField("plan", "is not a plan; the plans are: pro");
    }
    var periodEnd = grant.periodEnd() == null
        ? clock.instant().atZone(ZoneOffset.UTC).plusMonths(1).toInstant()
        : Instant.ofEpochMilli(grant.periodEnd());
    if (!periodEnd.isAfter(clock.instant())) {
      throw ApiException.invalidField("periodEnd", "must be in the future");
    }
    Subscription subscription = Subscription.findById(grant.clientId());
    if (subscription == null) {
      subscription = new Subscription();
      subscription.clientId = grant.clientId();
      subscription.createdAt = clock.instant();
    }
    subscription.plan = plan.plan;
    subscription.status = Subscription.ACTIVE;
    subscription.periodEnd = periodEnd;
    subscription.graceEnd = null;
    subscription.provider = "operator";
    subscription.updatedAt = clock.instant();
    subscription.persist();
    events.changed(grant.clientId());
    return entitlements.of(grant.clientId(), subscription);
  }

  @Transactional
  public Entitlement end(String clientId, End end, String actor) {
    if (alreadyApplied(end.operationId(), "end", hash(clientId, end.at(), end.reason()), clientId, actor)) {
      return entitlements.of(clientId);
    }
    Subscription subscription = Subscription.findById(clientId);
    if (subscription == null) {
      throw new ApiException(ErrorCode.NOT_FOUND, "This client has no subscription to end.");
    }
    if ("now".equals(end.at())) {
      subscription.status = Subscription.EXPIRED;
      subscription.periodEnd = clock.instant();
    } else {
      subscription.status = Subscription.CANCELED;
    }
    subscription.updatedAt = clock.instant();
    events.changed(clientId);
    return entitlements.of(clientId, subscription);
  }

  /** Records the command, or reports that it was applied before; another body under the same id is 422. */
  private boolean alreadyApplied(String operationId, String command, String requestHash, String clientId,
      String actor) {
    AdminOperation existing = AdminOperation.findById(operationId);
    if (existing != null) {
      if (!existing.command.equals(command) || !existing.requestHash.equals(requestHash)) {
        throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_MISMATCH, "This operationId was used for another command; "
            + "choose a new one.");
      }
      return true;
    }
    var operation = new AdminOperation();
    operation.operationId = operationId;
    operation.command = command;
    operation.requestHash = requestHash;
    operation.clientId = clientId;
    operation.actor = actor;
    operation.createdAt = clock.instant();
    operation.persist();
    return false;
  }

  private static String hash(Object... parts) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      for (var part : parts) {
        digest.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
