package dev.videoautomation.gateway.openapi;

import static dev.videoautomation.gateway.openapi.GatewayComponents.ALLOW_ORIGIN;
import static dev.videoautomation.gateway.openapi.GatewayComponents.IDEMPOTENCY_KEY;
import static dev.videoautomation.gateway.openapi.GatewayComponents.IDEMPOTENCY_KEY_WITHOUT_REPLAY;
import static dev.videoautomation.gateway.openapi.GatewayComponents.IDEMPOTENT_REPLAYED;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_LIMIT;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_POLICY;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_REMAINING;
import static dev.videoautomation.gateway.openapi.GatewayComponents.RATE_LIMIT_RESET;
import static dev.videoautomation.gateway.openapi.GatewayComponents.headerRef;
import static dev.videoautomation.gateway.openapi.GatewayComponents.object;
import static dev.videoautomation.gateway.openapi.GatewayComponents.parameterRef;

import java.net.URI;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.Body;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.gateway.sizes.RequestSizes;

/**
 * What the gateway decides for every operation, written into the merged document from the operation's route (the
 * services' documents cannot say it: these answers never reach them): who may call it ({@code security}), the
 * errors the gateway answers before or instead of the owner (400 for two credentials, 401, 403 with its
 * challenge, 413, 414, 429, 431, 500, 502, 503, 504, and on keyed POSTs 409/422 for their
 * {@code Idempotency-Key}; on operations that spend, 400 for a bad {@code dryRun} or {@code Max-Credits}), the
 * {@code Idempotency-Key} request header where it is honoured and
 * {@code Idempotent-Replayed} on the answers it replays, the RateLimit headers of metered operations and the
 * largest body ({@code x-max-body-bytes}). An operation no route serves is left out and reported, as the gateway
 * would answer 404 to it.
 */
@ApplicationScoped
class GatewayAnswers {
  static final String BEARER = "bearer";
  static final String API_KEY = "apiKey";
  private static final Set<String> METHODS = Set.of("get", "head", "post", "put", "patch", "delete");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final RouteTable routes;
  private final RequestSizes sizes;
  private final GatewayAnswerCatalog catalog;

  GatewayAnswers(RouteTable routes, RequestSizes sizes, GatewayAnswerCatalog catalog) {
    this.routes = routes;
    this.sizes = sizes;
    this.catalog = catalog;
  }

  /**
   * Adds the gateway's answers to {@code merged}, a document with {@code paths} and {@code components}; every
   * operation without a route is removed and named to {@code unrouted}.
   */
  void describe(ObjectNode merged, Consumer<String> unrouted) {
    var components = new GatewayComponents(object(merged, "components"));
    components.defineSecuritySchemes();
    components.defineHeaders(catalog.challenge());
    components.defineIdempotencyKeys(catalog.wholeBodyBytes());
    components.defineWaits();
    components.defineCredits();
    var emptyPaths = new ArrayList<String>();
    merged.get("paths").fields().forEachRemaining(path -> {
      var operations = (ObjectNode) path.getValue();
      var unserved = new ArrayList<String>();
      operations.fields().forEachRemaining(operation -> {
        if (METHODS.contains(operation.getKey()) && operation.getValue() instanceof ObjectNode node) {
          var method = operation.getKey().toUpperCase(Locale.ROOT);
          var requestPath = requestPath(path.getKey(), operations, node);
          if (routes.lookup(method, requestPath) instanceof RouteTable.Found found) {
            describe(node, found.route(), components);
          } else {
            unserved.add(operation.getKey());
            unrouted.accept(method + " " + path.getKey() + ": no gateway route serves it");
          }
        }
      });
      operations.remove(unserved);
      if (operations.isEmpty()) {
        emptyPaths.add(path.getKey());
      }
    });
    ((ObjectNode) merged.get("paths")).remove(emptyPaths);
    allowOriginWhereHeadersAre(merged);
  }

