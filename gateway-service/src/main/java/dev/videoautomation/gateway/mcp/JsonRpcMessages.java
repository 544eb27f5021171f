package dev.videoautomation.gateway.mcp;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Checks the body of a {@code POST /mcp} before the MCP server reads it, so that what is not a JSON-RPC message it can
 * take is answered as JSON-RPC says ({@code -32700} for what is not JSON, {@code -32600} for JSON that is not a
 * message) instead of failing inside the server (a 500 with a stack trace in the log). A message is an object with
 * {@code "jsonrpc": "2.0"}, a string {@code method} (or a {@code result}/{@code error} when it answers the server), an
 * {@code id} that is a string or an integer when present, and {@code params} that is an object; the members of
 * {@code params} that MCP defines and the server reads by type are checked for that type. A batch is a non-empty
 * array of messages. A key repeated inside a {@code tools/call}'s {@code arguments} is left for the tool to refuse
 * naming the argument (it is the caller's data, as a REST body is); repeated anywhere else, the message is refused.
 */
final class JsonRpcMessages {
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final String TOOLS_CALL = "tools/call";

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  /**
   * Members of {@code params} whose type MCP fixes for every method that has them, and which the server reads as
   * that type.
   */
  private static final Map<String, Kind> PARAMS = Map.ofEntries(
      Map.entry("_meta", Kind.OBJECT), Map.entry("name", Kind.STRING), Map.entry("arguments", Kind.OBJECT),
      Map.entry("uri", Kind.STRING), Map.entry("cursor", Kind.STRING), Map.entry("protocolVersion", Kind.STRING),
      Map.entry("capabilities", Kind.OBJECT), Map.entry("clientInfo", Kind.OBJECT), Map.entry("level", Kind.STRING),
      Map.entry("ref", Kind.OBJECT), Map.entry("argument", Kind.OBJECT), Map.entry("context", Kind.OBJECT),
      Map.entry("requestId", Kind.ID), Map.entry("reason", Kind.STRING), Map.entry("progressToken", Kind.ID));

  private JsonRpcMessages() {
  }

  /** What the check found. */
  sealed interface Verdict {
  }

  /**
   * The body may go on; {@code repeatedArguments} maps the id of each {@code tools/call} whose arguments repeat a
   * key (as {@link JsonNode#asText()}) to the first repeated one, as a path into the arguments ({@code body.url}).
   */
  record Accepted(Map<String, String> repeatedArguments) implements Verdict {
  }

  /** The body is refused with this JSON-RPC error; {@code id} is the message's when it could be read. */
  record Refused(int code, String message, JsonNode id) implements Verdict {
  }

  private enum Kind {
    STRING, OBJECT, ID
  }

  static Verdict check(byte[] body) {
    JsonNode root;
    try {
      root = body.length == 0 ? null : JSON.readTree(body);
    } catch (IOException e) {
      return new Refused(PARSE_ERROR, notJson(e), null);
    }
    if (root == null) {
      return new Refused(PARSE_ERROR, "The body is empty; send a JSON-RPC message.", null);
    }
    List<JsonPointer> repeated;
    try {
      repeated = repeatedKeys(body);
    } catch (IOException e) {
      return new Refused(PARSE_ERROR, notJson(e), null);
    }
    if (root.isObject()) {
      return check(root, "The message", JsonPointer.empty(), repeated);
    }
    if (!root.isArray() || root.isEmpty()) {
      return new Refused(INVALID_REQUEST, "A JSON-RPC message is an object (or a batch: a non-empty array of "
          + "them); this body is " + describe(root) + ".", null);
    }
    var arguments = new HashMap<String, String>();
    for (int i = 0; i < root.size(); i++) {
      var verdict = check(root.get(i), "Message " + (i + 1) + " of the batch", JsonPointer.empty().appendIndex(i),
          repeated);
      if (verdict instanceof Refused refused) {
        return refused;
      }
      arguments.putAll(((Accepted) verdict).repeatedArguments());
    }
    return new Accepted(Map.copyOf(arguments));
  }

  private static Verdict check(JsonNode message, String what, JsonPointer at, List<JsonPointer> repeated) {
    if (!message.isObject()) {
      return new Refused(INVALID_REQUEST, what + " is " + describe(message) + "; a JSON-RPC message is an object.",
          null);
    }
    var id = message.get("id");
    var validId = id == null || isId(id);
    var answerId = validId ? id : null;
    if (!"2.0".equals(message.path("jsonrpc").textValue())) {
      return invalid(what, "'jsonrpc' must be \"2.0\"", answerId);
    }
    if (!validId) {
      return invalid(what, "'id' must be a string or an integer", null);
    }
    var answer = message.has("result") || message.has("error");
    if (!answer) {
      if (!message.path("method").isTextual() || message.get("method").textValue().isEmpty()) {
        return invalid(what, "'method' must be a non-empty string", answerId);
      }
      var params = message.get("params");
      if (params != null) {
        if (!params.isObject()) {
          return invalid(what, "'params' must be an object", answerId);
        }
        for (var member : PARAMS.entrySet()) {
          var value = params.get(member.getKey());
          if (value != null && !is(member.getValue(), value)) {
            return invalid(what, "'params." + member.getKey() + "' must be " + article(member.getValue()),
                answerId);
          }
        }
        if (params.path("_meta").get("progressToken") instanceof JsonNode token && !isId(token)) {
          return invalid(what, "'params._meta.progressToken' must be a string or an integer", answerId);
        }
      }
    } else if (id == null) {
      return invalid(what, "'id' must be a string or an integer", null);
    }
    var arguments = at.append(JsonPointer.compile("/params/arguments"));
    var toolsCall = TOOLS_CALL.equals(message.path("method").textValue()) && id != null;
    JsonPointer repeatedArgument = null;
    for (var pointer : repeated) {
      if (!within(pointer, at)) {
        continue;
      }
      if (toolsCall && within(pointer, arguments) && !pointer.equals(arguments)) {
        repeatedArgument = repeatedArgument == null ? pointer : repeatedArgument;
      } else {
        return invalid(what, "repeats the key '" + path(message, relative(pointer, at)) + "'; a key may appear "
            + "once in an object", answerId);
      }
    }
    return new Accepted(repeatedArgument == null ? Map.of() : Map.of(id.asText(),
        path(message.path("params").path("arguments"), relative(repeatedArgument, arguments))));
  }

  /** Where keys repeat, as pointers to the repeated key (at most the first of each object). */
  private static List<JsonPointer> repeatedKeys(byte[] body) throws IOException {
    var found = new ArrayList<JsonPointer>();
    try (var parser = JSON.createParser(body)) {
      Deque<Set<String>> objects = new ArrayDeque<>();
      for (var token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.START_OBJECT) {
          objects.push(new HashSet<>());
        } else if (token == JsonToken.END_OBJECT) {
          objects.pop();
        } else if (token == JsonToken.FIELD_NAME && !objects.peek().add(parser.currentName())) {
          found.add(parser.getParsingContext().pathAsPointer());
        }
      }
    }
    return found;
  }

  private static boolean within(JsonPointer pointer, JsonPointer prefix) {
    var path = pointer.toString();
    return path.equals(prefix.toString()) || path.startsWith(prefix + "/");
  }

  private static JsonPointer relative(JsonPointer pointer, JsonPointer prefix) {
    return JsonPointer.compile(pointer.toString().substring(prefix.toString().length()));
  }

  /** {@code pointer} under {@code node} as the suite names fields: {@code body.tags[0].key}. */
  static String path(JsonNode node, JsonPointer pointer) {
    var path = new StringBuilder();
    var current = node;
    for (var step = pointer; !step.matches(); step = step.tail()) {
      var name = step.getMatchingProperty();
      if (current.isArray()) {
        path.append('[').append(name).append(']');
        current = current.path(step.getMatchingIndex());
      } else {
        if (!path.isEmpty()) {
          path.append('.');
        }
        path.append(name);
        current = current.path(name);
      }
    }
    return path.toString();
  }

  private static Refused invalid(String what, String problem, JsonNode id) {
    return new Refused(INVALID_REQUEST, what + ": " + problem + ".", id);
  }

  private static boolean isId(JsonNode id) {
    return id.isTextual() || id.isIntegralNumber();
  }

  private static boolean is(Kind kind, JsonNode value) {
    return switch (kind) {
      case STRING -> value.isTextual();
      case OBJECT -> value.isObject();
      case ID -> isId(value);
    };
  }

  private static String article(Kind kind) {
    return switch (kind) {
      case STRING -> "a string";
      case OBJECT -> "an object";
      case ID -> "a string or an integer";
    };
  }

  private static String describe(JsonNode node) {
    return switch (node.getNodeType()) {
      case ARRAY -> node.isEmpty() ? "an empty array" : "an array";
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      case NUMBER -> "a number";
      case STRING -> "a string";
      default -> "not an object";
    };
  }

  private static String notJson(IOException e) {
    if (e instanceof JsonProcessingException json && json.getLocation() != null) {
      return "The body is not JSON: " + json.getOriginalMessage() + " (line " + json.getLocation().getLineNr()
          + ", column " + json.getLocation().getColumnNr() + ").";
    }
    return "The body is not JSON: " + e.getMessage();
  }
}
