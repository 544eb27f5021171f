package dev.videoautomation.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;

/**
 * The tools of spending operations (issue 32), read from a hand-made document shaped as the merged one: a
 * {@code maxCredits} argument where {@code Max-Credits} is declared, {@code dryRun} from its query parameter, and an
 * output schema that admits both the real answer and the dry run's, whether the dry run is a 200 beside a 202 or a
 * {@code oneOf} in the 200 itself.
 */
class SpendingToolsTest {
  private static final SchemaRegistry VALIDATOR = SchemaRegistry.withDefaultDialect(Dialects.getDraft202012());
  static final String DOCUMENT = """
      {"openapi": "3.0.3", "info": {"title": "merged", "version": "1"},
       "paths": {
         "/v1/images/generate": {"post": {"operationId": "generateImage",
            "parameters": [{"$ref": "#/components/parameters/DryRun"},
                           {"$ref": "#/components/parameters/MaxCredits"}],
            "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
            "responses": {
              "202": {"description": "a job", "content": {"application/json":
                 {"schema": {"$ref": "#/components/schemas/ImageJob"}}}},
              "200": {"description": "a dry run", "content": {"application/json":
                 {"schema": {"$ref": "#/components/schemas/DryRun"}}}},
              "400": {"description": "bad", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
         "/v1/watch": {"post": {"operationId": "watchVideo",
            "parameters": [{"$ref": "#/components/parameters/DryRun"}],
            "responses": {"200": {"description": "a summary or a dry run", "content": {"application/json":
               {"schema": {"oneOf": [{"$ref": "#/components/schemas/Summary"},
                                     {"$ref": "#/components/schemas/DryRun"}]}}}}}}},
         "/v1/clones/frame": {"post": {"operationId": "createStartingFrame",
            "parameters": [{"$ref": "#/components/parameters/DryRun"}],
            "responses": {
              "200": {"description": "the image at once, or a dry run", "content": {"application/json":
                 {"schema": {"oneOf": [{"$ref": "#/components/schemas/ImageJob"},
                                       {"$ref": "#/components/schemas/DryRun"}]}}}},
              "202": {"description": "a job", "content": {"application/json":
                 {"schema": {"$ref": "#/components/schemas/ImageJob"}}}}}}},
         "/v1/videos": {"get": {"operationId": "listVideos",
            "responses": {"200": {"description": "a page", "content": {"application/json":
               {"schema": {"type": "object", "properties": {"data": {"type": "array"}}}}}}}}}},
       "components": {
         "parameters": {
           "DryRun": {"name": "dryRun", "in": "query", "required": false, "schema": {"type": "boolean"}},
           "MaxCredits": {"name": "Max-Credits", "in": "header", "required": false,
              "schema": {"type": "integer", "minimum": 0, "maximum": 2147483647}}},
         "schemas": {
           "ImageJob": {"type": "object", "required": ["id", "status"],
              "properties": {"id": {"type": "string"}, "status": {"type": "string"}}},
           "Summary": {"type": "object", "required": ["summary"], "properties": {"summary": {"type": "string"}}},
           "DryRun": {"type": "object", "required": ["dryRun", "wouldRun", "cost"],
              "properties": {"dryRun": {"type": "boolean", "enum": [true]}, "wouldRun": {"type": "boolean"},
                "cost": {"type": "object", "properties": {"credits": {"type": "integer"},
                   "units": {"type": "object", "additionalProperties": {"type": "integer"}}}},
                "refusal": {"type": "object", "nullable": true,
                   "properties": {"error": {"type": "string"}, "message": {"type": "string"}}}}}}}}""";
  private static final String DRY_RUN_BODY = "{\"dryRun\": true, \"wouldRun\": true, \"cost\": {\"credits\": 4, "
      + "\"units\": {\"images.generate\": 1}}, \"refusal\": null}";

  private final ObjectMapper json = new ObjectMapper();

  @Test
  void shouldAdmitTheDryRunBesideTheRealAnswerOfA202Operation() throws Exception {
    var generate = tool("generateImage");

    var output = generate.outputSchema();
    assertThat(output.path("type").asText()).isEqualTo("object");
    // Listed lean (LeanSchemas): the alternatives widened, so anyOf; the dry run's named by its constant.
    assertThat(output.path("anyOf")).hasSize(2);
    assertThat(output.path("anyOf").findValues("properties")).extracting(Object::toString)
        .containsExactlyInAnyOrder("{\"dryRun\":{\"const\":true}}", "{\"id\":{},\"status\":{}}");
    assertThat(valid(output, "{\"id\": \"img_1\", \"status\": \"queued\"}")).isTrue();
    assertThat(valid(output, DRY_RUN_BODY)).isTrue();
    assertThat(valid(output, "[\"not an object\"]")).isFalse();
  }

  @Test
  void shouldOfferEachBodyOnceWhenA200OneOfAndA202ShareTheRealBody() throws Exception {
    // Nested, oneOf: [oneOf: [ImageJob, DryRun], ImageJob] would match a real ImageJob twice: refused by oneOf.
    var output = tool("createStartingFrame").outputSchema();

    assertThat(output.path("anyOf")).hasSize(2);
    assertThat(valid(output, "{\"id\": \"img_1\", \"status\": \"queued\"}")).isTrue();
    assertThat(valid(output, DRY_RUN_BODY)).isTrue();
  }

  @Test
  void shouldOfferA200ThatIsTheRealBodyOrADryRunAsAnObjectSchema() throws Exception {
    var watch = tool("watchVideo");

    assertThat(watch.outputSchema()).isNotNull();
    assertThat(watch.outputSchema().path("type").asText()).isEqualTo("object");
    assertThat(valid(watch.outputSchema(), "{\"summary\": \"ok\"}")).isTrue();
    assertThat(valid(watch.outputSchema(), DRY_RUN_BODY)).isTrue();
    assertThat(tool("listVideos").outputSchema().path("oneOf").isMissingNode()).isTrue();
  }

  @Test
  void shouldTakeMaxCreditsWhereTheOperationChargesAndDryRunWhereItSpends() throws Exception {
    var generate = tool("generateImage").inputSchema().path("properties");
    assertThat(generate.path(OperationTool.MAX_CREDITS).path("type").asText()).isEqualTo("integer");
    assertThat(generate.path(OperationTool.MAX_CREDITS).path("minimum").asInt()).isZero();
    assertThat(generate.path(OperationTool.MAX_CREDITS).path("maximum").asInt()).isEqualTo(Integer.MAX_VALUE);
    assertThat(generate.path("dryRun").path("type").asText()).isEqualTo("boolean");
    assertThat(tool("generateImage").queryParameters()).extracting(OperationTool.QueryParameter::name)
        .contains("dryRun");

    var watch = tool("watchVideo").inputSchema().path("properties");
    assertThat(watch.has(OperationTool.MAX_CREDITS)).isFalse();
    assertThat(watch.has("dryRun")).isTrue();
  }

  private OperationTool tool(String name) throws Exception {
    return OperationTools.from((ObjectNode) json.readTree(DOCUMENT)).stream()
        .filter(tool -> tool.name().equals(name)).findFirst().orElseThrow();
  }

  private boolean valid(JsonNode schema, String body) throws Exception {
    return VALIDATOR.getSchema(schema).validate(json.readTree(body)).isEmpty();
  }
}
