package dev.videoautomation.gateway.openapi;

import static dev.videoautomation.gateway.openapi.GatewayComponents.INSUFFICIENT_SCOPE_CHALLENGE;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_LIMIT;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_POLICY;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_REMAINING;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_RESET;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RETRY_AFTER;
import static dev.videoautomation.gateway.openapi.GatewayComponents.WWW_AUTHENTICATE;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.gateway.admission.Admission;
import dev.videoautomation.gateway.admission.Challenge;
import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.keys.KeyVerification;
import dev.videoautomation.gateway.limits.Metering;
import dev.videoautomation.gateway.proxy.Forwarder;
import dev.videoautomation.gateway.proxy.spending.DryRunQuery;
import dev.videoautomation.gateway.proxy.spending.MaxCredits;
import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.limits.LimitBucket;

/**
 * The error answers the gateway gives itself, each with the body a caller gets (the examples are built as the
 * gateway builds the real answers, with this deployment's limits).
 */
@ApplicationScoped
class GatewayAnswerCatalog {
  private static final String RETRY_LATER = " Retry with backoff.";

  private final GatewayConfig config;
  private final Challenge challenge;

  GatewayAnswerCatalog(GatewayConfig config, Challenge challenge) {
    this.config = config;
    this.challenge = challenge;
  }

  String challenge() {
    return challenge.value();
  }

  /** The largest body of a request with an {@code Idempotency-Key}, which is read whole. */
  long wholeBodyBytes() {
    return config.maxBodyBytes();
  }

  GatewayAnswer bodyTooLarge() {
    return GatewayAnswer.of("`payload_too_large`: the body is larger than this operation takes; the gateway "
        + "refuses it before the service sees it. `limit` is the largest body in bytes.",
        RequestSizes.tooLarge(config.maxBodyBytes()));
  }

  GatewayAnswer uploadTooLarge() {
    return GatewayAnswer.of("`payload_too_large`: the upload is larger than the gateway takes. `limit` is the "
        + "largest upload in bytes.", RequestSizes.tooLarge(config.maxUploadBytes()));
  }

  GatewayAnswer uriTooLong() {
    return GatewayAnswer.of("`uri_too_long`: the path and query string are longer than the gateway takes. `limit` "
        + "is the longest in bytes.", ApiError.of(ErrorCode.URI_TOO_LONG, "The path and query string are 4100 "
            + "bytes; the gateway takes at most " + config.maxUriBytes() + ". Send fewer or shorter query "
            + "parameters, and cursors as the API gave them.").with("limit", config.maxUriBytes()));
  }

  GatewayAnswer headersTooLarge() {
    return GatewayAnswer.of("`headers_too_large`: the request headers together are larger than the gateway "
        + "takes. `limit` is the largest header block in bytes.", ApiError.of(ErrorCode.HEADERS_TOO_LARGE,
            "The request headers are 17000 bytes together; the gateway takes at most " + config.maxHeaderBytes()
                + ". Send fewer or smaller headers.").with("limit", config.maxHeaderBytes()));
  }

  GatewayAnswer internalError() {
    return GatewayAnswer.of("`internal_error`: something failed on our side; nothing about it is exposed. Retry "
        + "later; if it persists, report the request id (`X-Request-Id`).", ApiError.of(ErrorCode.INTERNAL_ERROR,
            "Something went wrong on our side. Retry later; if it persists, report request id "
                + "req_5Hq0aZ9bC1dE2fG3hI4jK5."));
  }

  GatewayAnswer unauthorized() {
    return GatewayAnswer.of("`unauthorized`: no API key, or the key is unknown, revoked, replaced or expired (a "
        + "sub-key past its `expiresAt`: the message names the time). "
        + "`WWW-Authenticate` points at the protected-resource metadata, which says how to get one.",
        ApiError.of(ErrorCode.UNAUTHORIZED, Admission.NO_KEY), WWW_AUTHENTICATE);
  }

  /** 400 for two different credentials in one request, which the gateway refuses before checking either. */
  GatewayAnswer conflictingCredentials() {
    return GatewayAnswer.of("`invalid_request`: the request carries two different credentials (`Authorization: "
        + "Bearer` and `X-Api-Key` with different keys, either header repeated with different values, or an "
        + "`Authorization` that is not `Bearer` beside `X-Api-Key`); the message names both headers. Send one key.",
        ApiError.of(ErrorCode.INVALID_REQUEST, "Authorization and X-Api-Key carry different credentials. Send one "
            + "API key, in one of the two headers."));
  }

