package dev.videoautomation.gateway.mcp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.openapi.Toolset;
import dev.videoautomation.platform.spending.DryRuns;

/**
 * Reads the tools out of an OpenAPI document: one per operation that has an {@code operationId} and is not marked
 * {@code x-mcp: false} (the Stripe webhook, HTML pages and their form posts, the CDN, the documents themselves). The
 * input schema is an object of the path and query parameters (an object-valued one, such as the tag filters'
 * {@code deepObject}, as one object argument), the JSON body under {@code body}, on POSTs an optional
 * {@code idempotencyKey}, where the operation declares the header {@code maxCredits} (sent as {@code Max-Credits}),
 * and on a GET that declares no object-valued parameter and names parameters by pattern in its description
 * ({@code tag.<key>=<value>}) the catch-all {@code query}; the output schema is the 2xx
 * {@code application/json} schema when it is an object, and a {@code oneOf} of them when there are several (a
 * 201/202 operation's dry run answers 200 with another body).
 * Schemas are made self-contained ({@link Schemas}) because an MCP client sees no {@code components}, then lean
 * ({@link LeanSchemas}). Each tool carries its operation's {@code x-toolset}.
 */
final class OperationTools {
  static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** The request header of a credit-charging operation's cap (issue 32), as the merged document declares it. */
  static final String MAX_CREDITS_HEADER = "Max-Credits";
  /** Printable ASCII (U+0020 to U+007E), what a header value can carry unchanged. */
  static final String IDEMPOTENCY_KEY_PATTERN = "^[\\x20-\\x7E]+$";
  /** The longest opening paragraph a description may have (OperationDescriptionsTest holds the document to it). */
  static final int MOST_DESCRIBED = 600;
  /** An operation's MCP output schema where it differs from its 200 answer's (the scrape tools leave out data). */
  static final String OUTPUT_SCHEMA = "x-mcp-output-schema";
  /** Body members an MCP call fills in when left out (the scrape tools' {@code normalize: true}). */
  static final String BODY_DEFAULTS = "x-mcp-body-defaults";
  /** Answer members an MCP result leaves out unless the call sends {@code raw: true}. */
  static final String RAW_MEMBERS = "x-mcp-raw-members";
  static final String TRUNCATED = "truncated";
  static final String PREVIEW = "preview";
  static final String RESOURCE = "resource";
  private static final ObjectNode ENVELOPE = envelope();
  private static final Set<String> SCALARS = Set.of("integer", "number", "string", "boolean");
  /** A query parameter named by pattern, as a description writes it: {@code tag.<key>}, {@code tag[<key>]}. */
  private static final Pattern PARAMETER_PATTERN = Pattern.compile("[A-Za-z_]+(\\.|\\[)<[A-Za-z_]+>");

  private OperationTools() {
  }

  static List<OperationTool> from(ObjectNode document) {
    var schemas = new Schemas(document);
    var tools = new ArrayList<OperationTool>();
    var names = new HashSet<String>();
    var skipped = new ArrayList<String>();
    document.path("paths").fields().forEachRemaining(path -> METHODS.forEach(method -> {
      var operation = path.getValue().get(method);
      if (!(operation instanceof ObjectNode node)) {
        return;
      }
      var name = node.path("operationId").asText("");
      var label = method.toUpperCase(Locale.ROOT) + " " + path.getKey();
      if (name.isBlank() || node.path("x-mcp").asText("").equals("false") || takesOnlyFiles(method, node)
          || !names.add(name)) {
        skipped.add(label);
        return;
      }
      tools.add(shaped(tool(document, schemas, name, method.toUpperCase(Locale.ROOT), path.getKey(), node,
          path.getValue().path("parameters")), node));
    }));
    if (!skipped.isEmpty()) {
      Log.debugf("Not offered as MCP tools (no operationId, x-mcp: false, a file body, or a repeated operationId): %s",
          skipped);
    }
    return tools;
  }

