package dev.videoautomation.gateway.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * An MCP session belongs to the client of the first key sent on it: another client's key, or no key, meets a 404 as
 * if the session did not exist (for a {@code DELETE} too), while any key of the same client (a rotated one, the
 * claim's, a sub-key) keeps using it.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class McpSessionsTest {
  @InjectWireMock
  WireMockServer owner;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
  }

  @Test
  void shouldKeepASessionToTheClientOfTheKeyThatOpenedIt() {
    var holder = stubs.subscribed();
    var stranger = stubs.subscribed();
    var session = McpHttp.open(holder.key());

    try (var errors = ErrorLog.listen()) {
      assertNoSession(McpHttp.delete(null, session));
      assertNoSession(McpHttp.delete(stranger.key(), session));
      assertNoSession(McpHttp.post(stranger.key(), session, McpHttp.LIST_TOOLS));
      assertNoSession(McpHttp.post(null, session, McpHttp.LIST_TOOLS));
      assertNoSession(McpHttp.request(null, session).get("/mcp"));
      assertThat(errors.lines()).isEmpty();
    }

    assertListed(McpHttp.post(holder.key(), session, McpHttp.LIST_TOOLS));
    // Another key of the same client (rotation's new key, the claim's, a sub-key) is the same caller.
    var sameClient = new OwnerStubs.Holder(ApiKeys.newKey(ApiKeys.Kind.LIVE), holder.clientId(),
        Ids.newId(IdPrefix.KEY));
    stubs.answerVerify(sameClient, "active", List.of("api.read", "api.write"));
    assertListed(McpHttp.post(sameClient.key(), session, McpHttp.LIST_TOOLS));

    assertThat(McpHttp.delete(sameClient.key(), session).statusCode()).isEqualTo(200);
    assertNoSession(McpHttp.post(holder.key(), session, McpHttp.LIST_TOOLS));
  }

  @Test
  void shouldGiveASessionOpenedWithoutAKeyToTheFirstClientThatSendsOne() {
    var first = stubs.subscribed();
    var second = stubs.subscribed();
    var session = McpHttp.open(null);
    assertListed(McpHttp.post(null, session, McpHttp.LIST_TOOLS));

    assertListed(McpHttp.post(first.key(), session, McpHttp.LIST_TOOLS));

    assertNoSession(McpHttp.post(null, session, McpHttp.LIST_TOOLS));
    assertNoSession(McpHttp.post(second.key(), session, McpHttp.LIST_TOOLS));
    assertNoSession(McpHttp.delete(null, session));
    assertListed(McpHttp.post(first.key(), session, McpHttp.LIST_TOOLS));
  }

  @Test
  void shouldAnswerASessionThatIsNotThereAsOneThatIsNotYours() {
    var holder = stubs.subscribed();

    var unknown = McpHttp.post(holder.key(), "bm90LWEtc2Vzc2lvbg==", McpHttp.LIST_TOOLS);

    assertNoSession(unknown);
  }

  private static void assertNoSession(Response answer) {
    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(404);
    assertThat(answer.contentType()).startsWith("application/json");
    var json = McpHttp.answer(answer);
    assertThat(json.getString("error.data.error")).isEqualTo("not_found");
    assertThat(json.getString("error.message")).contains("session");
  }

  private static void assertListed(Response answer) {
    assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(200);
    assertThat(McpHttp.answer(answer).getList("result.tools")).isNotNull();
  }
}
