package dev.videoautomation.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** What the listed schemas keep and drop (issue 33 §1: tools/list sized for an agent's context). */
class LeanSchemasTest {
  private final ObjectMapper json = new ObjectMapper();

  private ObjectNode schema(String text) throws Exception {
    return (ObjectNode) json.readTree(text);
  }

  @Test
  void shouldKeepWhatACallNeedsInTheInputAndLeaveBoundsToTheServer() throws Exception {
    var input = LeanSchemas.input(schema("""
        {"type": "object", "required": ["body"], "properties": {
          "limit": {"type": "integer", "minimum": 1, "maximum": 200, "format": "int32", "example": 5,
                    "description": "Items per page, 1 to 200 (default 50). Anything else is 400 naming `limit`."},
          "body": {"type": "object", "required": ["url"], "description": "A video.", "x-extra": 1, "properties": {
            "url": {"type": "string", "maxLength": 4096, "pattern": "\\\\S", "description": "The video's URL."},
            "kind": {"type": "string", "enum": ["a", "b"], "default": "a", "title": "Kind"}}}}}"""));

    assertThat(input.toString()).doesNotContain("format", "example", "x-extra", "title", "The video's URL",
        "Anything else");
    assertThat(input.at("/properties/limit/description").asText()).isEqualTo("Items per page, 1 to 200 (default 50).");
    assertThat(input.at("/properties/body/required/0").asText()).isEqualTo("url");
    assertThat(input.at("/properties/body/properties/kind/enum").size()).isEqualTo(2);
    assertThat(input.at("/properties/body/properties/url/maxLength").asInt()).isEqualTo(4096);

    var listed = LeanSchemas.listed(input);
    assertThat(listed.at("/properties/body/properties/url").toString()).isEqualTo("{\"type\":\"string\"}");
    assertThat(listed.at("/properties/limit/maximum").asInt()).isEqualTo(200);
    assertThat(input.at("/properties/body/properties/url/pattern").isMissingNode()).isFalse();
  }

  @Test
  void shouldNameTheAnswersFieldsAndWidenItsAlternatives() throws Exception {
    var output = LeanSchemas.output(schema("""
        {"type": "object", "oneOf": [
          {"type": "object", "required": ["id"], "additionalProperties": false, "properties": {
             "id": {"type": "string", "pattern": "^x$", "description": "The id."},
             "truncated": {"type": "boolean", "const": true},
             "links": {"type": "object", "properties": {"self": {"type": "string"}}}}},
          {"type": "object", "properties": {"dryRun": {"type": "boolean", "enum": [true]},
             "cost": {"type": "object"}}}]}"""));

    assertThat(output.toString()).isEqualTo("{\"type\":\"object\",\"anyOf\":[{\"type\":\"object\",\"properties\":"
        + "{\"id\":{},\"truncated\":{\"const\":true},\"links\":{}}},"
        + "{\"type\":\"object\",\"properties\":{\"dryRun\":{\"const\":true}}}]}");
  }
}
