package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;
import static dev.videoautomation.suite.Agents.gateway;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;

/**
 * An agent's first minutes, through the gateway: discovery, registration, claim by emailed code, keys that stop
 * working the moment they are replaced, rotation, recovery, and the scope and subscription gates.
 */
@ExtendWith(RunningSuite.class)
class AgentJourneyIT {

  @Test
  void shouldDescribeItselfWithAbsoluteUrlsThatResolve() {
    var base = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");
    gateway().when().get("/.well-known/oauth-protected-resource")
        .then().statusCode(200)
        .body("resource", startsWith(base))
        .body("authorization_servers[0]", startsWith(base))
        .body("bearer_methods_supported", hasItems("header"))
        .body("resource_documentation", equalTo(base + "/docs"));
    var server = gateway().when().get("/.well-known/oauth-authorization-server")
        .then().statusCode(200)
        .body("issuer", startsWith(base))
        .body("token_endpoint", equalTo(base + "/v1/auth/agent"))
        .body("agent_auth.manifest_url", equalTo(base + "/.well-known/agent-auth"))
        .body("agent_auth.identity_types_supported", hasItems("anonymous", "verified_email"))
        .body("agent_auth.assertion_types_supported", hasItems("verified_email"))
        .extract().jsonPath();
    gateway().when().get(server.getString("agent_auth.manifest_url").substring(base.length()))
        .then().statusCode(200);
  }

