package dev.videoautomation.gateway.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.gateway.idempotency.IdempotentRequests;

/**
 * The pieces of the merged document the gateway's answers are made of, each defined once under
 * {@code components} and referenced: the key schemes, the {@code Idempotency-Key} request header, the response
 * headers it sets (RateLimit, Retry-After, WWW-Authenticate, Idempotent-Replayed, CORS) and its error answers, as
 * {@code Error} (application/json) or, on the registration family, {@code Problem} (application/problem+json). A
 * response is added to {@code components.responses} when first referenced.
 */
final class GatewayComponents {
  static final String RATE_LIMIT_LIMIT = "RateLimit-Limit";
  static final String RATE_LIMIT_REMAINING = "RateLimit-Remaining";
  static final String RATE_LIMIT_RESET = "RateLimit-Reset";
  /** The headers of draft-ietf-httpapi-ratelimit-headers-11, beside the older trio above. */
  static final String RATE_LIMIT_POLICY = "RateLimit-Policy";
  static final String RATE_LIMIT = "RateLimit";
  static final String RETRY_AFTER = "Retry-After";
  static final String WWW_AUTHENTICATE = "WWW-Authenticate";
  /** The definition of {@code WWW-Authenticate} on a 403 {@code insufficient_scope}. */
  static final String INSUFFICIENT_SCOPE_CHALLENGE = "InsufficientScopeChallenge";
  static final String IDEMPOTENT_REPLAYED = "Idempotent-Replayed";
  static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
  /** The {@code Idempotency-Key} of a route that replays, and of one whose answer carries a key and never does. */
  static final String IDEMPOTENCY_KEY = "IdempotencyKey";
  static final String IDEMPOTENCY_KEY_WITHOUT_REPLAY = "IdempotencyKeyWithoutReplay";
  static final String PREFER = "Prefer";
  static final String PREFERENCE_APPLIED = "Preference-Applied";
  /** The per-call credit cap a caller sends, and the credits left it gets back (issue 32). */
  static final String MAX_CREDITS = "MaxCredits";
  static final String CREDITS_REMAINING = "Credits-Remaining";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int MAX_INT = Integer.MAX_VALUE;
  private static final int DAY_SECONDS = 86_400;
  private static final int MAX_STRUCTURED_FIELD = 200;
  private static final String ONE_CREDENTIAL = " One credential per request: the same key in both headers is "
      + "accepted, but two different ones (`Authorization: Bearer` and `X-Api-Key` with different keys, or either "
      + "header repeated with different values) are 400 `invalid_request` naming both headers, and so is an "
      + "`Authorization` that is not `Bearer` beside `X-Api-Key`.";
  private static final String KEY_FORMAT = "1 to " + IdempotentRequests.MAX_KEY_LENGTH + " characters, not "
      + "blank, else 400 `invalid_request` naming `Idempotency-Key`; a UUID does.";

  private final ObjectNode components;

  GatewayComponents(ObjectNode components) {
    this.components = components;
  }

  /** Defines the two ways to send a key (the services' own schemes are dropped in the merge). */
  void defineSecuritySchemes() {
    var schemes = object(components, "securitySchemes");
    schemes.putObject(GatewayAnswers.BEARER).put("type", "http").put("scheme", "bearer")
        .put("description", "An API key (`svc_live_…` or `svc_anon_…`) as a bearer token: "
            + "`Authorization: Bearer <key>`." + ONE_CREDENTIAL);
    schemes.putObject(GatewayAnswers.API_KEY).put("type", "apiKey").put("in", "header").put("name", "X-Api-Key")
        .put("description", "The same API key in its own header: `X-Api-Key: <key>`." + ONE_CREDENTIAL);
  }

  /**
   * Defines the {@code Idempotency-Key} request header, as routes that replay an answer take it and as a route that
   * issues a key takes it ({@code POST /v1/api_keys/rotate}: the key guards against a second run, but an answer that
   * carries a credential is never stored, so nothing is replayed). {@code wholeBodyBytes} is the largest body a
   * request with a key may carry (it is read whole).
   */
  void defineIdempotencyKeys(long wholeBodyBytes) {
    var parameters = object(components, "parameters");
    parameters.set(IDEMPOTENCY_KEY, idempotencyKey("Makes a retry safe. The first request with this key runs once "
        + "and its answer (any status below 500) is kept for 24 hours; the same request again with the same key "
        + "(method, path and query, `Content-Type` and body) gets that answer back, marked `Idempotent-Replayed: "
        + "true`, and takes no daily unit. The key with another request is 422 `idempotency_key_mismatch`; while "
        + "the first request runs, 409 `idempotency_key_in_use`. A 5xx is not kept: the retry runs again. Keys "
        + "belong to the API client that sent them; a call made without an API key ignores this header. With a "
        + "key the body is read whole, so it may be at most " + wholeBodyBytes + " bytes (413). " + KEY_FORMAT));
    parameters.set(IDEMPOTENCY_KEY_WITHOUT_REPLAY, idempotencyKey("Guards against running this twice, without "
        + "replaying: the answer carries a new key, which is shown once and never stored. While the first request "
        + "with this key runs, a repeat is 409 `idempotency_key_in_use`; once it has issued the key, 409 "
        + "`credential_issued` (no `Idempotent-Replayed` answer here). The key with another request is 422 "
        + "`idempotency_key_mismatch`. A request refused (4xx) or failed (5xx) may be sent again with the same "
        + "key. " + KEY_FORMAT));
  }