  private void describe(ObjectNode operation, Route route, GatewayComponents components) {
    operation.set("security", security(route.access()));
    var responses = object(operation, "responses");
    var answers = new Answers(responses, components, route.answersProblemDetails());
    if (operation.get("requestBody") instanceof ObjectNode body) {
      if (!body.has("$ref")) { // a reference takes no siblings (OpenAPI 3.0); its 413 still states the limit
        body.put("x-max-body-bytes", sizes.bodyLimit(route));
      }
    }
    // Any request may carry a body, wanted or not: the gateway refuses one past the route's limit before the owner.
    answers.add(route.body() == Body.UPLOAD ? "GatewayUploadTooLarge" : "GatewayBodyTooLarge",
        route.body() == Body.UPLOAD ? catalog.uploadTooLarge() : catalog.bodyTooLarge());
    answers.add("GatewayUriTooLong", catalog.uriTooLong());
    answers.add("GatewayHeadersTooLarge", catalog.headersTooLarge());
    answers.add("GatewayInternalError", catalog.internalError());
    if (route.access().checksKey()) {
      // On an operation that spends, the 400 also names a bad dryRun or Max-Credits (issue 32).
      if (route.spending().isPresent()) {
        answers.add(GatewayAnswerCatalog.invalidSpendRequestName(route), catalog.invalidSpendRequest(route));
      } else {
        answers.add("GatewayConflictingCredentials", catalog.conflictingCredentials());
      }
      answers.add("GatewayUnauthorized", catalog.unauthorized());
    }
    var forbidden = catalog.forbidden(route);
    if (forbidden != null) {
      answers.add(GatewayAnswerCatalog.forbiddenName(route), forbidden);
    }
    if (route.access().checksKey() || route.owner() != Owner.GATEWAY) {
      answers.add("GatewayServiceUnavailable", catalog.serviceUnavailable());
    }
    if (route.owner() != Owner.GATEWAY) {
      answers.add("GatewayUpstreamError", catalog.upstreamError());
      answers.add("GatewayUpstreamTimeout", catalog.upstreamTimeout());
    }
    route.bucket().ifPresent(bucket -> {
      answers.add("GatewayRateLimited" + GatewayAnswerCatalog.typeName(bucket.bucketName()),
          catalog.rateLimited(bucket));
      // The draft's two headers may not be sent by every gateway yet: like every response header, optional.
      onSuccesses(responses, RATE_LIMIT_POLICY, RATE_LIMIT, RATE_LIMIT_LIMIT, RATE_LIMIT_REMAINING,
          RATE_LIMIT_RESET);
    });
    if (route.chargesCredits()) {
      declareParameter(operation, GatewayComponents.MAX_CREDITS);
      onSuccesses(responses, GatewayComponents.CREDITS_REMAINING);
    }
    if (servesWaits(route)) {
      declareParameter(operation, GatewayComponents.PREFER);
      onSuccesses(responses, GatewayComponents.PREFERENCE_APPLIED);
      answers.add("GatewayTooManyWaits", catalog.tooManyWaits());
    }
    if (route.issuesCredential() && route.access() == Access.PUBLIC) {
      operation.put("description", operation.path("description").asText() + " `Idempotency-Key` is ignored "
          + "here: an answer that carries a credential is never stored, so there is nothing to replay.");
    } else if (honoursIdempotencyKey(route)) {
      declareParameter(operation, route.issuesCredential() ? IDEMPOTENCY_KEY_WITHOUT_REPLAY : IDEMPOTENCY_KEY);
      if (!route.issuesCredential()) {
        onSuccesses(responses, IDEMPOTENT_REPLAYED);
      }
      answers.add(route.issuesCredential() ? "GatewayIdempotencyConflictOrIssued" : "GatewayIdempotencyKeyInUse",
          catalog.idempotencyConflict(route.issuesCredential()));
      answers.add("GatewayIdempotencyKeyMismatch", catalog.idempotencyKeyMismatch());
    }
  }

  /** Whether {@code Prefer: wait=N} holds the answer: a creating POST, or one job's read (docs/jobs.md). */
  static boolean servesWaits(Route route) {
    return route.createsJob() || "GET".equals(route.method()) && "/v1/jobs/*".equals(route.pattern());
  }

  /**
   * Whether a request with an {@code Idempotency-Key} runs once: ForwardingFilter hands a POST that is admitted with
   * a key and forwarded to an owner to IdempotentRequests (public routes and the gateway's own never get there).
   */
  static boolean honoursIdempotencyKey(Route route) {
    return "POST".equals(route.method()) && route.access() != Access.PUBLIC && route.owner() != Owner.GATEWAY;
  }

  /** Lists {@code headers} on every 2xx answer the operation writes out (a referenced one takes no siblings). */
  private static void onSuccesses(ObjectNode responses, String... headers) {
    responses.fields().forEachRemaining(response -> {
      if (response.getKey().startsWith("2") && response.getValue() instanceof ObjectNode success
          && !success.has("$ref")) {
        var declared = object(success, "headers");
        for (var header : headers) {
          declared.putIfAbsent(header, headerRef(header));
        }
      }
    });
  }