  /**
   * The 403s of {@code route}: {@code insufficient_scope} (with its {@code WWW-Authenticate} challenge) and, where a
   * subscription is needed, {@code subscription_required}; for a sub-key, {@code insufficient_scope} with
   * {@code subKey} where only a primary key may call, or where the route's bucket is not among the sub-key's. Null
   * when the gateway answers no 403 there.
   */
  GatewayAnswer forbidden(Route route) {
    var access = route.access();
    var examples = new ArrayList<ApiError>();
    access.refusals().forEach(code -> examples.add(code == ErrorCode.INSUFFICIENT_SCOPE
        ? ApiError.of(code, "This call needs the " + access.scope() + " scope; this key has [api.read].")
            .with("requiredScope", access.scope())
        : ApiError.of(code, "This call needs an active subscription ($99 per month); this client has none.")
            .withSetup(Admission.SUBSCRIBE_SETUP)));
    var reasons = new ArrayList<String>();
    if (!examples.isEmpty()) {
      var scope = "`insufficient_scope`: the key lacks the scope this call needs (`requiredScope`, and the "
          + "`WWW-Authenticate` challenge's `scope`";
      reasons.add(access.needsSubscription()
          ? scope + "; an anonymous key only reads), or `subscription_required`: the client has no active "
              + "subscription (`setup` says how)"
          : scope + ")");
    }
    var refusesSubKeys = route.refusesSubKeys();
    var otherBucket = route.bucket().orElse(null) == LimitBucket.SCRAPE ? LimitBucket.IMAGES_GENERATE
        : LimitBucket.SCRAPE;
    var subKey = new KeyVerification(KeyVerification.ACTIVE, null, null, List.of(), null, true, null,
        List.of(otherBucket.bucketName()), Map.of());
    if (refusesSubKeys) {
      examples.add(Admission.subKeyRefusal(route, subKey).error());
      reasons.add("`insufficient_scope` with `subKey: true`: a sub-key cannot call this (keys, recovery, "
          + "subscriptions and webhooks belong to the client's primary key)");
    } else if (route.bucket().isPresent()) {
      examples.add(Admission.subKeyRefusal(route, subKey).error());
      reasons.add("`insufficient_scope` with `subKey: true` and `bucket`: this sub-key may not draw from the "
          + "operation's bucket (`allowedBuckets` lists those it may)");
    }
    if (examples.isEmpty()) {
      return null;
    }
    return new GatewayAnswer(403, String.join("; or ", reasons) + ".", examples, access.scope() == null ? Map.of()
        : Map.of(WWW_AUTHENTICATE, INSUFFICIENT_SCOPE_CHALLENGE));
  }

  /** The component name of {@link #forbidden}'s answer: one per kind of access and sub-key refusal. */
  static String forbiddenName(Route route) {
    var name = switch (route.access()) {
      case READ -> "GatewayInsufficientScope";
      case WRITE -> "GatewayScopeOrSubscription";
      case MANAGE_KEYS -> "GatewayKeyManagement";
      default -> "GatewaySubKeyRefused";
    };
    if (route.access() != Access.MANAGE_KEYS && route.refusesSubKeys() && route.access().scope() != null) {
      return name + "OrSubKey";
    }
    return route.bucket().isPresent() && !route.refusesSubKeys() ? name + "OrBucket" : name;
  }

  /**
   * The 400s the gateway answers on a keyed operation of the spending table (issue 32): two credentials, as on every
   * keyed operation, and, before anything is spent, a {@code dryRun} that is not one {@code true} or {@code false}
   * and, where the operation charges credits, a malformed {@code Max-Credits}.
   */
  GatewayAnswer invalidSpendRequest(Route route) {
    var credentials = conflictingCredentials();
    var examples = new ArrayList<>(credentials.examples());
    examples.add(ApiError.invalidField(DryRunQuery.PARAMETER, "must be true or false, given once (true rehearses "
        + "the call: it is judged and priced, and nothing is spent)"));
    var description = credentials.description() + " Or `invalid_request` with `field: \"dryRun\"`: `dryRun` is "
        + "not one `true` or `false`";
    if (route.chargesCredits()) {
      examples.add(MaxCredits.malformed());
      description += "; or with `field: \"Max-Credits\"`: the cap is not one header of plain digits from 0 to "
          + Integer.MAX_VALUE;
    }
    return new GatewayAnswer(400, description + ". The gateway refuses these before any unit or credit is spent.",
        examples, Map.of());
  }

  /** The component name of {@link #invalidSpendRequest}'s answer. */
  static String invalidSpendRequestName(Route route) {
    return "GatewayConflictingCredentialsOrDryRun" + (route.chargesCredits() ? "OrMaxCredits" : "");
  }

