package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.gateway;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;

/**
 * Paying, as an agent and its human would on the embedded default: subscribe, open the local checkout page and
 * post its form as a browser does, then use paid routes.
 */
@ExtendWith(RunningSuite.class)
class SubscriptionIT {

  /** Posts the checkout page's form, the way a browser submits it. */
  private static void pay(String checkoutUrl) {
    var base = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");
    assertThat(checkoutUrl).startsWith(base + "/checkout/cs_");
    var path = checkoutUrl.substring(base.length());
    var page = gateway().when().get(path).then().statusCode(200).body(containsString("Pay $99")).extract().asString();
    var action = page.replaceAll("(?s).*<form method=\"post\" action=\"([^\"]+)\".*", "$1");
    gateway().contentType(ContentType.URLENC).when().post(action).then().statusCode(200)
        .body(containsString("Paid"));
  }

  @Test
  void shouldOpenPaidRoutesOnceAClaimedAgentPays() {
    var agent = Agents.claimedAgent();
    // An empty watch body: the gate answers before the body is read (and a paid route then refuses it: 400).
    Agents.invalidRequest(agent).contentType(ContentType.JSON).body("{}").when().post("/v1/watch")
        .then().statusCode(403).body("error", equalTo("subscription_required"));

    var checkout = Agents.as(agent).contentType(ContentType.JSON).when().post("/v1/subscribe")
        .then().statusCode(201).extract().jsonPath();
    pay(checkout.getString("checkoutUrl"));

    gateway().queryParam("sessionId", checkout.getString("sessionId")).when().get("/v1/credits/status")
        .then().statusCode(200).body("status", equalTo("complete")).body("clientId", equalTo(agent.clientId()))
        .body("credits.balance", equalTo(500)).body("credential", nullValue());
    var deadline = System.nanoTime() + 1_000_000_000L;
    int status;
    do {
      status = Agents.invalidRequest(agent).contentType(ContentType.JSON).body("{}").when().post("/v1/watch")
          .statusCode();
    } while (status == 403 && System.nanoTime() < deadline);
    assertThat(status).as("a paid route after checkout").isNotEqualTo(403);
    Agents.as(agent).when().get("/v1/usage").then().body("usage.watch.limit", equalTo(50));
  }

  @Test
  void shouldGiveAKeylessBuyerItsKeyOnce() {
    var checkout = gateway().contentType(ContentType.JSON).body(Map.of("email", "keyless-" + System.nanoTime()
        + "@suite.test")).when().post("/v1/subscribe").then().statusCode(201).extract().jsonPath();
    var sessionId = checkout.getString("sessionId");
    gateway().queryParam("sessionId", sessionId).when().get("/v1/credits/status")
        .then().statusCode(200).body("status", equalTo("pending"));

    pay(checkout.getString("checkoutUrl"));

    var key = gateway().queryParam("sessionId", sessionId).when().get("/v1/credits/status")
        .then().statusCode(200).body("status", equalTo("complete")).body("subscription.active", equalTo(true))
        .extract().<String>path("credential");
    assertThat(key).startsWith("svc_live_");
    gateway().queryParam("sessionId", sessionId).when().get("/v1/credits/status")
        .then().statusCode(200).body("credential", nullValue());
    Agents.invalidRequest().header("X-Api-Key", key).contentType(ContentType.JSON).body("{}").when()
        .post("/v1/watch").then().statusCode(not(403));
  }

  @Test
  void shouldRecoverAKeylessBuyersKeyOnlyAfterItsOwnerConfirmsTheAddress() {
    var email = "confirm-" + System.nanoTime() + "@suite.test";
    var checkout = gateway().contentType(ContentType.JSON).body(Map.of("email", email)).when().post("/v1/subscribe")
        .then().statusCode(201).extract().jsonPath();
    var mailsBefore = Agents.mailCount(email);
    pay(checkout.getString("checkoutUrl"));
    var key = gateway().queryParam("sessionId", checkout.getString("sessionId")).when().get("/v1/credits/status")
        .then().statusCode(200).extract().<String>path("credential");
    var confirmation = Agents.awaitCode(email, mailsBefore);

    // Not yet confirmed: recovery mails nothing to the address.
    var beforeRecovery = Agents.mailCount(email);
    gateway().contentType(ContentType.JSON).body(Map.of("email", email)).when().post("/v1/api_keys/recover")
        .then().statusCode(202).body("status", equalTo("code_sent_if_registered"));
    assertThat(Agents.mailCount(email)).as("no recovery mail to an unconfirmed address").isEqualTo(beforeRecovery);

    gateway().header("X-Api-Key", key).contentType(ContentType.JSON).body(Map.of("code", confirmation))
        .when().post("/v1/api_keys/verify_email").then().statusCode(200).body("status", equalTo("verified"));

    gateway().contentType(ContentType.JSON).body(Map.of("email", email)).when().post("/v1/api_keys/recover")
        .then().statusCode(202);
    var recoveryCode = Agents.awaitCode(email, beforeRecovery);
    var recovered = gateway().contentType(ContentType.JSON).body(Map.of("email", email, "code", recoveryCode))
        .when().post("/v1/api_keys/recover").then().statusCode(200).extract().<String>path("credential");
    assertThat(recovered).startsWith("svc_live_").isNotEqualTo(key);
    gateway().header("X-Api-Key", key).when().get("/v1/usage").then().statusCode(401);
    gateway().header("X-Api-Key", recovered).when().get("/v1/usage").then().statusCode(200);
  }
}
