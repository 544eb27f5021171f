package dev.videoautomation.gateway.openapi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ProblemDetails;

/**
 * One error answer the gateway gives itself, as the merged document shows it: its status, what it means, the
 * bodies it may carry (one example per error code) and the headers that come with it (each header's name to the
 * name of its definition under {@code components.headers}: one header may be defined twice, as
 * {@code WWW-Authenticate} is for the 401 and for the 403).
 */
record GatewayAnswer(int status, String description, List<ApiError> examples, Map<String, String> headers) {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  GatewayAnswer {
    examples = List.copyOf(examples);
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** An answer with one example, whose headers are each defined under their own name. */
  static GatewayAnswer of(String description, ApiError example, String... headers) {
    return new GatewayAnswer(example.status(), description, List.of(example), sameNames(headers));
  }

  /** Headers each defined under their own name, in the order given. */
  static Map<String, String> sameNames(String... headers) {
    var named = new LinkedHashMap<String, String>();
    for (var header : headers) {
      named.put(header, header);
    }
    return named;
  }

  /** The response object: JSON {@code Error} bodies, or {@code Problem} ones on the registration family. */
  ObjectNode response(boolean problem) {
    var response = NODES.objectNode().put("description", description);
    if (!headers.isEmpty()) {
      var declared = response.putObject("headers");
      headers.forEach((header, definition) -> declared.set(header, GatewayComponents.headerRef(definition)));
    }
    var mediaType = response.putObject("content").putObject(problem ? ProblemDetails.MEDIA_TYPE : "application/json");
    mediaType.putObject("schema").put("$ref", "#/components/schemas/" + (problem ? "Problem" : "Error"));
    if (examples.size() == 1) {
      mediaType.set("example", body(examples.getFirst(), problem));
    } else {
      var named = mediaType.putObject("examples");
      // A sub-key's refusal shares its code with the client's (403 insufficient_scope, 429 rate_limited), and two
      // invalid requests are told apart by the field each names (400 dryRun, Max-Credits).
      examples.forEach(example -> {
        var name = example.getError() + (Boolean.TRUE.equals(example.extra().get("subKey")) ? "_sub_key" : "")
            + (example.extra().get("field") instanceof String field ? "_" + field : "");
        named.putObject(name).put("summary", name).set("value", body(example, problem));
      });
    }
    return response;
  }

  /** The body as the platform renders it ({@code ErrorResponses}), so every example is one the caller can get. */
  private static ObjectNode body(ApiError error, boolean problem) {
    Object rendered = problem ? ProblemDetails.from(error) : error;
    return JSON.valueToTree(rendered);
  }
}
