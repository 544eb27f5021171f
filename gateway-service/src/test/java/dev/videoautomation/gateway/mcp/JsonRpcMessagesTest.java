package dev.videoautomation.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The check of a {@code POST /mcp} body on its own: which repeated keys it finds, and how it names them. */
class JsonRpcMessagesTest {
  @Test
  void shouldNameTheFirstRepeatedArgumentKeyByItsPathInTheArguments() {
    var verdict = check("""
        {"jsonrpc": "2.0", "id": "call-1", "method": "tools/call", "params": {"name": "createReference",
         "arguments": {"body": {"tags": [{"key": "a", "value": "1"}, {"key": "b", "key": "c", "value": "2"}],
                                "notes": "x", "notes": "y"}}}}""");

    assertThat(verdict).isEqualTo(new JsonRpcMessages.Accepted(Map.of("call-1", "body.tags[1].key")));
  }

  @Test
  void shouldNameRepeatedArgumentsPerMessageOfABatch() {
    var verdict = check("""
        [{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "a", "arguments": {"x": 1}}},
         {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "b", "arguments": {"a/b": 1, "a/b": 2}}}]
        """);

    assertThat(verdict).isEqualTo(new JsonRpcMessages.Accepted(Map.of("2", "a/b")));
  }

  @Test
  void shouldRefuseAKeyRepeatedOutsideTheArgumentsEvenAfterARepeatedArgument() {
    var verdict = check("""
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "a", "arguments": {"x": 1, "x": 2},
         "name": "b"}}""");

    assertThat(verdict).isInstanceOfSatisfying(JsonRpcMessages.Refused.class, refused -> {
      assertThat(refused.code()).isEqualTo(JsonRpcMessages.INVALID_REQUEST);
      assertThat(refused.message()).contains("'params.name'");
      assertThat(refused.id().asInt()).isEqualTo(3);
    });
  }

  @Test
  void shouldRefuseTwoArgumentsObjectsAsARepeatedKeyOfParams() {
    var verdict = check("""
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "a", "arguments": {}, "arguments": {}}}""");

    assertThat(verdict).isInstanceOfSatisfying(JsonRpcMessages.Refused.class,
        refused -> assertThat(refused.message()).contains("'params.arguments'"));
  }

  private static JsonRpcMessages.Verdict check(String body) {
    return JsonRpcMessages.check(body.getBytes(StandardCharsets.UTF_8));
  }
}
