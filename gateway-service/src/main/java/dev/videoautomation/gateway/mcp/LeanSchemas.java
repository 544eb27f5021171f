package dev.videoautomation.gateway.mcp;

import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The schemas a tool is listed with, cut to what an agent needs to call it and a client needs to check the answer
 * (issue 33 §1: {@code tools/list} is read into the agent's context, every byte of it, for every tool). The rest is
 * the operation's whole definition, {@code vas://docs/{operationId}} ({@link OperationDocs}).
 * <ul>
 * <li>An input schema keeps its types, constraints, enums and defaults, and the first sentence of each argument's
 * description; it loses examples, titles, formats, {@code x-} extensions and the descriptions below the arguments
 * (the body's fields: the tool's description and its docs say what they mean).</li>
 * <li>An output schema keeps the answer's shape to {@value #OUTPUT_DEPTH} level of fields (their names and
 * constants, and the alternatives); their types, deeper structure, enums, descriptions, examples, formats, bounds, {@code required},
 * {@code additionalProperties} and {@code x-} extensions go, since the answer itself shows them. Dropping keywords
 * only widens a schema, and {@code oneOf} becomes {@code anyOf} (widened alternatives may overlap), so every answer
 * that met the full schema meets the lean one. The dry run's answer, an alternative of every spending tool's, is
 * named rather than spelled out ({@link #DRY_RUN}).</li>
 * </ul>
 */
final class LeanSchemas {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** Levels of fields an output schema keeps: the answer's own fields. */
  static final int OUTPUT_DEPTH = 1;
  /** The arguments' level: their descriptions stay (first sentence), deeper ones go. */
  private static final int ARGUMENT_DEPTH = 1;
  private static final Set<String> NEVER = Set.of("example", "examples", "title", "deprecated", "readOnly",
      "writeOnly", "externalDocs", "xml", "discriminator", "format", "$comment");
  private static final Set<String> NOT_IN_OUTPUT = Set.of("description", "pattern", "minLength", "maxLength",
      "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems",
      "minProperties", "maxProperties", "multipleOf", "default", "required", "additionalProperties",
      ArgumentChecks.ERROR_MESSAGE);
  /** What a listed input schema leaves to the server's checks. */
  private static final Set<String> UNLISTED_BOUNDS = Set.of("pattern", "minLength", "maxLength", "minItems",
      "maxItems", "maxProperties", ArgumentChecks.ERROR_MESSAGE);
  /** Keywords whose value is a map of names to schemas (one level of fields deeper). */
  private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties");
  /** Keywords holding the schema of deeper values (one level of fields deeper). */
  private static final Set<String> NESTED = Set.of("items", "additionalProperties", "prefixItems");
  /** Keywords whose value is data, copied as it is. */
  private static final Set<String> DATA = Set.of("enum", "const", "required", "default", ArgumentChecks.ERROR_MESSAGE);
  /** The end of a description's first sentence: a full stop before a space and a capital or a backtick. */
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.;])\\s+(?=[A-Z`(])");

  /** The dry run's answer as an output alternative: what tells it apart, the rest being in the tool's docs. */
  static final String DRY_RUN = "dryRun";

  private LeanSchemas() {
  }

  /** The input schema as listed; {@link ArgumentChecks} checks the full one's constraints, which this keeps. */
  static ObjectNode input(ObjectNode schema) {
    return (ObjectNode) lean(schema, false, 0);
  }

  /**
   * The input schema as {@code tools/list} shows it: without the wording of refusals, string patterns and the
   * upper bounds of lengths and counts (an identifier's pattern, a field's 20000 characters, {@code idempotencyKey}'s
   * printable ASCII, said in the server's instructions): what an agent sends is checked against the full schema
   * ({@link ArgumentChecks} for the arguments, the owning service for the body), each refusal naming the field.
   * Types, enums, required fields, numeric bounds and defaults stay.
   */
  static ObjectNode listed(ObjectNode input) {
    return (ObjectNode) withoutBounds(input);
  }

  private static JsonNode withoutBounds(JsonNode node) {
    if (node instanceof ArrayNode array) {
      var copy = NODES.arrayNode();
      array.forEach(item -> copy.add(withoutBounds(item)));
      return copy;
    }
    if (!(node instanceof ObjectNode object)) {
      return node;
    }
    var copy = NODES.objectNode();
    object.fields().forEachRemaining(field -> {
      var keyword = field.getKey();
      if (UNLISTED_BOUNDS.contains(keyword)) {
        return;
      }
      if (SCHEMA_MAPS.contains(keyword) && field.getValue() instanceof ObjectNode schemas) {
        var named = copy.putObject(keyword);
        schemas.fields().forEachRemaining(entry -> named.set(entry.getKey(), withoutBounds(entry.getValue())));
      } else if (DATA.contains(keyword)) {
        copy.set(keyword, field.getValue().deepCopy());
      } else {
        copy.set(keyword, withoutBounds(field.getValue()));
      }
    });
    return copy;
  }

  static ObjectNode output(ObjectNode schema) {
    return schema == null ? null : (ObjectNode) lean(schema, true, 0);
  }

  private static JsonNode lean(JsonNode node, boolean output, int depth) {
    if (output && depth >= OUTPUT_DEPTH && node.isObject()) {
      // A field of the answer, named (with its constant, which tells alternatives apart): its value shows the rest.
      var field = NODES.objectNode();
      if (node.has("const")) {
        field.set("const", node.get("const").deepCopy());
      }
      return field;
    }
    if (node instanceof ArrayNode array) {
      var copy = NODES.arrayNode();
      array.forEach(item -> copy.add(lean(item, output, depth)));
      return copy;
    }
    if (!(node instanceof ObjectNode object)) {
      return node;
    }
    var copy = NODES.objectNode();
    object.fields().forEachRemaining(field -> {
      var keyword = field.getKey();
      var value = field.getValue();
      if (NEVER.contains(keyword) || keyword.startsWith("x-") || output && NOT_IN_OUTPUT.contains(keyword)) {
        return;
      }
      if (output && (keyword.equals("oneOf") || keyword.equals("anyOf"))) {
        copy.set("anyOf", alternatives((ArrayNode) value, depth));
      } else if (keyword.equals("description")) {
        if (depth <= ARGUMENT_DEPTH && value.isTextual()) {
          copy.put(keyword, firstSentence(value.asText()));
        }
      } else if (SCHEMA_MAPS.contains(keyword) && value instanceof ObjectNode schemas) {
        if (!output || depth < OUTPUT_DEPTH) {
          var named = copy.putObject(keyword);
          schemas.fields().forEachRemaining(entry -> named.set(entry.getKey(),
              lean(entry.getValue(), output, depth + 1)));
        }
      } else if (NESTED.contains(keyword) && !value.isBoolean()) {
        if (!output || depth < OUTPUT_DEPTH) {
          copy.set(keyword, lean(value, output, depth + 1));
        }
      } else if (DATA.contains(keyword)) {
        copy.set(keyword, value.deepCopy());
      } else {
        copy.set(keyword, lean(value, output, depth));
      }
    });
    return copy;
  }

  /**
   * An output's alternatives, the dry run's answer (the one whose {@code dryRun} is the constant {@code true}) as just
   * that.
   */
  private static ArrayNode alternatives(ArrayNode alternatives, int depth) {
    var lean = NODES.arrayNode();
    for (var alternative : alternatives) {
      if (alternative.path("properties").path(DRY_RUN).path("enum").equals(NODES.arrayNode().add(true))) {
        var dryRun = lean.addObject().put("type", "object");
        dryRun.putObject("properties").putObject(DRY_RUN).put("const", true);
      } else {
        lean.add(lean(alternative, true, depth));
      }
    }
    return lean;
  }

  static String firstSentence(String description) {
    var text = description.strip();
    var end = SENTENCE_END.matcher(text);
    return end.find() ? text.substring(0, end.start()) : text;
  }
}
