package dev.videoautomation.gateway.mcp;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkiverse.mcp.server.ResourceManager;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;

/**
 * What an agent reads rather than calls: the OpenAPI document of the whole API, the price list, and the caller's own
 * usage today. Each is the gateway's REST answer, fetched through its own pipeline with the caller's key
 * ({@link GatewayCalls}; the gateway serves these paths itself, so they go through {@link Loopback}), so usage needs a
 * key exactly as {@code GET /v1/usage} does (without one the resource holds that call's 401 body).
 */
@ApplicationScoped
public class McpResources {
  static final String OPENAPI = "vas://openapi.json";
  static final String PRICING = "vas://pricing";
  static final String USAGE = "vas://usage";

  private final ResourceManager resources;
  private final GatewayCalls calls;
  private final McpRequest request;

  McpResources(ResourceManager resources, GatewayCalls calls, McpRequest request) {
    this.request = request;
    this.resources = resources;
    this.calls = calls;
  }

  void register(@Observes StartupEvent event) {
    add("openapi", OPENAPI, "The OpenAPI document of the whole API (GET /v1/openapi.json): every tool's operation, "
        + "its parameters, bodies and answers.", "/v1/openapi.json");
    add("pricing", PRICING, "The price list (GET /v1/pricing): plans, daily limits and credits per operation.",
        "/v1/pricing");
    add("usage", USAGE, "This key's usage today (GET /v1/usage): units used and left per daily bucket, reset at "
        + "00:00 UTC. Needs a key.", "/v1/usage");
  }

  private void add(String name, String uri, String description, String path) {
    resources.newResource(name).setUri(uri).setMimeType("application/json").setDescription(description)
        .setAsyncHandler(arguments -> Uni.createFrom()
            .completionStage(calls.call("GET", path, calls.caller(request.current()), Map.of(), null)
                .toCompletionStage())
            .map(answer -> new ResourceResponse(new TextResourceContents(uri,
                answer.body().toString(StandardCharsets.UTF_8), "application/json"))))
        .register();
  }
}
