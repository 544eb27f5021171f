package dev.videoautomation.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.platform.testing.SharedComponents;

/** The contract's reading of a service document against the platform fragment: missing, changed, twinned. */
class SharedComponentsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A service document holding the platform's components as they are, in JSON as /q/openapi serves them. */
  private static ObjectNode served(JsonNode fragment) throws IOException {
    return (ObjectNode) JSON.readTree(JSON.writeValueAsString(fragment));
  }

  @Test
  void shouldFindNothingWrongWithTheFragmentItself() throws IOException {
    var fragment = PlatformComponentsTest.fragment();
    var document = served(fragment);

    assertThat(SharedComponents.missingOrChanged(fragment, document)).isEmpty();
    assertThat(SharedComponents.twins(fragment, document)).isEmpty();
  }

  @Test
  void shouldNameAComponentMissingOrReworded() throws IOException {
    var fragment = PlatformComponentsTest.fragment();
    var document = served(fragment);
    ((ObjectNode) document.at("/components/parameters")).remove("Cursor");
    ((ObjectNode) document.at("/components/responses/NotFound")).put("description", "`not_found`: gone.");

    assertThat(SharedComponents.missingOrChanged(fragment, document)).hasSize(2)
        .anySatisfy(problem -> assertThat(problem).startsWith("parameters/Cursor is missing"))
        .anySatisfy(problem -> assertThat(problem).startsWith("responses/NotFound differs"));
  }

  @Test
  void shouldNameATwinUnderAnotherName() throws IOException {
    var fragment = PlatformComponentsTest.fragment();
    var document = served(fragment);
    var limit = document.at("/components/parameters/Limit").deepCopy();
    ((ObjectNode) limit).put("description", "Records per page.");
    ((ObjectNode) document.at("/components/parameters")).set("RecordLimit", limit);
    var notJson = document.at("/components/responses/UnsupportedMediaType").deepCopy();
    ((ObjectNode) document.at("/components/responses")).set("RecordNotJson", notJson);
    var otherWords = ((ObjectNode) notJson.deepCopy()).put("description", "`unsupported_media_type`: send JSON.");
    ((ObjectNode) document.at("/components/responses")).set("OwnNotJson", otherWords);

    assertThat(SharedComponents.twins(fragment, document)).containsExactly(
        "parameters/RecordLimit → parameters/Limit", "responses/RecordNotJson → responses/UnsupportedMediaType");
  }
}
