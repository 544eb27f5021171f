package dev.videoautomation.gateway.mcp;

import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.ResourceTemplateManager;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkus.runtime.StartupEvent;

/**
 * {@code vas://docs/{operationId}}: a tool's whole definition, which its description points to (issue 33 §1: the
 * description is only the operation's opening paragraph). It answers the operation as the merged document has it,
 * with every {@code #/components/...} reference inlined ({@link Schemas}), beside its method, path and toolset. An
 * operationId that is no tool's is "resource not found".
 */
@ApplicationScoped
class OperationDocs {
  static final String TEMPLATE = "vas://docs/{operationId}";
  /** MCP's code for a resource that is not there. */
  static final int RESOURCE_NOT_FOUND = -32002;

  private final ResourceTemplateManager templates;
  private final McpTools tools;

  OperationDocs(ResourceTemplateManager templates, McpTools tools) {
    this.templates = templates;
    this.tools = tools;
  }

  static String uri(String operationId) {
    return TEMPLATE.replace("{operationId}", operationId);
  }

  void register(@Observes StartupEvent event) {
    templates.newResourceTemplate("operation-docs").setUriTemplate(TEMPLATE).setMimeType("application/json")
        .setDescription("A tool's whole definition: its operation in the OpenAPI document (the full description, "
            + "parameters, body and answers), named by the tool's name.")
        .setHandler(arguments -> read(arguments.args().get("operationId")))
        .register();
  }

  ResourceResponse read(String operationId) {
    var tool = operationId == null ? null : tools.tool(operationId);
    var document = tool == null ? null : tools.documentOf(operationId);
    var operation = document == null ? null
        : document.path("paths").path(tool.path()).path(tool.method().toLowerCase(Locale.ROOT));
    if (!(operation instanceof ObjectNode found)) {
      throw new McpException("Resource not found: " + uri(String.valueOf(operationId)) + " (no tool is named so).",
          RESOURCE_NOT_FOUND);
    }
    var schemas = new Schemas(document);
    var definition = JsonNodeFactory.instance.objectNode().put("operationId", operationId)
        .put("method", tool.method()).put("path", tool.path())
        .put("toolset", tool.toolset() == null ? null : tool.toolset().id());
    var pathParameters = document.path("paths").path(tool.path()).path("parameters");
    if (!pathParameters.isMissingNode()) {
      definition.set("pathParameters", schemas.inline(JsonNodeFactory.instance.objectNode()
          .set("parameters", pathParameters)).get("parameters"));
    }
    definition.set("operation", schemas.inline(found));
    return new ResourceResponse(new TextResourceContents(uri(operationId), definition.toPrettyString(),
        "application/json"));
  }
}
