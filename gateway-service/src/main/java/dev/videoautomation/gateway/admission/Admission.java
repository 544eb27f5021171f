package dev.videoautomation.gateway.admission;

import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;


import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;

import dev.videoautomation.gateway.entitlements.Entitlement;
import dev.videoautomation.gateway.entitlements.Entitlements;
import dev.videoautomation.gateway.keys.KeyVerification;
import dev.videoautomation.gateway.keys.KeyVerifier;
import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Steps 2 and 3 of design §3 for one request: the key (from {@code Authorization: Bearer} or {@code X-Api-Key}, one
 * key however many headers carry it), checked through auth-service, then the route's scope, then the subscription
 * through billing-service. Either answers the admitted caller or fails with the error the caller should see.
 */
@Singleton
public class Admission {
  static final String AUTHORIZATION = "Authorization";
  static final String API_KEY = "X-Api-Key";
  private static final String BEARER = "Bearer ";
  public static final String WRITE_SCOPE = "api.write";
  /** The field of a 403 {@code insufficient_scope} that names the scope the route needs. */
  public static final String REQUIRED_SCOPE = "requiredScope";
  /** The field of a 403 that refuses a sub-key what its client's primary key may do. */
  public static final String SUB_KEY = "subKey";
  /** The 401 for a call without a key. */
  public static final String NO_KEY = "This call needs an API key: send Authorization: Bearer <key> or X-Api-Key: "
      + "<key>. Register for one at POST /v1/auth/agent.";
  public static final String SUBSCRIBE_SETUP = "Subscribe at POST /v1/subscribe (with this key in the Authorization "
      + "header): it answers a checkoutUrl; once checkout completes, paid routes open for this key.";

  private final KeyVerifier keys;
  private final Entitlements entitlements;

  Admission(KeyVerifier keys, Entitlements entitlements) {
    this.keys = keys;
    this.entitlements = entitlements;
  }

  /**
   * The caller of {@code route} who sent {@code requestHeaders}, or null for a route whose key is optional when
   * none was sent. Fails with an {@link ApiException}.
   */
  public Future<Admitted> admit(MultiMap requestHeaders, Route route, boolean needsEntitlement) {
    String key;
    try {
      key = presentedKey(requestHeaders);
    } catch (ApiException conflicting) {
      return Future.failedFuture(conflicting);
    }
    if (key == null) {
      if (route.access() == Access.OPTIONAL_KEY) {
        return Future.succeededFuture();
      }
      return Future.failedFuture(new ApiException(ErrorCode.UNAUTHORIZED, NO_KEY));
    }
    if (!ApiKeys.isWellFormed(key)) {
      return Future.failedFuture(new ApiException(ErrorCode.UNAUTHORIZED, "This is not an API key of this service "
          + "(it may be mistyped or cut short). Keys start with svc_live_ or svc_anon_."));
    }
    return keys.verify(key)
        .recover(failure -> Future.failedFuture(unavailable("auth-service", failure)))
        .compose(verification -> checkScope(route, verification))
        .compose(verification -> entitlementFor(route, verification, needsEntitlement)
            .map(entitlement -> admitted(route, verification, entitlement)));
  }

  private static Future<KeyVerification> checkScope(Route route, KeyVerification verification) {
    if (!verification.active() || verification.expiredAt(System.currentTimeMillis())) {
      return Future.failedFuture(new ApiException(ErrorCode.UNAUTHORIZED, verification.refusal()));
    }
    var needed = route.access().scope();
    if (needed != null && !verification.scopesOrEmpty().contains(needed)) {
      var hint = WRITE_SCOPE.equals(needed) && !verification.scopesOrEmpty().contains(WRITE_SCOPE)
          ? " An anonymous key can only read: claim the registration (POST /v1/auth/agent/claim, then "
              + "/v1/auth/agent/claim/complete) for a key with api.write."
          : "";
      return Future.failedFuture(new ApiException(ApiError.of(ErrorCode.INSUFFICIENT_SCOPE,
          "This call needs the " + needed + " scope; this key has " + verification.scopesOrEmpty() + "." + hint)
          .with(REQUIRED_SCOPE, needed)));
    }
    if (verification.isSubKey()) {
      var refused = subKeyRefusal(route, verification);
      if (refused != null) {
        return Future.failedFuture(refused);
      }
    }
    return Future.succeededFuture(verification);
  }

  /**
   * Why a sub-key may not make this call, or null when it may (issue 32): it manages no keys, subscriptions or
   * webhooks, and draws only from its own buckets. Unmetered routes are governed by its scopes alone.
   */
  public static ApiException subKeyRefusal(Route route, KeyVerification subKey) {
    if (route.refusesSubKeys()) {
      return new ApiException(ApiError.of(ErrorCode.INSUFFICIENT_SCOPE, "A sub-key cannot call " + route.method()
          + " " + route.pattern().replace("*", "{id}") + ": keys, recovery, subscriptions and webhooks belong to "
          + "the client's primary key. Ask the agent that gave you this sub-key.").with(SUB_KEY, true));
    }
    var bucket = route.bucket().orElse(null);
    if (bucket != null && !subKey.allows(bucket)) {
      return new ApiException(ApiError.of(ErrorCode.INSUFFICIENT_SCOPE, "This sub-key may not draw from the '"
          + bucket.bucketName() + "' bucket; it may draw from " + subKey.buckets() + ". Ask the agent that gave it "
          + "to you for a sub-key with '" + bucket.bucketName() + "' among its buckets.")
          .with(SUB_KEY, true).with("bucket", bucket.bucketName()).with("allowedBuckets", subKey.buckets()));
    }
    return null;
  }