  /** Defines {@code Prefer: wait=N} (RFC 7240), which the gateway serves on job reads and creating POSTs. */
  void defineWaits() {
    var schema = string(100).put("pattern", "^.*$");
    object(components, "parameters").set(PREFER, NODES.objectNode().put("name", PREFER).put("in", "header")
        .put("description", "`wait=N` (RFC 7240; 1 ≤ N ≤ 60, more counts as 60): hold the answer until the job "
            + "ends or N seconds pass. The answer keeps its documented status, its body shows the job at answer "
            + "time, and it says `Preference-Applied: wait=N`. At most 20 waits per client and 500 per gateway "
            + "replica: past them, 429 `too_many_waits`. Other preferences are ignored.")
        .<ObjectNode>set("schema", schema).put("example", "wait=30"));
    var applied = string(20).put("pattern", "^wait=[0-9]{1,2}$");
    object(components, "headers").set(PREFERENCE_APPLIED, header("`wait=N` when the answer waited (RFC 7240 §3): "
        + "the seconds the gateway was ready to wait.", applied, "wait=30"));
  }

  /** The header a parameter defined here is sent as. */
  static String headerName(String parameter) {
    return switch (parameter) {
      case IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_WITHOUT_REPLAY -> IdempotentRequests.HEADER;
      case MAX_CREDITS -> "Max-Credits";
      default -> parameter;
    };
  }

  /**
   * Defines {@code Max-Credits} (request) and {@code Credits-Remaining} (answer), which every credit-charging
   * operation takes and gives (issue 32; the owner and billing act on them, the gateway passes them through).
   */
  void defineCredits() {
    var cap = NODES.objectNode().put("name", headerName(MAX_CREDITS)).put("in", "header").put("required", false)
        .put("description", "The most credits this call may cost. When its cost is higher, the call is refused "
            + "with 402 `budget_exceeded` (`cost`, `max`) before anything is spent. Without it, the balance (and a "
            + "sub-key's budget) is the only bound.")
        .put("example", 10);
    cap.set("schema", integer(0, MAX_INT));
    object(components, "parameters").set(MAX_CREDITS, cap);
    object(components, "headers").set(CREDITS_REMAINING, header("Credits left after this call: the client's "
        + "balance, or for a sub-key with a credit budget the lower of that balance and what is left of the budget.",
        NODES.objectNode().put("type", "integer").put("format", "int64").put("minimum", 0)
            .put("maximum", Long.MAX_VALUE), 96));
  }

