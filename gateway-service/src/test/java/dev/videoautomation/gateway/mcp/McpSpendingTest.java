package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
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
 * A charging operation over MCP (issue 32): {@code maxCredits} sent as {@code Max-Credits}, the answer's
 * {@code Credits-Remaining} as {@code _meta.creditsRemaining}, and {@code dryRun} as the query parameter, whose
 * answer (the gateway's completed dry run) is the tool's structured result.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class McpSpendingTest {
  @InjectWireMock
  WireMockServer owner;

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @TestHTTPResource("/")
  URL gateway;

  final List<McpSyncClient> clients = new ArrayList<>();
  OwnerStubs stubs;

  @BeforeEach
  void reset() throws Exception {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    var owners = new ObjectMapper().readTree(SpendingToolsTest.DOCUMENT.replace(
        "{\"$ref\": \"#/components/parameters/MaxCredits\"}", "{\"$ref\": \"#/components/parameters/DryRun\"}"));
    // The gateway's merge declares Max-Credits on the charging operation itself.
    tools.apply(merged.merge(Map.of("clone", owners), new ArrayList<>()));
  }

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  @Test
  void shouldSendMaxCreditsAndTellTheCreditsRemainingInMeta() {
    var caller = stubs.subscribed();
    owner.stubFor(post(urlEqualTo("/v1/images/generate")).willReturn(aResponse().withStatus(202)
        .withHeader("Content-Type", "application/json").withHeader("Credits-Remaining", "96")
        .withBody("{\"id\": \"img_1\", \"status\": \"queued\"}")));
    var client = client(caller.key());

    var result = client.callTool(new McpSchema.CallToolRequest("generateImage",
        Map.of("body", Map.of("prompt", "a cat"), "maxCredits", 10)));

    assertThat(result.isError()).as(result.toString()).isFalse();
    assertThat(result.meta()).containsEntry("creditsRemaining", 96);
    owner.verify(postRequestedFor(urlEqualTo("/v1/images/generate")).withHeader("Max-Credits", equalTo("10")));

    var refused = client.callTool(new McpSchema.CallToolRequest("generateImage",
        Map.of("body", Map.of("prompt", "a cat"), "maxCredits", -1)));
    assertThat(refused.isError()).isTrue();
    assertThat(refused.structuredContent()).asInstanceOf(McpToolsTest.MAP)
        .containsEntry("error", "invalid_request").containsEntry("field", "maxCredits");
    owner.verify(1, postRequestedFor(urlPathEqualTo("/v1/images/generate")));
  }

  @Test
  void shouldRunADryRunAsATool() {
    var caller = stubs.subscribed(Map.of(LimitBucket.IMAGES_GENERATE, 4));
    owner.stubFor(post(urlEqualTo("/v1/images/generate?dryRun=true")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"dryRun\": true, \"wouldRun\": true, "
            + "\"cost\": {\"credits\": 4}, \"balance\": {\"credits\": 50}, \"refusal\": null}")));
    owner.stubFor(get(urlEqualTo("/internal/credits/balance/" + caller.clientId())).willReturn(aResponse()
        .withStatus(500)));
    var client = client(caller.key());

    var result = client.callTool(new McpSchema.CallToolRequest("generateImage",
        Map.of("body", Map.of("prompt", "a cat"), "dryRun", true, "idempotencyKey", "k-1")));

    assertThat(result.isError()).as(result.toString()).isFalse();
    assertThat(result.structuredContent()).asInstanceOf(McpToolsTest.MAP)
        .containsEntry("dryRun", true).containsEntry("wouldRun", true)
        .containsEntry("cost", Map.of("credits", 4, "units", Map.of("images.generate", 1)))
        .containsEntry("balance", Map.of("credits", 50))
        .containsEntry("remaining", Map.of("images.generate", 4));
    owner.verify(postRequestedFor(urlEqualTo("/v1/images/generate?dryRun=true"))
        .withHeader("Idempotency-Key", absent()));
  }

  private McpSyncClient client(String key) {
    var transport = HttpClientStreamableHttpTransport.builder(gateway.toString().replaceAll("/$", ""))
        .endpoint("/mcp").httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("X-Api-Key",
            key)).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(10)).build();
    clients.add(client);
    client.initialize();
    return client;
  }
}