  /**
   * A body that is not JSON (a multipart or raw file upload) cannot be a tool argument; agents stage files by URL
   * instead (the upload-by-URL operation is a tool of its own).
   */
  private static boolean takesOnlyFiles(String method, ObjectNode operation) {
    var content = operation.path("requestBody").path("content");
    return !method.equals("get") && !content.isMissingNode() && !content.isEmpty()
        && !content.has("application/json");
  }

  private static OperationTool tool(ObjectNode document, Schemas schemas, String name, String method, String path,
      ObjectNode operation, JsonNode pathLevelParameters) {
    var input = NODES.objectNode().put("type", "object");
    var properties = input.putObject("properties");
    var required = NODES.arrayNode();
    var pathParameters = new ArrayList<String>();
    var queryParameters = new ArrayList<OperationTool.QueryParameter>();
    var seen = new HashSet<String>();
    var objectInQuery = false;
    var takesWait = false;
    var takesCap = false;
    for (var parameters : List.of(operation.path("parameters"), pathLevelParameters)) {
      for (var reference : parameters) {
        var parameter = schemas.resolve(reference);
        var in = parameter.path("in").asText();
        var parameterName = parameter.path("name").asText();
        takesWait |= in.equals("header") && parameterName.equalsIgnoreCase("Prefer");
        takesCap |= in.equals("header") && parameterName.equalsIgnoreCase(MAX_CREDITS_HEADER);
        if (!(in.equals("path") || in.equals("query")) || parameterName.isBlank() || !seen.add(parameterName)) {
          continue;
        }
        var schema = parameter.has("schema") ? schemas.inline(parameter.get("schema"))
            : NODES.objectNode().put("type", "string");
        if (in.equals("path")) {
          pathParameters.add(parameterName);
        } else {
          var style = parameter.path("style").asText(OperationTool.QueryParameter.FORM);
          queryParameters.add(new OperationTool.QueryParameter(parameterName, style,
              parameter.path("explode").asBoolean(style.equals(OperationTool.QueryParameter.FORM))));
          objectInQuery |= schema.path("type").asText("").equals("object");
        }
        if (parameterName.equals(DryRuns.PARAMETER)) {
          // Every spending tool has it: the server's instructions say once what it does (tools/list's size, issue
          // 33), and the document's long description is in the tool's docs.
          schema.remove("description");
        } else if (parameter.hasNonNull("description") && !schema.has("description")) {
          schema.put("description", parameter.get("description").asText());
        }
        properties.set(parameterName, schema);
        if (in.equals("path") || parameter.path("required").asBoolean(false)) {
          required.add(parameterName);
        }
      }
    }
    var bodySchema = operation.path("requestBody").path("content").path("application/json").path("schema");
    // A GET's body has no meaning (RFC 9110 §9.3.1); a document that shows one is wrong, and no call sends it.
    var takesBody = !method.equals("GET") && !bodySchema.isMissingNode();
    if (takesBody) {
      var body = schemas.inline(bodySchema);
      properties.set(OperationTool.BODY, body);
      if (schemas.resolve(operation.path("requestBody")).path("required").asBoolean(false)) {
        required.add(OperationTool.BODY);
      }
    }
    // An operation that declares an object-valued query parameter (the tag filters' deepObject) declares its
    // filters; the catch-all would offer them twice. One whose description names no parameter by pattern has none.
    if (method.equals("GET") && !objectInQuery && !properties.has(OperationTool.QUERY)
        && PARAMETER_PATTERN.matcher(operation.path("description").asText("")).find()) {
      properties.putObject(OperationTool.QUERY).put("type", "object")
          .put("description", "More query parameters, name to value, as the description names them.")
          .putObject("additionalProperties").put("type", "string");
    }
    if (method.equals("POST")) {
      // A header value: printable ASCII, as the Idempotency-Key field is a structured-field string.
      var key = properties.putObject(OperationTool.IDEMPOTENCY_KEY).put("type", "string").put("minLength", 1)
          .put("maxLength", 255).put("pattern", IDEMPOTENCY_KEY_PATTERN);
      // Described once, in the server's instructions, rather than on every POST tool (tools/list's size, issue 33).
      key.putObject(ArgumentChecks.ERROR_MESSAGE).put("pattern", "must be printable ASCII (U+0020 to U+007E), "
          + "as it is sent as the Idempotency-Key header");
    }
    if (takesWait) {
      properties.putObject(OperationTool.WAIT).put("type", "integer").put("minimum", 1).put("maximum", 60)
          .put("description", "Sent as Prefer: wait=N: answers when the job ends or N seconds pass (progress "
              + "notifications meanwhile, given a progressToken).");
    }
    if (takesCap) {
      properties.putObject(OperationTool.MAX_CREDITS).put("type", "integer").put("minimum", 0)
          .put("maximum", Integer.MAX_VALUE)
          .put("description", "Sent as Max-Credits: the most credits this call may cost (else budget_exceeded, "
              + "nothing spent).");
    }
    if (!required.isEmpty()) {
      input.set("required", required);
    }
    return new OperationTool(name, method, path, operation.path("summary").asText(null),
        description(operation, method, path, name), LeanSchemas.input(input), output(schemas, operation),
        List.copyOf(pathParameters), List.copyOf(queryParameters), takesBody, keyless(document, operation),
        Toolset.byId(operation.path(Toolset.EXTENSION).asText("")).orElse(null), null, List.of(), false);
  }

