package dev.videoautomation.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The committed snapshot of the merged document ({@value #SNAPSHOT}) is what the gateway serves: the generated
 * client, the lint and the response validation all work from the snapshot, so a change to any service's document
 * must show up in it. {@code scripts/refresh-openapi-snapshot.sh} runs this test with {@code -Dopenapi.snapshot.refresh}
 * to write the snapshot instead of comparing.
 */
@ExtendWith(RunningSuite.class)
class OpenApiSnapshotIT {
  static final String SNAPSHOT = "system-tests/src/test/openapi/openapi.json";
  static final String REFRESH = "scripts/refresh-openapi-snapshot.sh";
  /** The address the snapshot names the gateway by: the local run's (./run.sh), not this run's random port. */
  static final String SNAPSHOT_BASE_URL = "http://127.0.0.1:8080";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldServeTheCommittedSnapshot() throws IOException, InterruptedException {
    var live = liveDocument();
    var snapshot = Path.of(System.getProperty("suite.root", "..")).resolve(SNAPSHOT);
    var refresh = Boolean.getBoolean("openapi.snapshot.refresh");
    if (refresh) {
      Files.writeString(snapshot, write(live), StandardCharsets.UTF_8);
    }
    // Written even then, so the problems can be read in it; but a snapshot with them does not pass.
    assertThat(live.path("info").has("x-missing-services")).as("services that gave no document: %s",
        live.at("/info/x-missing-services")).isFalse();
    assertThat(live.path("info").has("x-merge-conflicts")).as("the services' documents do not merge cleanly: %s",
        live.at("/info/x-merge-conflicts")).isFalse();
    if (refresh) {
      return;
    }
    assertThat(snapshot).as("the snapshot; write it with " + REFRESH).exists();
    var committed = JSON.readTree(snapshot.toFile());
    firstDifference(committed, live, "").ifPresent(pointer -> {
      throw new AssertionError("GET /v1/openapi.json differs from " + SNAPSHOT + " first at " + pointer
          + (pointer.isEmpty() ? "(the root)" : "") + ": snapshot " + abbreviate(committed.at(pointer))
          + ", live " + abbreviate(live.at(pointer)) + ". If the change is intended, run " + REFRESH
          + " and commit the snapshot.");
    });
  }

  /** The live document, this run's gateway address replaced by the snapshot's. */
  private static JsonNode liveDocument() throws IOException, InterruptedException {
    var gateway = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/+$", "");
    var text = MergedDocument.text();
    return JSON.readTree(text.replace(gateway, SNAPSHOT_BASE_URL));
  }

  /**
   * Pretty-printed in the gateway's order (paths, components, tags and responses sorted there), two-space indent, LF
   * line ends. Keys are not re-sorted here: order carries meaning to generators (the first request content type is
   * the one a generated client sends, so POST /v1/upload lists multipart/form-data first).
   */
  static String write(JsonNode document) throws IOException {
    var printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    return JSON.writer(printer).writeValueAsString(document) + "\n";
  }

  /** The JSON pointer of the first place (in key order) where the two differ, or empty when they are equal. */
  static Optional<String> firstDifference(JsonNode expected, JsonNode actual, String pointer) {
    if (expected.equals(actual)) {
      return Optional.empty();
    }
    if (expected instanceof ObjectNode && actual instanceof ObjectNode) {
      var names = names(expected);
      actual.fieldNames().forEachRemaining(names::add);
      for (var name : names) {
        var child = pointer + "/" + name.replace("~", "~0").replace("/", "~1");
        if (!expected.has(name) || !actual.has(name)) {
          return Optional.of(child);
        }
        var inner = firstDifference(expected.get(name), actual.get(name), child);
        if (inner.isPresent()) {
          return inner;
        }
      }
    }
    if (expected.isArray() && actual.isArray()) {
      for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
        var inner = firstDifference(expected.get(i), actual.get(i), pointer + "/" + i);
        if (inner.isPresent()) {
          return inner;
        }
      }
      return Optional.of(pointer + "/" + Math.min(expected.size(), actual.size()));
    }
    return Optional.of(pointer);
  }

  private static String abbreviate(JsonNode node) {
    var text = node.isMissingNode() ? "(absent)" : node.toString();
    return text.length() > 300 ? text.substring(0, 300) + "…" : text;
  }

  private static TreeSet<String> names(JsonNode node) {
    var names = new TreeSet<String>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
