package dev.videoautomation.gateway.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The pieces of the merged document the gateway's answers are made of, each defined once under
 * {@code components} and referenced: the response headers it sets (RateLimit, Retry-After, WWW-Authenticate, CORS)
 * and its error answers, as {@code Error} (application/json) or, on the registration family, {@code Problem}
 * (application/problem+json). A response is added to {@code components.responses} when first referenced.
 */
final class GatewayComponents {
  static final String RATE_LIMIT_LIMIT = "RateLimit-Limit";
  static final String RATE_LIMIT_REMAINING = "RateLimit-Remaining";
  static final String RATE_LIMIT_RESET = "RateLimit-Reset";
  static final String RETRY_AFTER = "Retry-After";
  static final String WWW_AUTHENTICATE = "WWW-Authenticate";
  static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int MAX_INT = Integer.MAX_VALUE;
  private static final int DAY_SECONDS = 86_400;

  private final ObjectNode components;

  GatewayComponents(ObjectNode components) {
    this.components = components;
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
    var challengeSchema = NODES.objectNode().put("type", "string").put("maxLength", 1000);
    headers.set(WWW_AUTHENTICATE, header("How to authenticate (RFC 9728 §5.1): `Bearer` with `resource_metadata`, "
        + "the protected-resource metadata that says where and how to get a key.", challengeSchema, challenge));
    var origin = NODES.objectNode().put("type", "string");
    origin.putArray("enum").add("*");
    headers.set(ALLOW_ORIGIN, header("On every answer to a request that carries `Origin`: any origin may call "
        + "(keys travel in headers, never in cookies).", origin, "*"));
  }

  /** A reference to a header defined by {@link #defineHeaders}. */
  static ObjectNode headerRef(String name) {
    return NODES.objectNode().put("$ref", "#/components/headers/" + name);
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

  private static ObjectNode integer(int minimum, int maximum) {
    return NODES.objectNode().put("type", "integer").put("format", "int32").put("minimum", minimum)
        .put("maximum", maximum);
  }
}