  /**
   * The opening paragraph of the operation's description (what it does and the rule an agent must know, at most
   * {@value #MOST_DESCRIBED} characters: docs/openapi.md), else its summary, then {@code (METHOD path, docs:
   * vas://docs/{operationId})}: the rest of the description, and the whole definition, are that resource
   * ({@link OperationDocs}).
   */
  static String description(ObjectNode operation, String method, String path, String name) {
    var text = operation.path("description").asText("").strip().split("\n\n", 2)[0].strip();
    if (text.isEmpty()) {
      var summary = operation.path("summary").asText("").strip();
      text = summary.isEmpty() || summary.endsWith(".") ? summary : summary + ".";
    }
    if (text.length() > MOST_DESCRIBED) {
      var cut = text.lastIndexOf(' ', MOST_DESCRIBED - 1);
      text = text.substring(0, cut > 0 ? cut : MOST_DESCRIBED - 1).strip() + "…";
    }
    return (text.isEmpty() ? "" : text + " ") + "(" + method + " " + path + ", docs: " + OperationDocs.uri(name)
        + ")";
  }

  /**
   * What a successful call answers, as MCP's outputSchema (an object): the 2xx {@code application/json} schema, or,
   * when several 2xx answers carry one (a 201/202 operation's 200 dry run beside its real answer, issue 32), a
   * {@code oneOf} of them. Null when the first 2xx answer has no JSON body, or one of the bodies is not an object.
   * The operation's {@code x-mcp-output-schema}, when it has one, stands instead.
   */
  static ObjectNode output(Schemas schemas, ObjectNode operation) {
    return operation.get(OUTPUT_SCHEMA) instanceof ObjectNode declared
        ? asObject(schemas.inline(declared)) : documented(schemas, operation);
  }

