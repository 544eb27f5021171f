package dev.videoautomation.gateway.mcp;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.openapi.MergedOpenApi;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A plain {@code tools/call} is answered by the gateway without the MCP server's per-message machinery (issue 34),
 * and its answer is the one the server gives for the same call: a call the server still serves (here, one with
 * {@code _meta}) is the control.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class PlainToolCallsTest {
  private static final String PRICES = "{\"plans\": [{\"id\": \"pro\", \"monthlyPriceUsd\": 49}], "
      + "\"note\": \"quote \\\" and unicode é\"}";

  @InjectWireMock
  WireMockServer owner;

  @Inject
  MergedOpenApi merged;

  @Inject
  McpTools tools;

  @Inject
  MeterRegistry registry;

  OwnerStubs stubs;

  @BeforeEach
  void reset() throws Exception {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    tools.apply(merged.merge(Map.of("media", new ObjectMapper().readTree(McpToolsTest.DOCUMENT)), new ArrayList<>()));
    owner.stubFor(get(urlPathEqualTo("/v1/pricing")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withHeader("Credits-Remaining", "120").withBody(PRICES)));
  }

  @Test
  void shouldAnswerAPlainToolsCallItselfAsTheMcpServerAnswersIt() {
    var key = stubs.subscribed().key();
    var session = McpHttp.open(key);
    var hereBefore = answeredHere();
    var timedBefore = timed("getPricing");

    var plain = McpHttp.post(key, session, call(7, ""));
    var served = McpHttp.post(key, session, call(8, ", \"_meta\": {}"));

    assertThat(plain.statusCode()).as(plain.asString()).isEqualTo(200);
    assertThat(served.statusCode()).as(served.asString()).isEqualTo(200);
    assertThat(plain.contentType()).isEqualTo(served.contentType()).startsWith("application/json");
    assertThat(plain.header("Service-Version")).isNotBlank();
    assertThat(plain.header("X-Request-Id")).isNotBlank();
    var answer = McpHttp.answer(plain);
    assertThat(answer.getInt("id")).isEqualTo(7);
    assertThat(answer.getString("jsonrpc")).isEqualTo("2.0");
    assertThat(answer.getBoolean("result.isError")).isFalse();
    assertThat(answer.getInt("result.structuredContent.plans[0].monthlyPriceUsd")).isEqualTo(49);
    assertThat(answer.getString("result.structuredContent.note")).isEqualTo("quote \" and unicode é");
    assertThat(answer.getMap("result")).as("the server's answer to the same call")
        .isEqualTo(McpHttp.answer(served).getMap("result"));
    assertThat(answeredHere()).as("answered without the MCP server: only the plain call").isEqualTo(hereBefore + 1);
    assertThat(timed("getPricing")).as("the server's timer counts both").isEqualTo(timedBefore + 2);
    owner.verify(2, getRequestedFor(urlPathEqualTo("/v1/pricing")));
  }

  @Test
  void shouldLeaveToTheServerACallOfAToolTheSessionCannotSee() {
    var key = stubs.subscribed().key();
    var session = McpHttp.open(key);
    var hereBefore = answeredHere();

    // listVideos is in the create toolset, which a session on /mcp has not chosen.
    var answer = McpHttp.answer(McpHttp.post(key, session, """
        {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "listVideos", "arguments": {}}}"""));

    assertThat(answer.getInt("id")).isEqualTo(9);
    assertThat(answer.getInt("error.code")).isEqualTo(-32602);
    assertThat(answeredHere()).isEqualTo(hereBefore);
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/videos")));
  }

  @Test
  void shouldNeverRunAToolForAMessageThatIsAnAnswer() {
    var key = stubs.subscribed().key();
    var session = McpHttp.open(key);
    var hereBefore = answeredHere();

    // A member "error" (or "result") makes it an answer to the server, whatever else it carries: nothing is run.
    var answer = McpHttp.post(key, session, """
        {"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {"name": "getPricing"}, "error": null}""");

    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(202);
    assertThat(answeredHere()).isEqualTo(hereBefore);
    owner.verify(0, getRequestedFor(urlPathEqualTo("/v1/pricing")));
  }

  private static String call(int id, String meta) {
    return """
        {"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": "getPricing", "arguments": {}%s}}"""
        .formatted(id, meta);
  }

  private double answeredHere() {
    var counter = registry.find(PlainToolCalls.ANSWERED_HERE).counter();
    return counter == null ? 0 : counter.count();
  }

  private long timed(String tool) {
    var timer = registry.find(PlainToolCalls.TIMER).tags("tool.name", tool, "failure", "none").timer();
    return timer == null ? 0 : timer.count();
  }
}