  /**
   * Whether {@code requestHeaders} carry an active sub-key, on a public route that refuses them (recovery): a key is
   * not needed there, so any other key, a bad one, or auth not answering lets the call go on as a public one.
   */
  public Future<ApiException> subKeyRefusalOnPublicRoute(MultiMap requestHeaders, Route route) {
    String key;
    try {
      key = presentedKey(requestHeaders);
    } catch (ApiException conflicting) {
      return Future.succeededFuture();
    }
    if (key == null || !ApiKeys.isWellFormed(key)) {
      return Future.succeededFuture();
    }
    return keys.verify(key).map(verification -> verification.active() && verification.isSubKey()
        ? subKeyRefusal(route, verification) : (ApiException) null).otherwise((ApiException) null);
  }

  private Future<Entitlement> entitlementFor(Route route, KeyVerification verification, boolean needed) {
    var required = needed || route.access().needsSubscription() || route.metered();
    return entitlements.of(verification.clientId()).recover(failure -> required
        ? Future.failedFuture(unavailable("billing-service", failure))
        : Future.succeededFuture());
  }

  private static Admitted admitted(Route route, KeyVerification verification, Entitlement entitlement) {
    if (route.access().needsSubscription() && (entitlement == null || !entitlement.active())) {
      throw new ApiException(ApiError.of(ErrorCode.SUBSCRIPTION_REQUIRED, "This call needs an active subscription "
          + "($99 per month); this client has none.").withSetup(SUBSCRIBE_SETUP));
    }
    return new Admitted(verification.clientId(), verification.keyId(), new HashSet<>(verification.scopesOrEmpty()),
        entitlement, verification);
  }

  /**
   * The key from {@code Authorization: Bearer} or {@code X-Api-Key}; null when neither is sent. Both headers, or one
   * header sent twice, must carry the same key: two different credentials in one request (another key, or another
   * {@code Authorization} scheme beside {@code X-Api-Key}) are a 400 naming the headers, never one of them chosen
   * silently. One pass over the header block, allocating nothing per header.
   */
  static String presentedKey(MultiMap requestHeaders) {
    String authorization = null;
    String apiKey = null;
    Iterator<? extends Map.Entry<? extends CharSequence, ? extends CharSequence>> headers =
        requestHeaders instanceof HttpHeaders netty ? netty.iteratorCharSequence() : requestHeaders.iterator();
    while (headers.hasNext()) {
      var header = headers.next();
      var name = header.getKey();
      if (name.length() == AUTHORIZATION.length() && AsciiString.contentEqualsIgnoreCase(name, AUTHORIZATION)) {
        authorization = sameAs(authorization, header.getValue(), AUTHORIZATION);
      } else if (name.length() == API_KEY.length() && AsciiString.contentEqualsIgnoreCase(name, API_KEY)) {
        apiKey = sameAs(apiKey, header.getValue(), API_KEY);
      }
    }
    var bearer = authorization != null && authorization.length() > BEARER.length()
        && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
        ? authorization.substring(BEARER.length()).trim() : null;
    var headerKey = apiKey == null || apiKey.isBlank() ? null : apiKey.trim();
    if (authorization != null && headerKey != null && !headerKey.equals(bearer)) {
      throw new ApiException(ApiError.of(ErrorCode.INVALID_REQUEST, bearer == null
          ? "Authorization and X-Api-Key are both sent, and Authorization is not Bearer <key>: send your key in one "
              + "of them (Authorization: Bearer <key> or X-Api-Key: <key>)."
          : "Authorization and X-Api-Key carry two different keys: send one key, in one of them (or the same key in "
              + "both).").with("field", AUTHORIZATION).with("fields", List.of(AUTHORIZATION, API_KEY)));
    }
    return bearer != null ? bearer : headerKey;
  }

  /** The header's one value: {@code value} when it is the first or repeats {@code first}; else a 400 naming it. */
  private static String sameAs(String first, CharSequence value, String name) {
    if (first == null) {
      return value.toString();
    }
    if (!AsciiString.contentEquals(first, value)) {
      throw new ApiException(ApiError.of(ErrorCode.INVALID_REQUEST, name + " is sent more than once with different "
          + "values: send one key, once.").with("field", name).with("fields", List.of(name)));
    }
    return first;
  }

  private static ApiException unavailable(String service, Throwable failure) {
    if (failure instanceof ApiException api) {
      return api;
    }
    io.quarkus.logging.Log.warnf("%s could not be asked: %s", service, failure.toString());
    return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The gateway could not check this call right now ("
        + service + " did not answer). Retry in a few seconds.");
  }
}
