package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A {@code tools/call} for an owner's operation runs in process through the gateway's request path: the gateway's
 * HTTP server takes the MCP request and no second one, and the call still meets every step a REST call meets (the
 * daily unit, the {@code Idempotency-Key}), carrying the MCP request's id, trace context and address to the owner.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class McpInProcessTest {
  private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
  private static final String TRACESTATE = "vendor=opaque,other=1";

  @InjectWireMock
  WireMockServer owner;

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @Inject
  ServedRequests served;

  @TestHTTPResource("/")
  URL gateway;

  final List<McpSyncClient> clients = new ArrayList<>();
  OwnerStubs stubs;

  @BeforeEach
  void reset() throws Exception {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    tools.apply(merged.merge(Map.of("media", new ObjectMapper().readTree(McpToolsTest.DOCUMENT)), new ArrayList<>()));
  }

  @AfterEach
  void close() {
    served.stop();
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void shouldRunAToolCallWithoutASecondHttpRequestTakingItsUnitAndItsKeyOnce() {
    var caller = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(jsonAnswer(200, "{\"summary\": \"a cat\"}")));
    var client = client(caller.key(), Map.of());
    served.start();

    var first = client.callTool(watch("k-1"));
    var replayed = client.callTool(watch("k-1"));
    var another = client.callTool(watch("k-2"));

    assertThat(served.stop()).as("the requests the gateway's HTTP server took").isNotEmpty()
        .allMatch(request -> request.equals("POST /mcp"));
    assertThat(first.isError()).isFalse();
    assertThat(first.structuredContent()).isEqualTo(Map.of("summary", "a cat"));
    // The repeat is the first answer replayed: the owner ran once and the one daily unit was taken once.
    assertThat(replayed.isError()).isFalse();
    assertThat(replayed.structuredContent()).isEqualTo(first.structuredContent());
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));
    assertThat(another.isError()).isTrue();
    assertThat(another.structuredContent()).asInstanceOf(McpToolsTest.MAP)
        .containsEntry("error", "rate_limited").containsKey("retryAfter");
  }

  @Test
  void shouldCarryTheMcpRequestsIdTraceAndAddressToTheOwner() {
    owner.stubFor(get(urlPathEqualTo("/v1/videos"))
        .willReturn(jsonAnswer(200, "{\"data\": [], \"nextCursor\": null}")));
    var client = client(stubs.subscribed().key(), Map.of("X-Request-Id", "req-mcp-1", "traceparent", TRACEPARENT,
        "tracestate", TRACESTATE));

    assertThat(client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of())).isError()).isFalse();

    owner.verify(getRequestedFor(urlPathEqualTo("/v1/videos")).withHeader("X-Request-Id", equalTo("req-mcp-1"))
        .withHeader("traceparent", equalTo(TRACEPARENT)).withHeader("tracestate", equalTo(TRACESTATE))
        .withHeader("X-Client-Address", equalTo("127.0.0.1")).withoutHeader("X-Gateway-Relay"));
  }

  private static McpSchema.CallToolRequest watch(String idempotencyKey) {
    return new McpSchema.CallToolRequest("watchVideo", Map.of("body", Map.of("url", "https://example.test/v.mp4"),
        "idempotencyKey", idempotencyKey));
  }

  private McpSyncClient client(String key, Map<String, String> headers) {
    var transport = HttpClientStreamableHttpTransport.builder(gateway.toString().replaceAll("/$", ""))
        .endpoint("/mcp?toolsets=" + ToolsetChoice.ALL)
        .httpRequestCustomizer((builder, method, uri, body, context) -> {
          builder.header("X-Api-Key", key);
          headers.forEach(builder::header);
        }).jsonMapper(McpToolsTest.freshJsonMapper()).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10)).build();
    clients.add(client);
    client.initialize();
    return client;
  }

  private static ResponseDefinitionBuilder jsonAnswer(int status, String body) {
    return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
  }
}