  @Test
  void shouldTakeAnAnonymousAgentFromRegistrationToALiveKey() {
    var registration = Agents.registerAnonymously();
    var anonymousKey = (String) registration.get("credential");
    assertThat(anonymousKey).startsWith("svc_anon_");
    assertThat(registration.get("scopes")).isEqualTo(List.of("api.read"));
    assertThat((String) registration.get("claim_token")).startsWith("clm_");
    assertThat((String) registration.get("claim_url")).endsWith("/claim/" + registration.get("claim_token"));

    // Reads work at once; writes need the claimed key.
    var usage = gateway().header("X-Api-Key", anonymousKey).when().get("/v1/usage")
        .then().statusCode(200).extract().jsonPath();
    var clientId = usage.getString("clientId");
    Agents.invalidRequest().header("X-Api-Key", anonymousKey).contentType(ContentType.JSON).body("{}")
        .when().post("/v1/watch")
        .then().statusCode(403).body("error", equalTo("insufficient_scope"));

    var email = "claimer-" + UUID.randomUUID() + "@suite.test";
    var before = Agents.mailCount(email);
    gateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.get("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim")
        .then().statusCode(200)
        .body("status", equalTo("initiated"))
        .body("claim_attempt_id", startsWith("cla_"))
        .body("registration_id", equalTo(registration.get("registration_id")));
    var code = Agents.awaitCode(email, before);

    var liveKey = gateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.get("claim_token"), "code", code))
        .when().post("/v1/auth/agent/claim/complete")
        .then().statusCode(200)
        .body("credential_type", equalTo("api_key"))
        .body("credential_expires", nullValue())
        .body("scopes", equalTo(List.of("api.read", "api.write")))
        .extract().<String>path("credential");
    assertThat(liveKey).startsWith("svc_live_");

    awaitRefused(anonymousKey);
    as(new Agents.Agent(liveKey, clientId, email)).when().get("/v1/usage")
        .then().statusCode(200).body("clientId", equalTo(clientId));
    // The claimed key may write, but paid routes need a subscription.
    Agents.invalidRequest().header("X-Api-Key", liveKey).contentType(ContentType.JSON).body("{}")
        .when().post("/v1/watch")
        .then().statusCode(403)
        .body("error", equalTo("subscription_required"))
        .body("setup", containsString("/v1/subscribe"));
    // The claim completes once.
    gateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.get("claim_token"), "code", code))
        .when().post("/v1/auth/agent/claim/complete")
        .then().statusCode(org.hamcrest.Matchers.greaterThanOrEqualTo(400))
        .contentType(startsWith("application/problem+json"));
  }

  @Test
  void shouldIssueAKeyForAnEmailRegistrationOnceTheCodeArrives() {
    var email = "verified-" + UUID.randomUUID() + "@suite.test";
    var before = Agents.mailCount(email);
    var registration = gateway().contentType(ContentType.JSON)
        .body(Map.of("type", "identity_assertion", "assertion_type", "verified_email", "assertion", email))
        .when().post("/v1/auth/agent")
        .then().statusCode(org.hamcrest.Matchers.either(org.hamcrest.Matchers.is(200))
            .or(org.hamcrest.Matchers.is(201)))
        .body("registration_type", equalTo("email-verification"))
        .body("credential", nullValue())
        .body("registration_id", startsWith("rgn_"))
        .extract().jsonPath();
    var code = Agents.awaitCode(email, before);
    gateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim")
        .then().statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("error", equalTo("not_anonymous_registration"));

    var key = gateway().contentType(ContentType.JSON)
        .body(Map.of("claim_token", registration.getString("claim_token"), "code", code))
        .when().post("/v1/auth/agent/claim/complete")
        .then().statusCode(200).extract().<String>path("credential");
    gateway().auth().oauth2(key).when().get("/v1/usage").then().statusCode(200);
  }

  @Test
  void shouldLockTheCodeAfterFiveWrongAttempts() {
    var registration = Agents.registerAnonymously();
    var email = "guesser-" + UUID.randomUUID() + "@suite.test";
    var before = Agents.mailCount(email);
    gateway().contentType(ContentType.JSON).body(Map.of("claim_token", registration.get("claim_token"), "email", email))
        .when().post("/v1/auth/agent/claim").then().statusCode(200);
    var code = Agents.awaitCode(email, before);
    var wrong = code.equals("000000") ? "111111" : "000000";
    for (int i = 0; i < 5; i++) {
      gateway().contentType(ContentType.JSON).body(Map.of("claim_token", registration.get("claim_token"), "code", wrong))
          .when().post("/v1/auth/agent/claim/complete")
          .then().statusCode(401)
          .contentType(startsWith("application/problem+json"))
          .body("status", equalTo(401))
          .body("type", org.hamcrest.Matchers.notNullValue())
          .body("title", org.hamcrest.Matchers.notNullValue())
          .body("detail", org.hamcrest.Matchers.notNullValue());
    }
    gateway().contentType(ContentType.JSON).body(Map.of("claim_token", registration.get("claim_token"), "code", code))
        .when().post("/v1/auth/agent/claim/complete")
        .then().statusCode(401)
        .body("error", equalTo("code_attempts_exhausted"));
  }

  @Test
  void shouldRotateAKeyWithAndWithoutGrace() {
    var agent = Agents.claimedAgent();

    var withGrace = as(agent).contentType(ContentType.JSON).body(Map.of("graceSeconds", 3600))
        .when().post("/v1/api_keys/rotate")
        .then().statusCode(200).extract().<String>path("credential");
    as(agent).when().get("/v1/usage").then().statusCode(200);
    gateway().auth().oauth2(withGrace).when().get("/v1/usage").then().statusCode(200)
        .body("clientId", equalTo(agent.clientId()));

    var withoutGrace = gateway().auth().oauth2(withGrace).contentType(ContentType.JSON).body("{}")
        .when().post("/v1/api_keys/rotate")
        .then().statusCode(200).extract().<String>path("credential");
    awaitRefused(withGrace);
    gateway().auth().oauth2(withoutGrace).when().get("/v1/usage").then().statusCode(200)
        .body("clientId", equalTo(agent.clientId()));
    Agents.invalidRequest().auth().oauth2(withoutGrace).contentType(ContentType.JSON)
        .body(Map.of("graceSeconds", 86_401))
        .when().post("/v1/api_keys/rotate")
        .then().statusCode(400).body("field", equalTo("graceSeconds"));
  }

  @Test
  void shouldRecoverAKeyByEmailWithoutRevealingWhichEmailsExist() {
    var agent = Agents.claimedAgent();
    var unknown = "nobody-" + UUID.randomUUID() + "@suite.test";

    var known = gateway().contentType(ContentType.JSON).body(Map.of("email", agent.email()))
        .when().post("/v1/api_keys/recover").then().extract();
    var stranger = gateway().contentType(ContentType.JSON).body(Map.of("email", unknown))
        .when().post("/v1/api_keys/recover").then().extract();
    assertThat(stranger.statusCode()).isEqualTo(known.statusCode()).isLessThan(300);
    assertThat(stranger.body().asString()).isEqualTo(known.body().asString());
    var code = Agents.awaitCode(agent.email(), 1);
    assertThat(Agents.mailCount(unknown)).isZero();

    var recovered = gateway().contentType(ContentType.JSON).body(Map.of("email", agent.email(), "code", code))
        .when().post("/v1/api_keys/recover")
        .then().statusCode(200).extract().<String>path("credential");
    awaitRefused(agent.key());
    gateway().header("X-Api-Key", recovered).when().get("/v1/usage").then().statusCode(200)
        .body("clientId", equalTo(agent.clientId()));
  }

  @Test
  void shouldPriceThePlanWithTheLimitsTheGatewayEnforces() {
    var pricing = gateway().when().get("/v1/pricing").then().statusCode(200)
        .body("plans[0].price", equalTo(99)).extract().jsonPath();
    var info = gateway().when().get("/v1/info").then().statusCode(200).extract().jsonPath();
    var agent = Agents.subscribedAgent();
    var usage = as(agent).when().get("/v1/usage").then().statusCode(200).extract().jsonPath();

    Map<String, Integer> limits = pricing.getMap("plans[0].dailyLimits");
    assertThat(info.getMap("dailyLimits")).isEqualTo(limits);
    limits.forEach((bucket, limit) -> assertThat(usage.getInt("usage.'" + bucket + "'.limit")).as(bucket)
        .isEqualTo(limit));

    // What each spending operation costs: the same list on both pages, priced from billing's own operations, and
    // every operationId one of the live document's.
    List<Map<String, Object>> costs = pricing.getList("callCosts");
    assertThat(costs).isNotEmpty().isEqualTo(info.getList("callCosts"));
    var image = "callCosts.find { it.operationId == 'generateImage' }";
    assertThat(pricing.getString(image + ".bucket")).isEqualTo("images.generate");
    assertThat(pricing.getString(image + ".variantField")).isEqualTo("resolution");
    assertThat(pricing.getMap(image + ".variants"))
        .isEqualTo(pricing.getMap("operations.find { it.operation == 'image.generate' }.variants"))
        .containsEntry("4K", 10);
    assertThat(pricing.getInt("callCosts.find { it.operationId == 'createCloneVideo' }.credits"))
        .isEqualTo(pricing.getInt("operations.find { it.operation == 'clone.render' }.credits"));
    var document = gateway().when().get("/v1/openapi.json").then().statusCode(200).extract().jsonPath();
    for (var cost : costs) {
      var bucket = (String) cost.get("bucket");
      assertThat(bucket == null || limits.containsKey(bucket)).as(cost.get("operationId") + " bucket").isTrue();
      var method = ((String) cost.get("method")).toLowerCase(Locale.ROOT);
      assertThat(document.getString("paths.'" + cost.get("path") + "'." + method + ".operationId"))
          .isEqualTo(cost.get("operationId"));
    }
  }

  @Test
  void shouldTakeALogoutTokenAtTheRevocationEndpoint() {
    gateway().contentType("application/logout+jwt")
        .body("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2ln".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
        .when().post("/v1/auth/agent/revoke")
        .then().statusCode(200).body("revoked", equalTo(true));
  }

  @Test
  void shouldAnswerEveryKeyErrorWithTheVersionAndARequestId() {
    Agents.invalidRequest().when().get("/v1/usage")
        .then().statusCode(401)
        .header("Service-Version", "2026-11-21")
        .header("X-Request-Id", matchesPattern(".+"))
        .body("error", equalTo("unauthorized"));
  }

  private static void awaitRefused(String key) {
    var deadline = System.nanoTime() + Duration.ofSeconds(1).toNanos();
    int status;
    do {
      status = gateway().auth().oauth2(key).when().get("/v1/usage").statusCode();
    } while (status != 401 && System.nanoTime() < deadline);
    assertThat(status).as("a replaced key is refused within a second").isEqualTo(401);
  }
}
