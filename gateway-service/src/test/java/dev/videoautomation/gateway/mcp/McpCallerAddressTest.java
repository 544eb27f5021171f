package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The address an owner counts for a tool call is the MCP caller's, as the gateway resolves it for the {@code /mcp}
 * request (here behind a trusted proxy on loopback), never the gateway's own.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
@TestProfile(McpCallerAddressTest.BehindAProxy.class)
class McpCallerAddressTest {
  /** The documentation range of RFC 5737: a header value only, never an address traffic goes to. */
  private static final String AGENT = "198.51.100.7";

  public static class BehindAProxy implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("gateway.trusted-proxies", "127.0.0.1/32");
    }
  }

  @InjectWireMock
  WireMockServer owner;

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @TestHTTPResource("/")
  URL gateway;

  @Test
  void shouldCountTheMcpCallersAddressAtTheOwner() throws Exception {
    owner.resetAll();
    var key = new OwnerStubs(owner).subscribed().key();
    tools.apply(merged.merge(Map.of("media", new ObjectMapper().readTree(McpToolsTest.DOCUMENT)), new ArrayList<>()));
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\": [], \"nextCursor\": null}")));
    var transport = HttpClientStreamableHttpTransport.builder(gateway.toString().replaceAll("/$", ""))
        .endpoint("/mcp?toolsets=" + ToolsetChoice.ALL)
        .httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("X-Api-Key", key)
            .header("X-Forwarded-For", AGENT))
        .jsonMapper(McpToolsTest.freshJsonMapper()).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10)).build();
    try {
      client.initialize();

      assertThat(client.callTool(new McpSchema.CallToolRequest("listVideos", Map.of())).isError()).isFalse();
    } finally {
      client.closeGracefully();
    }

    owner.verify(getRequestedFor(urlPathEqualTo("/v1/videos")).withHeader("X-Client-Address", equalTo(AGENT))
        .withHeader("X-Forwarded-For", equalTo(AGENT)));
  }
}
