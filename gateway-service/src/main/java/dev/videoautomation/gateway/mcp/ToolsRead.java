package dev.videoautomation.gateway.mcp;

import java.time.Duration;

import jakarta.inject.Singleton;

import io.quarkiverse.mcp.server.InitialCheck;
import io.quarkiverse.mcp.server.InitialRequest;
import io.smallrye.mutiny.Uni;

/**
 * An {@code initialize} right after start waits (a few seconds at most) for the first read of the tools: a server
 * advertises the tools capability only when a tool is there to see, and a client that was told none may never list.
 */
@Singleton
public class ToolsRead implements InitialCheck {
  static final Duration AT_MOST = Duration.ofSeconds(5);

  private final McpTools tools;

  ToolsRead(McpTools tools) {
    this.tools = tools;
  }

  @Override
  public Uni<CheckResult> perform(InitialRequest initialRequest) {
    return Uni.createFrom().completionStage(tools.firstRead())
        .ifNoItem().after(AT_MOST).recoverWithItem((Void) null)
        .replaceWith(CheckResult.SUCCESS);
  }
}
