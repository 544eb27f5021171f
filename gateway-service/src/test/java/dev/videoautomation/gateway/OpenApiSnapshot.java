package dev.videoautomation.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The committed OpenAPI snapshot of the merged document (which {@code OpenApiSnapshotIT} holds equal to the live
 * one), for unit tests that hold the gateway's tables to it without running the suite.
 */
public final class OpenApiSnapshot {
  private static final String PATH = "system-tests/src/test/openapi/openapi.json";

  private OpenApiSnapshot() {
  }

  /** The snapshot, found in a directory above the module's. */
  public static ObjectNode read(ObjectMapper json) throws IOException {
    var dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve(PATH))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("a directory above the module holding " + PATH).isNotNull();
    return (ObjectNode) json.readTree(dir.resolve(PATH).toFile());
  }
}
