package dev.videoautomation.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.platform.openapi.Toolset;

/**
 * The tools as the gateway reads them from the committed OpenAPI snapshot (which {@code OpenApiSnapshotIT} holds equal
 * to the live merged document; as {@code SpendingTableTest}, so a drift fails the gateway's build in seconds): every
 * tool is in a toolset, and what {@code tools/list} carries for the default and for {@code toolsets=all} stays within
 * issue 33's budgets with room for what the result caps add (McpIT measures the live answer).
 */
class ToolsetSizesTest {
  private static final String SNAPSHOT = "system-tests/src/test/openapi/openapi.json";
  /** Issue 33's targets less the room kept for the capped-result envelope and the scrape tools' {@code raw}. */
  static final int DEFAULT_BUDGET = 36 * 1024;
  static final int ALL_BUDGET = 150 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode document;
  private static List<OperationTool> tools;

  @BeforeAll
  static void readSnapshot() throws IOException {
    var dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve(SNAPSHOT))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("a directory above the module holding " + SNAPSHOT).isNotNull();
    document = (ObjectNode) JSON.readTree(dir.resolve(SNAPSHOT).toFile());
    tools = OperationTools.from(document);
  }

  @Test
  void shouldPutEveryToolInTheSetItsTagsName() {
    assertThat(tools).hasSizeGreaterThan(90);
    for (var tool : tools) {
      var operation = document.path("paths").path(tool.path()).path(tool.method().toLowerCase(Locale.ROOT));
      var tags = new ArrayList<String>();
      operation.path("tags").forEach(tag -> tags.add(tag.asText()));
      assertThat(Toolset.forTags(tags)).as(tool.name() + "'s tags " + tags + " name a toolset").isPresent();
      assertThat(tool.toolset()).as(tool.name() + "'s x-toolset").isEqualTo(Toolset.forTags(tags).get());
    }
    assertThat(tools.stream().map(OperationTool::toolset)).containsAll(Set.of(Toolset.values()));
  }

  @Test
  void shouldKeepTheDefaultAndAllWithinTheirBudgets() {
    var all = bytes(tool -> true);
    var byDefault = bytes(ToolsetChoice::inDefault);
    System.out.printf("tools/list: default %d bytes (%d tools), all %d bytes (%d tools)%n", byDefault,
        tools.stream().filter(ToolsetChoice::inDefault).count(), all, tools.size());
    assertThat(byDefault).as("the default's tools, in bytes").isLessThanOrEqualTo(DEFAULT_BUDGET);
    assertThat(all).as("every tool, in bytes").isLessThanOrEqualTo(ALL_BUDGET);
  }

  @Test
  void shouldMarkWhatReachesOutsideAndWhatCannotBeUndone() {
    var byName = new java.util.HashMap<String, OperationTool>();
    tools.forEach(tool -> byName.put(tool.name(), tool));
    assertThat(List.of("scrapePhotoProfile", "importVideo", "stageMediaFromUrl", "createCloneVideo", "generateImage",
        "generateMusic")).allSatisfy(name -> assertThat(byName.get(name).openWorld()).as(name).isTrue());
    assertThat(List.of("getJob", "listAccounts", "createAccount", "registerAgent", "getPricing"))
        .allSatisfy(name -> assertThat(byName.get(name).openWorld()).as(name).isFalse());
    assertThat(List.of("rotateApiKey", "revokeLeakedApiKey", "deleteApiKey", "cancelJob", "cancelCloneVideo",
        "deleteAccount", "rotateWebhookSecret", "archiveProject"))
        .allSatisfy(name -> assertThat(byName.get(name).destructive()).as(name).isTrue());
    assertThat(List.of("createApiKey", "getJob", "updateAccount", "registerAgent"))
        .allSatisfy(name -> assertThat(byName.get(name).destructive()).as(name).isFalse());
  }

  /** What {@code tools/list} carries of each tool: name, title, description, schemas and hints. */
  private static int bytes(Predicate<OperationTool> listed) {
    var total = 0;
    for (var tool : tools) {
      if (!listed.test(tool)) {
        continue;
      }
      var entry = JSON.createObjectNode().put("name", tool.name()).put("title", tool.title())
          .put("description", tool.description());
      entry.set("inputSchema", LeanSchemas.listed(tool.inputSchema()));
      if (tool.outputSchema() != null) {
        entry.set("outputSchema", tool.outputSchema());
      }
      entry.putObject("annotations").put("readOnlyHint", tool.readOnly())
          .put("destructiveHint", tool.destructive()).put("idempotentHint", tool.idempotent())
          .put("openWorldHint", tool.openWorld());
      total += entry.toString().getBytes(StandardCharsets.UTF_8).length;
    }
    return total;
  }
}