  /**
   * Adds the gateway's parameter {@code name} to the operation, unless the service declared the header itself (or
   * the operation already refers to it).
   */
  private static void declareParameter(ObjectNode operation, String name) {
    var parameters = operation.get("parameters") instanceof ArrayNode existing ? existing
        : operation.putArray("parameters");
    var header = GatewayComponents.headerName(name);
    for (var parameter : parameters) {
      if (parameter.path("$ref").asText().endsWith("/" + name) || parameter.path("in").asText().equals("header")
          && parameter.path("name").asText().equalsIgnoreCase(header)) {
        return;
      }
    }
    parameters.add(parameterRef(name));
  }

  /**
   * A path as a request would have it, each parameter standing for one segment. An operation may name its own
   * server (the CDN can be described as a base URL, {@code /cdn}, with the object key below it): its path counts.
   */
  static String requestPath(String path, JsonNode pathItem, JsonNode operation) {
    var servers = operation.has("servers") ? operation.get("servers") : pathItem.path("servers");
    var base = servers.path(0).path("url").asText("").replaceAll("\\{[^}]+}", "x");
    var basePath = base.isEmpty() ? null : URI.create(base).getPath();
    return (basePath == null ? "" : basePath.replaceAll("/+$", "")) + path.replaceAll("\\{[^}]+}", "x");
  }

  /** No key on public operations, a key or none where it is optional, one of the two key schemes elsewhere. */
  static ArrayNode security(Access access) {
    var requirements = NODES.arrayNode();
    if (access == Access.OPTIONAL_KEY) {
      requirements.addObject();
    }
    if (access != Access.PUBLIC) {
      requirements.addObject().putArray(BEARER);
      requirements.addObject().putArray(API_KEY);
    }
    return requirements;
  }

  /** The CORS header goes wherever an answer's headers are listed (the gateway sets it on every answer). */
  private static void allowOriginWhereHeadersAre(ObjectNode merged) {
    Consumer<JsonNode> withOrigin = response -> {
      if (response.get("headers") instanceof ObjectNode headers) {
        headers.putIfAbsent(ALLOW_ORIGIN, headerRef(ALLOW_ORIGIN));
      }
    };
    merged.path("components").path("responses").forEach(withOrigin);
    merged.path("paths").forEach(operations -> operations.forEach(operation -> operation.path("responses")
        .forEach(withOrigin)));
  }

  /** One operation's responses, to which the gateway's answers are added in the operation's error form. */
  private record Answers(ObjectNode responses, GatewayComponents components, boolean problem) {
    /**
     * The gateway's answer as a reference, unless the service declared the status itself: then the service's
     * description gains the gateway's codes and its headers the gateway's. A service's answer that is a reference
     * (a shared answer of the platform's, {@code x-answers}) takes no siblings, so when the gateway has something to
     * add it is written out here: the referenced answer with the gateway's codes, the same content besides.
     */
    void add(String name, GatewayAnswer answer) {
      var status = String.valueOf(answer.status());
      var declared = responses.get(status);
      if (declared == null) {
        responses.set(status, components.responseRef(name, answer, problem));
        return;
      }
      if (!(declared instanceof ObjectNode own)) {
        return;
      }
      if (!own.has("$ref")) {
        withGatewayAnswer(own, answer);
        return;
      }
      var shared = components.referencedResponse(own.path("$ref").asText());
      if (shared != null) {
        var written = shared.deepCopy();
        withGatewayAnswer(written, answer);
        if (!written.equals(shared)) {
          responses.set(status, written);
        }
      }
    }

    private void withGatewayAnswer(ObjectNode own, GatewayAnswer answer) {
      var description = own.path("description").asText();
      if (answer.examples().stream().anyMatch(example -> !description.contains(example.getError()))) {
        own.put("description", (description + " From the gateway: " + answer.description()).strip());
      }
      answer.headers().forEach((header, definition) -> object(own, "headers").putIfAbsent(header,
          headerRef(definition)));
      // The service's answer and the gateway's may differ in kind (an HTML page's own 413 beside the gateway's JSON).
      var content = object(own, "content");
      answer.response(problem).path("content").fields().forEachRemaining(
          type -> content.putIfAbsent(type.getKey(), type.getValue()));
    }
  }
}
