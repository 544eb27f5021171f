package dev.videoautomation.suite.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Every operation of the merged document opens its description with one paragraph of at most {@value #MOST}
 * characters: what it does and the rule an agent must know (docs/openapi.md); the rest follows after a blank line.
 * Read from the committed snapshot, which OpenApiSnapshotIT holds equal to the live document. The operations over
 * the limit before issue 30 are listed in {@code shape/long-descriptions.txt}; the list only shrinks.
 */
class OperationDescriptionsTest {
  static final int MOST = 600;
  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
  private static JsonNode snapshot;

  @BeforeAll
  static void readSnapshot() throws IOException {
    snapshot = new ObjectMapper().readTree(Modules.ROOT.resolve("system-tests/src/test/openapi/openapi.json").toFile());
  }

  @Test
  void shouldOpenEveryDescriptionWithAShortParagraph() {
    var over = new TreeMap<String, Integer>();
    operations((name, operation) -> {
      var opening = operation.path("description").asText().split("\n\n", 2)[0];
      if (opening.length() > MOST) {
        over.put(name, opening.length());
      }
    });
    var listed = Modules.allowlist("long-descriptions.txt");

    assertThat(over.keySet()).as("operations whose description opens with more than %d characters (characters: %s)",
        MOST, over).isSubsetOf(listed);
    assertThat(listed).as("listed in shape/long-descriptions.txt but no longer over %d: remove them", MOST)
        .isSubsetOf(over.keySet());
  }

  /**
   * A description has one: a folded YAML block ({@code >-}) turns a single blank line into a lone line break, which
   * Markdown joins to the paragraph before; two blank lines make the paragraph break.
   */
  @Test
  void shouldSeparateParagraphsByABlankLineOnly() {
    var lone = new ArrayList<String>();
    operations((name, operation) -> {
      var description = operation.path("description").asText(null);
      if (description == null || description.isBlank()) {
        lone.add(name + " (no description)");
      } else if (description.replace("\n\n", "").contains("\n")) {
        lone.add(name);
      }
    });

    assertThat(lone).as("operations without a description, or with a line break that is no paragraph break").isEmpty();
  }

  private static void operations(BiConsumer<String, JsonNode> each) {
    snapshot.path("paths").properties().forEach(path -> path.getValue().properties().forEach(operation -> {
      if (METHODS.contains(operation.getKey())) {
        each.accept(operation.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), operation.getValue());
      }
    }));
  }
}