  /** Defines the headers every gateway answer may carry. */
  void defineHeaders(String challenge) {
    var headers = object(components, "headers");
    headers.set(RATE_LIMIT_LIMIT, header("The daily limit of this operation's bucket, in calls (`GET /v1/usage` "
        + "lists every bucket).", integer(0, MAX_INT), 100));
    headers.set(RATE_LIMIT_REMAINING, header("Calls left in this operation's bucket today, after this one.",
        integer(0, MAX_INT), 99));
    headers.set(RATE_LIMIT_RESET, header("Seconds until the bucket resets, at 00:00 UTC.", integer(1, DAY_SECONDS),
        3600));
    headers.set(RETRY_AFTER, header("Seconds to wait before calling again (the same number as `retryAfter` in "
        + "the body).", integer(0, DAY_SECONDS), 3600));
    headers.set(RATE_LIMIT_POLICY, header("The daily quota of this operation's bucket, as a structured field "
        + "(draft-ietf-httpapi-ratelimit-headers-11 §3): `\"<bucket>\";q=<calls per day>;w=86400`, the bucket "
        + "named as `GET /v1/usage` names it. A sub-key with a daily cap of its own in the bucket adds its own "
        + "policy, `\"<bucket>:key\";q=<its cap>;w=86400`, after the client's.", string(MAX_STRUCTURED_FIELD),
        "\"scrape\";q=500;w=86400"));
    headers.set(RATE_LIMIT, header("What is left of that quota (draft-ietf-httpapi-ratelimit-headers-11 §4): "
        + "`\"<bucket>\";r=<calls left today>;t=<seconds until 00:00 UTC>`, the numbers `RateLimit-Remaining` and "
        + "`RateLimit-Reset` give; with a sub-key's own cap, `\"<bucket>:key\";r=…;t=…` after it (the older "
        + "`RateLimit-Limit` and `-Remaining` then speak for whichever has less left).", string(MAX_STRUCTURED_FIELD),
        "\"scrape\";r=499;t=3600"));
    headers.set(WWW_AUTHENTICATE, header("How to authenticate (RFC 9728 §5.1): `Bearer` with `resource_metadata`, "
        + "the protected-resource metadata that says where and how to get a key.", string(1000), challenge));
    headers.set(INSUFFICIENT_SCOPE_CHALLENGE, header("With `insufficient_scope` (RFC 6750 §3.1): "
        + "`Bearer error=\"insufficient_scope\", scope=\"<the scope this call needs>\"`; not sent with "
        + "`subscription_required`.", string(1000), "Bearer error=\"insufficient_scope\", scope=\"api.write\""));
    var replayed = NODES.objectNode().put("type", "string");
    replayed.putArray("enum").add("true");
    headers.set(IDEMPOTENT_REPLAYED, header("`true` when this answer is the stored first answer to this "
        + "`Idempotency-Key` (status, headers and body as they were), replayed without running the request again "
        + "or taking a daily unit; absent on an answer the request produced itself.", replayed, "true"));
    var origin = NODES.objectNode().put("type", "string");
    origin.putArray("enum").add("*");
    headers.set(ALLOW_ORIGIN, header("On every answer to a request that carries `Origin`: any origin may call "
        + "(keys travel in headers, never in cookies).", origin, "*"));
  }

  /** A reference to a header defined by {@link #defineHeaders}. */
  static ObjectNode headerRef(String name) {
    return NODES.objectNode().put("$ref", "#/components/headers/" + name);
  }

  /** A reference to a parameter defined by {@link #defineIdempotencyKeys}. */
  static ObjectNode parameterRef(String name) {
    return NODES.objectNode().put("$ref", "#/components/parameters/" + name);
  }

  /**
   * A reference to the gateway's answer {@code name}, defined on first use from {@code answer}, in the error form
   * of the operation's family.
   */
  ObjectNode responseRef(String name, GatewayAnswer answer, boolean problem) {
    var fullName = problem ? name + "Problem" : name;
    var responses = object(components, "responses");
    if (!responses.has(fullName)) {
      responses.set(fullName, answer.response(problem));
    }
    return NODES.objectNode().put("$ref", "#/components/responses/" + fullName);
  }

  /**
   * The response a {@code $ref} names under {@code components.responses} (a service's, the platform's shared ones, or
   * the gateway's own), or null when the reference points elsewhere or at nothing.
   */
  ObjectNode referencedResponse(String ref) {
    var prefix = "#/components/responses/";
    return ref.startsWith(prefix) && components.path("responses").get(ref.substring(prefix.length()))
        instanceof ObjectNode response ? response : null;
  }

  static ObjectNode object(ObjectNode parent, String name) {
    return parent.get(name) instanceof ObjectNode existing ? existing : parent.putObject(name);
  }

  private static ObjectNode header(String description, ObjectNode schema, Object example) {
    var header = NODES.objectNode().put("description", description);
    header.set("schema", schema);
    if (example instanceof Integer number) {
      header.put("example", number);
    } else {
      header.put("example", String.valueOf(example));
    }
    return header;
  }

  private static ObjectNode idempotencyKey(String description) {
    var parameter = NODES.objectNode().put("name", IdempotentRequests.HEADER).put("in", "header")
        .put("required", false).put("description", description);
    parameter.putObject("schema").put("type", "string").put("minLength", 1)
        .put("maxLength", IdempotentRequests.MAX_KEY_LENGTH).put("pattern", "\\S");
    parameter.put("example", "6f1c2a9e-8d4b-4f7a-9c3e-2b5d7a1e0f48");
    return parameter;
  }

  private static ObjectNode string(int maxLength) {
    return NODES.objectNode().put("type", "string").put("maxLength", maxLength);
  }

  private static ObjectNode integer(int minimum, int maximum) {
    return NODES.objectNode().put("type", "integer").put("format", "int32").put("minimum", minimum)
        .put("maximum", maximum);
  }
}
