package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import io.restassured.http.ContentType;

import dev.videoautomation.platform.keys.ApiKeys;

/**
 * A leaked key reported through the gateway by a caller without a key (docs/auth-service.md, "Leaked keys"): the key
 * stops working within a second of the answer, and the owner's webhook endpoint subscribed to {@code key.revoked}
 * gets the event, signed as every delivery (verified with the Standard Webhooks library), naming the key by id only.
 */
@ExtendWith(RunningSuite.class)
class LeakedKeyIT {
  private static final Duration DELIVERY = Duration.ofSeconds(30);
  private static final Duration REVOKED_WITHIN = Duration.ofSeconds(1);

  @Test
  void shouldStopALeakedKeyWithinASecondAndTellTheOwnersWebhook() throws Exception {
    var agent = Agents.subscribedAgent();
    var path = "/hooks/leak-" + UUID.randomUUID();
    RunningSuite.receivers().stubFor(post(urlEqualTo(path)).willReturn(aResponse().withStatus(200)));
    var secret = as(agent).contentType(ContentType.JSON)
        .body(Map.of("url", RunningSuite.receivers().baseUrl() + path, "events", List.of("key.revoked")))
        .when().post("/v1/webhooks").then().statusCode(201).extract().<String>path("secret");
    // The key works, and the gateway holds its verification in its cache.
    as(agent).when().get("/v1/webhooks").then().statusCode(200);

    // Whoever found it reports it: no key of their own.
    Agents.gateway().contentType(ContentType.JSON).body(Map.of("credential", agent.key()))
        .when().post("/v1/api_keys/revoke_leaked").then().statusCode(200).body("received", is(true));
    var answered = System.nanoTime();
    int status;
    do {
      status = as(agent).when().get("/v1/webhooks").then().extract().statusCode();
    } while (status == 200 && System.nanoTime() - answered < REVOKED_WITHIN.toNanos());
    var after = Duration.ofNanos(System.nanoTime() - answered);
    assertThat(status).as("the leaked key's answer %s after the report", after).isEqualTo(401);
    as(agent).when().get("/v1/usage").then().statusCode(401).body("error", equalTo("unauthorized"))
        .body("message", org.hamcrest.Matchers.containsString("revoked"));

    // The same answer for the key now revoked, and for a key nobody holds.
    for (var key : List.of(agent.key(), ApiKeys.newKey(ApiKeys.Kind.LIVE))) {
      Agents.gateway().contentType(ContentType.JSON).body(Map.of("credential", key))
          .when().post("/v1/api_keys/revoke_leaked").then().statusCode(200).body("received", is(true));
    }

    var delivery = awaitDelivery(path);
    WebhooksIT.verify(delivery, secret);
    var body = JobSupport.JSON.readTree(delivery.getBodyAsString());
    assertThat(body.path("type").asText()).isEqualTo("key.revoked");
    assertThat(body.at("/data/keyId").asText()).matches("^key_[0-9A-Za-z]+$");
    assertThat(body.at("/data/reason").asText()).isEqualTo("leaked");
    assertThat(body.at("/data/revokedAt").asLong()).isPositive();
    assertThat(delivery.getBodyAsString()).doesNotContain(agent.key(), ApiKeys.hash(agent.key()));
    Thread.sleep(2_000);
    assertThat(RunningSuite.receivers().findAll(postRequestedFor(urlEqualTo(path)))).as("one event, once")
        .hasSize(1);
  }

  private static LoggedRequest awaitDelivery(String path) throws InterruptedException {
    var deadline = System.nanoTime() + DELIVERY.toNanos();
    while (System.nanoTime() < deadline) {
      var got = RunningSuite.receivers().findAll(postRequestedFor(urlEqualTo(path)));
      if (!got.isEmpty()) {
        return got.getFirst();
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no key.revoked delivery to " + path);
  }
}