  /**
   * The tool as its results are shaped: an output schema that can grow past the result cap admits the truncated
   * envelope, unless the tool is a list read again with a smaller {@code limit} ({@link #pagesByLimit});
   * {@code x-mcp-body-defaults} is shown as the body members' {@code default} (the call fills them in when left out),
   * and {@code x-mcp-raw-members} as a boolean {@link OperationTool#RAW} argument (those members of the answer are
   * left out of the result unless it is true).
   */
  static OperationTool shaped(OperationTool tool, ObjectNode operation) {
    // Judged on the full answer schema: the listed (lean) one keeps only the answer's field names.
    var pages = pagesByLimit(tool);
    var output = LeanSchemas.output(tool.outputSchema() != null && unbounded(tool.outputSchema()) && !pages
        ? truncatable(tool.outputSchema()) : tool.outputSchema());
    var defaults = tool.takesBody() && operation.get(BODY_DEFAULTS) instanceof ObjectNode given && !given.isEmpty()
        ? given.deepCopy() : null;
    var raw = new ArrayList<String>();
    operation.path(RAW_MEMBERS).forEach(member -> raw.add(member.asText()));
    var input = tool.inputSchema().deepCopy();
    var properties = (ObjectNode) input.get("properties");
    if (defaults != null && properties.path(OperationTool.BODY).path("properties") instanceof ObjectNode members) {
      defaults.fields().forEachRemaining(member -> {
        if (members.get(member.getKey()) instanceof ObjectNode declared) {
          declared.set("default", member.getValue());
        }
      });
    }
    if (!raw.isEmpty()) {
      properties.putObject(OperationTool.RAW).put("type", "boolean").put("default", false)
          .put("description", "True keeps `" + String.join("`, `", raw) + "` in the result, which leaves "
              + (raw.size() == 1 ? "it" : "them") + " out by default.");
    }
    return new OperationTool(tool.name(), tool.method(), tool.path(), tool.title(), tool.description(), input,
        output, tool.pathParameters(), tool.queryParameters(), tool.takesBody(), tool.keyless(), tool.toolset(),
        defaults, List.copyOf(raw), pages);
  }

  /**
   * Whether an answer of {@code schema} can grow past any size: it holds an array without {@code maxItems}, or an
   * object or value whose members are not declared (a provider's pass-through, a free-form map). Such a tool
   * declares the truncated envelope beside its answer; one of declared, bounded members does not.
   */
  static boolean unbounded(JsonNode schema) {
    if (!(schema instanceof ObjectNode node)) {
      return false;
    }
    var types = new HashSet<String>();
    if (node.get("type") instanceof ArrayNode several) {
      several.forEach(type -> types.add(type.asText()));
    } else if (node.has("type")) {
      types.add(node.get("type").asText());
    }
    if ((types.contains("array") || node.has("items")) && !node.has("maxItems")) {
      return true;
    }
    // A map of numbers or strings (units by bucket) is as long as its keys, which the API names; a map of objects
    // or of anything is not.
    var additional = node.get("additionalProperties");
    if (additional != null && (additional.isBoolean() ? additional.asBoolean()
        : !SCALARS.contains(additional.path("type").asText()))) {
      return true;
    }
    var combinations = List.of("oneOf", "anyOf", "allOf");
    var structured = node.has("properties") || node.has("enum") || node.has("const") || additional != null
        || combinations.stream().anyMatch(node::has);
    if (!structured && (types.isEmpty() || types.contains("object"))) {
      return true;
    }
    for (var member : node.path("properties")) {
      if (unbounded(member)) {
        return true;
      }
    }
    for (var combination : combinations) {
      for (var alternative : node.path(combination)) {
        if (unbounded(alternative)) {
          return true;
        }
      }
    }
    return unbounded(node.path("items"));
  }

  /**
   * {@code schema} or the envelope of a result over the cap ({@code {truncated: true, preview, resource}}), kept
   * compact for tools/list's size: what each member holds is in docs/gateway-service.md and in the result's
   * {@code resource_link} content, whose description says it.
   */
  static ObjectNode truncatable(ObjectNode schema) {
    var either = NODES.objectNode().put("type", "object");
    var alternatives = either.putArray("anyOf");
    // An answer that already is a choice (a scrape result or its dry run) gets the envelope as one more choice,
    // not a choice nested in another: the same meaning, listed once.
    if (schema.get("anyOf") instanceof ArrayNode choices && schema.size() <= 2
        && schema.path("type").asText("object").equals("object")) {
      alternatives.addAll(choices.deepCopy());
    } else {
      alternatives.add(schema);
    }
    alternatives.add(ENVELOPE.deepCopy());
    return either;
  }

  /**
   * A list the call pages with {@code limit}: a GET whose query takes {@code limit} and whose answer declares a
   * {@code data} array and {@code nextCursor} (the API's list envelope). Over the cap it is read again with fewer.
   */
  static boolean pagesByLimit(OperationTool tool) {
    var members = tool.outputSchema() == null ? null : tool.outputSchema().path("properties");
    return tool.readOnly() && members != null && members.has("nextCursor")
        && members.path("data").path("type").asText("").equals("array")
        && tool.queryParameters().stream().anyMatch(parameter -> parameter.name().equals(OperationTool.LIMIT));
  }