  GatewayAnswer rateLimited(LimitBucket bucket) {
    var limit = bucket.defaultDailyLimit();
    return new GatewayAnswer(429, "`rate_limited`: the daily `" + bucket.bucketName() + "` bucket (" + bucket.covers()
        + ") is used up, the client's or, with `subKey: true`, the sub-key's own daily cap in it (`limit` is the "
        + "one that refused); it resets at 00:00 UTC. `retryAfter` and `Retry-After` say how many seconds that is; "
        + "`bucket` and the `RateLimit-Policy` and `RateLimit` headers name the bucket (a sub-key's own policy is "
        + "listed beside the client's as `\"" + Metering.keyPolicy(bucket) + "\"`).",
        List.of(ApiError.of(ErrorCode.RATE_LIMITED, "The daily limit of " + limit + " calls in the '"
            + bucket.bucketName() + "' bucket is used up; it resets at 00:00 UTC.").with("limit", limit)
            .with("retryAfter", 3600).with("bucket", bucket.bucketName()),
            ApiError.of(ErrorCode.RATE_LIMITED, "This sub-key's own daily cap of 5 calls in the '"
                + bucket.bucketName() + "' bucket is used up (its client has " + (limit - 5) + " left today); it "
                + "resets at 00:00 UTC.").with("limit", 5).with("retryAfter", 3600)
                .with("bucket", bucket.bucketName()).with(Admission.SUB_KEY, true)),
        GatewayAnswer.sameNames(RATE_LIMIT_POLICY, RATE_LIMIT, RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING,
            RATE_LIMIT_RESET, RETRY_AFTER));
  }

  GatewayAnswer serviceUnavailable() {
    return GatewayAnswer.of("`service_unavailable`: the gateway could not check or complete this call right now "
        + "(a service it asks did not answer)." + RETRY_LATER, ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
            "The gateway could not check this call right now (auth-service did not answer). Retry in a few "
                + "seconds."));
  }

  GatewayAnswer upstreamError() {
    return GatewayAnswer.of("`upstream_error`: the service behind this path could not be reached." + RETRY_LATER,
        ApiError.of(ErrorCode.UPSTREAM_ERROR, Forwarder.UNREACHABLE));
  }

  GatewayAnswer tooManyWaits() {
    return GatewayAnswer.of("`too_many_waits`: this client holds 20 waits (`Prefer: wait`) on this gateway "
        + "replica already, or the replica 500; nothing was created or read (`limit`, `retryAfter`).",
        ApiError.of(ErrorCode.TOO_MANY_WAITS, "This client already holds 20 waits (Prefer: wait) on this gateway, "
            + "the most it may; end one, or retry in 5 s.").with("limit", 20).with("retryAfter", 5),
        GatewayComponents.RETRY_AFTER);
  }

  GatewayAnswer upstreamTimeout() {
    return GatewayAnswer.of("`upstream_timeout`: the service behind this path did not answer in time."
        + RETRY_LATER, ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, Forwarder.TIMED_OUT));
  }

  /** 409 while the first request with the key runs; on a route that issues a key, also once it has issued one. */
  GatewayAnswer idempotencyConflict(boolean issuesCredential) {
    var inUse = ApiError.of(ErrorCode.IDEMPOTENCY_KEY_IN_USE, IdempotentRequests.IN_USE);
    if (!issuesCredential) {
      return GatewayAnswer.of("`idempotency_key_in_use`: the first request with this `Idempotency-Key` is still "
          + "running; retry in a moment to get its answer.", inUse);
    }
    return new GatewayAnswer(409, "`idempotency_key_in_use`: the first request with this `Idempotency-Key` is still "
        + "running. `credential_issued`: it already issued a key; answers that carry a credential are never stored, "
        + "so the key is not shown again.", List.of(inUse, ApiError.of(ErrorCode.CREDENTIAL_ISSUED,
            IdempotentRequests.CREDENTIAL_ISSUED)), Map.of());
  }

  GatewayAnswer idempotencyKeyMismatch() {
    return GatewayAnswer.of("`idempotency_key_mismatch`: this `Idempotency-Key` was used with another request in "
        + "the last 24 hours; use a new key for a new request.",
        ApiError.of(ErrorCode.IDEMPOTENCY_KEY_MISMATCH, IdempotentRequests.MISMATCH));
  }

  /** A bucket name as part of a component name: {@code compliance.video} → {@code ComplianceVideo}. */
  static String typeName(String bucketName) {
    var name = new StringBuilder();
    for (var part : bucketName.split("[^A-Za-z0-9]+")) {
      if (!part.isEmpty()) {
        name.append(part.substring(0, 1).toUpperCase(Locale.ROOT)).append(part.substring(1));
      }
    }
    return name.toString();
  }
}
