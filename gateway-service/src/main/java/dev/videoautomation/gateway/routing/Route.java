package dev.videoautomation.gateway.routing;

import java.util.List;
import java.util.Optional;

import dev.videoautomation.platform.errors.ProblemDetails;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * One row of the route table: a method on a path pattern, its owner, what it asks of the caller, its row of
 * platform's spending table (the operation's daily bucket and billing operation; empty for a route that spends
 * nothing), the kind of body it takes, whether its answer carries a credential (a key, shown once, so the
 * gateway never stores it for an {@code Idempotency-Key} replay), and whether it creates a job (which a caller may
 * wait on), and whether a sub-key is refused here (issue 32: a sub-key manages no keys, subscriptions or
 * webhooks). Patterns are literal segments, {@code *} for
 * exactly one segment, and a trailing {@code **} for the prefix itself and anything below it.
 */
public record Route(String method, String pattern, Owner owner, Access access,
    Optional<SpendingOperation> spending, Body body, boolean issuesCredential, boolean createsJob,
    boolean subKeysRefused) {

  public Route(String method, String pattern, Owner owner, Access access, Optional<SpendingOperation> spending) {
    this(method, pattern, owner, access, spending, Body.DOCUMENT, false, false, false);
  }

  /** The daily bucket a call takes one unit of; empty when the route is not metered. */
  public Optional<LimitBucket> bucket() {
    return spending.isEmpty() ? Optional.empty() : spending.get().bucket();
  }

  /** Whether a call charges credits: its spending row names a billing operation (issue 32, Max-Credits). */
  public boolean chargesCredits() {
    return spending.isPresent() && spending.get().billing().isPresent();
  }

  /**
   * Whether a sub-key is refused here with 403 whatever its scopes. On a public route a key is never needed, so it is
   * looked at only to refuse a sub-key (recovery).
   */
  public boolean refusesSubKeys() {
    return subKeysRefused || access.refusesSubKeys();
  }

  public List<String> segments() {
    return PathPattern.segments(pattern);
  }

  public boolean metered() {
    return bucket().isPresent();
  }

  /** Whether errors here, the gateway's included, are RFC 9457 problem details (the registration family). */
  public boolean answersProblemDetails() {
    return ProblemDetails.appliesTo(pattern.replaceFirst("/\\*\\*$", ""));
  }

  /** This route with media files for a body. */
  public Route takingUploads() {
    return new Route(method, pattern, owner, access, spending, Body.UPLOAD, issuesCredential, createsJob,
        subKeysRefused);
  }

  /** This route marked as one whose answer carries a credential. */
  public Route issuingCredentials() {
    return new Route(method, pattern, owner, access, spending, body, true, createsJob, subKeysRefused);
  }

  /**
   * This route marked as one that creates a job (docs/jobs.md): its answer names the job, and {@code Prefer: wait=N}
   * holds the answer until the job ends.
   */
  public Route creatingJobs() {
    return new Route(method, pattern, owner, access, spending, body, issuesCredential, true, subKeysRefused);
  }

  /** This route closed to sub-keys: what it changes belongs to the client's primary key (issue 32). */
  public Route refusingSubKeys() {
    return new Route(method, pattern, owner, access, spending, body, issuesCredential, createsJob, true);
  }
}
