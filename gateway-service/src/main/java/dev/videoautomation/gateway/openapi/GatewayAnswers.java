package dev.videoautomation.gateway.openapi;

import java.util.Locale;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Access;
import dev.videoautomation.gateway.routing.Body;
import dev.videoautomation.gateway.routing.Route;
import dev.videoautomation.gateway.routing.RouteTable;
import dev.videoautomation.gateway.sizes.RequestSizes;

/**
 * What the gateway answers itself, written into the merged document where each operation can show it: the largest
 * body of the operation's route ({@code x-max-body-bytes} and a 413), 414 and 431 past the request-target and
 * header limits, and how {@code Idempotency-Key} behaves on the routes that issue credentials. The services'
 * documents cannot say these: the answers never reach them.
 */
@ApplicationScoped
class GatewayAnswers {
  private static final Set<String> METHODS = Set.of("get", "head", "post", "put", "patch", "delete");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String REFS = "#/components/responses/";

  private final RouteTable routes;
  private final RequestSizes sizes;
  private final GatewayConfig config;

  GatewayAnswers(RouteTable routes, RequestSizes sizes, GatewayConfig config) {
    this.routes = routes;
    this.sizes = sizes;
    this.config = config;
  }

  /** Adds the gateway's answers to {@code merged}, a document with {@code paths} and {@code components}. */
  void describe(ObjectNode merged) {
    var info = (ObjectNode) merged.get("info");
    info.put("description", info.path("description").asText() + " Requests: the path and query string up to "
        + config.maxUriBytes() + " bytes (414 uri_too_long), headers up to " + config.maxHeaderBytes() + " bytes "
        + "together (431 headers_too_large), bodies up to " + config.maxBodyBytes() + " bytes and uploads up to "
        + config.maxUploadBytes() + " bytes (413 payload_too_large); each answer carries the limit.");
    addResponses((ObjectNode) merged.get("components"));
    merged.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
      if (METHODS.contains(operation.getKey()) && operation.getValue() instanceof ObjectNode node) {
        var lookup = routes.lookup(operation.getKey().toUpperCase(Locale.ROOT),
            path.getKey().replaceAll("\\{[^}]+}", "x"));
        if (lookup instanceof RouteTable.Found found) {
          describe(node, found.route());
        }
      }
    }));
  }

  private void describe(ObjectNode operation, Route route) {
    var responses = operation.has("responses") ? (ObjectNode) operation.get("responses")
        : operation.putObject("responses");
    if (operation.get("requestBody") instanceof ObjectNode body) {
      body.put("x-max-body-bytes", sizes.bodyLimit(route));
      responses.putIfAbsent("413", ref(route.body() == Body.UPLOAD ? "GatewayUploadTooLarge" : "GatewayBodyTooLarge"));
    }
    responses.putIfAbsent("414", ref("GatewayUriTooLong"));
    responses.putIfAbsent("431", ref("GatewayHeadersTooLarge"));
    if (route.issuesCredential() && route.access() == Access.PUBLIC) {
      operation.put("description", operation.path("description").asText() + " `Idempotency-Key` is ignored "
          + "here: an answer that carries a credential is never stored, so there is nothing to replay.");
    } else if (route.issuesCredential()) {
      responses.putIfAbsent("409", ref("GatewayCredentialIssued"));
    }
  }

  private void addResponses(ObjectNode components) {
    var responses = components.has("responses") ? (ObjectNode) components.get("responses")
        : components.putObject("responses");
    responses.set("GatewayBodyTooLarge", error("The body is larger than this operation takes; the gateway "
        + "refuses it before the service sees it.", "payload_too_large", config.maxBodyBytes()));
    responses.set("GatewayUploadTooLarge", error("The upload is larger than the gateway takes.",
        "payload_too_large", config.maxUploadBytes()));
    responses.set("GatewayUriTooLong", error("The path and query string are longer than the gateway takes.",
        "uri_too_long", config.maxUriBytes()));
    responses.set("GatewayHeadersTooLarge", error("The request headers together are larger than the gateway "
        + "takes.", "headers_too_large", config.maxHeaderBytes()));
    var issued = NODES.objectNode().put("error", "credential_issued").put("message", "The first request with this "
        + "Idempotency-Key issued a key, which is shown once and not stored. Use the key it gave you; if it is lost, "
        + "recover one with POST /v1/api_keys/recover. To rotate again, send a new Idempotency-Key.");
    var credentialIssued = NODES.objectNode().put("description", "A request with this Idempotency-Key already "
        + "issued a key. Answers that carry a credential are never stored, so the key is not shown again.");
    credentialIssued.putObject("content").putObject("application/json").set("example", issued);
    responses.set("GatewayCredentialIssued", credentialIssued);
  }

  /** A gateway error answer: JSON, or problem+json on the registration family, with {@code limit}. */
  private static ObjectNode error(String description, String code, long limit) {
    var response = NODES.objectNode().put("description", description + " `limit` is the largest size, in bytes "
        + "(application/problem+json on /v1/auth/agent/**).");
    var example = NODES.objectNode().put("error", code).put("message", description).put("limit", limit);
    var content = response.putObject("content");
    content.putObject("application/json").set("example", example);
    content.putObject("application/problem+json").set("example", example);
    return response;
  }

  private static ObjectNode ref(String name) {
    return NODES.objectNode().put("$ref", REFS + name);
  }
}
