package dev.videoautomation.platform.openapi;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;

import io.quarkus.logging.Log;
import io.quarkus.smallrye.openapi.OpenApiFilter;

/**
 * Writes {@code x-toolset} into every operation that is an MCP tool, at build time in every owner and the gateway
 * (issue 33 §1), by the operation's tags ({@link Toolset}), so the merged document says which set each tool is in.
 * An operation marked {@code x-mcp: false} (pages, the Stripe webhook, the CDN, the documents) is no tool and gets
 * none. An operation whose tags no set takes gets none either and is logged; the gateway's tests hold the document to
 * having none such.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ToolsetDocs implements OASFilter {
  static final String MCP = "x-mcp";

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().forEach((path, item) -> item.getOperations().forEach((method, operation) -> {
      if (!isTool(operation)) {
        if (operation.getExtensions() != null && operation.getExtensions().containsKey(Toolset.EXTENSION)) {
          operation.removeExtension(Toolset.EXTENSION);
        }
        return;
      }
      Toolset.forTags(operation.getTags()).ifPresentOrElse(
          set -> operation.addExtension(Toolset.EXTENSION, set.id()),
          () -> Log.warnf("%s %s (tags %s) is in no MCP toolset: name its tag in Toolset", method, path,
              operation.getTags()));
    }));
  }

  static boolean isTool(Operation operation) {
    var mcp = operation.getExtensions() == null ? null : operation.getExtensions().get(MCP);
    return mcp == null || !"false".equals(String.valueOf(mcp));
  }
}