  private static ObjectNode envelope() {
    var envelope = NODES.objectNode().put("type", "object");
    envelope.putArray("required").add(TRUNCATED).add(PREVIEW).add(RESOURCE);
    var properties = envelope.putObject("properties");
    properties.putObject(TRUNCATED).put("const", true);
    properties.putObject(PREVIEW).put("type", "object");
    properties.putObject(RESOURCE).put("type", "object");
    return envelope;
  }

  /** The output schema the operation's 2xx answers declare; see {@link #output}. */
  private static ObjectNode documented(Schemas schemas, ObjectNode operation) {
    var responses = operation.path("responses");
    var codes = new ArrayList<String>();
    responses.fieldNames().forEachRemaining(codes::add);
    codes.sort(null);
    var bodies = new ArrayList<ObjectNode>();
    for (var code : codes) {
      if (!code.startsWith("2")) {
        continue;
      }
      var schema = schemas.resolve(responses.get(code)).path("content").path("application/json").path("schema");
      if (schema.isMissingNode()) {
        if (bodies.isEmpty()) {
          return null;
        }
        continue;
      }
      var inlined = schemas.inline(schema);
      if (!describesObjects(inlined)) {
        return null;
      }
      addAlternatives(bodies, inlined);
    }
    if (bodies.isEmpty()) {
      return null;
    }
    if (bodies.size() == 1) {
      return asObject(bodies.getFirst());
    }
    var alternatives = NODES.objectNode().put("type", "object");
    var oneOf = alternatives.putArray("oneOf");
    bodies.forEach(oneOf::add);
    return alternatives;
  }

  /**
   * Adds each alternative a body schema stands for once: a 200 that is a {@code oneOf} of the real body and
   * {@code DryRun} beside a 202 of the same real body must give {@code oneOf: [real, DryRun]}, not a {@code oneOf}
   * whose two branches both match every real answer (which a client validating structured content refuses).
   */
  private static void addAlternatives(List<ObjectNode> bodies, ObjectNode schema) {
    if (schema.get("oneOf") instanceof ArrayNode alternatives && schema.size() == 1) {
      alternatives.forEach(alternative -> addAlternatives(bodies, (ObjectNode) alternative));
    } else if (!bodies.contains(schema)) {
      bodies.add(schema);
    }
  }

  /** An object schema, or a {@code oneOf}/{@code anyOf} of them (a 200 that may be the real body or a dry run). */
  private static boolean describesObjects(JsonNode schema) {
    if ("object".equals(schema.path("type").asText())) {
      return true;
    }
    for (var combination : List.of("oneOf", "anyOf")) {
      if (schema.get(combination) instanceof ArrayNode alternatives && !alternatives.isEmpty()) {
        for (var alternative : alternatives) {
          if (!describesObjects(alternative)) {
            return false;
          }
        }
        return true;
      }
    }
    return false;
  }

  /** MCP wants {@code "type": "object"} at the top of an outputSchema, also over a {@code oneOf} of objects. */
  private static ObjectNode asObject(ObjectNode schema) {
    if (!schema.has("type")) {
      schema.put("type", "object");
    }
    return schema;
  }

  /** True when no key is needed: no {@code security} (here or for the document), an empty one, or one with {@code {}}. */
  static boolean keyless(ObjectNode document, ObjectNode operation) {
    var security = operation.has("security") ? operation.get("security") : document.get("security");
    if (!(security instanceof ArrayNode requirements) || requirements.isEmpty()) {
      return true;
    }
    for (var requirement : requirements) {
      if (requirement.isObject() && requirement.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** The names of {@code tools}, for comparing sets. */
  static Set<String> names(List<OperationTool> tools) {
    var names = new HashSet<String>();
    tools.forEach(t -> names.add(t.name()));
    return names;
  }
}
