package dev.videoautomation.gateway.mcp;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.path.NodePath;

import io.vertx.core.json.Json;

/**
 * A tool's arguments against the schemas its input schema declares for them (type, bounds, pattern, enum, ...), with
 * networknt's JSON Schema validator: an argument that breaks its schema is named before anything is sent, as the API
 * names a field. These are the arguments this gateway itself turns into the request target and headers (path and
 * query parameters, {@code idempotencyKey}); the {@code body} is the owning service's to judge, as on REST, so its
 * 400 names the field the same way both ways.
 */
final class ArgumentChecks {
  /** A schema's own wording of a refusal, by keyword: {@code "errorMessage": {"pattern": "must be ..."}}. */
  static final String ERROR_MESSAGE = "errorMessage";
  private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012(),
      registry -> registry.schemaRegistryConfig(SchemaRegistryConfig.builder().locale(Locale.ENGLISH)
          .errorMessageKeyword(ERROR_MESSAGE).build()));
  private static final Map<String, String> TYPES = Map.of("string", "a string", "integer", "an integer",
      "number", "a number", "boolean", "true or false", "object", "an object", "array", "an array", "null", "null");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern TYPE_MISMATCH = Pattern.compile("(\\w+) found, (.+) expected");

  /** One argument that breaks its schema: its path ({@code tag.env}) and what is wrong, to follow "Field 'x' ". */
  record Problem(String field, String problem) {
  }

  private final Map<String, Schema> arguments;

  private ArgumentChecks(Map<String, Schema> arguments) {
    this.arguments = arguments;
  }

  static ArgumentChecks of(OperationTool tool) {
    var arguments = new LinkedHashMap<String, Schema>();
    tool.inputSchema().path("properties").properties().forEach(property -> {
      if (!property.getKey().equals(OperationTool.BODY)) {
        arguments.put(property.getKey(), SCHEMAS.getSchema(property.getValue()));
      }
    });
    return new ArgumentChecks(Map.copyOf(arguments));
  }

  /** The first argument, in the schema's order, that breaks its schema. */
  Optional<Problem> check(Map<String, Object> values) {
    for (var argument : arguments.entrySet()) {
      if (!values.containsKey(argument.getKey())) {
        continue;
      }
      var errors = argument.getValue().validate(tree(values.get(argument.getKey())));
      if (!errors.isEmpty()) {
        var error = errors.getFirst();
        return Optional.of(new Problem(argument.getKey() + path(error.getInstanceLocation()), problem(error)));
      }
    }
    return Optional.empty();
  }

  /** The argument as JSON: the MCP server hands over Vert.x's JSON types, maps and lists alike. */
  private static JsonNode tree(Object value) {
    try {
      return JSON.readTree(Json.encode(value));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Vert.x wrote JSON that Jackson cannot read", e);
    }
  }

  private static String path(NodePath location) {
    var path = new StringBuilder();
    for (int i = 0; i < location.getNameCount(); i++) {
      if (location.getElement(i) instanceof Integer index) {
        path.append('[').append(index).append(']');
      } else {
        path.append('.').append(location.getName(i));
      }
    }
    return path.toString();
  }

  private static String problem(Error error) {
    var message = error.getMessage().strip();
    var mismatch = TYPE_MISMATCH.matcher(message);
    if ("type".equals(error.getKeyword()) && mismatch.matches()) {
      return "must be " + TYPES.getOrDefault(mismatch.group(2), mismatch.group(2)) + ", not "
          + TYPES.getOrDefault(mismatch.group(1), mismatch.group(1));
    }
    return message.endsWith(".") ? message.substring(0, message.length() - 1) : message;
  }
}
