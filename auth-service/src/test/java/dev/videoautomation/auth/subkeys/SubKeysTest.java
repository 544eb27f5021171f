package dev.videoautomation.auth.subkeys;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Sub-keys (issue 32 §3): {@code /v1/api_keys} and {@code /v1/api_keys/{id}}, their caps in verify, their events, the
 * budget set at billing before the key commits, and their fate in rotation, recovery and leak reports. Billing and
 * the gateway are one WireMock on loopback, as §3.19.2 and §3.19.4 describe them.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "quarkus.rest-client.billing-client.url,quarkus.rest-client.gateway-client.url"))
class SubKeysTest {
  private static final Set<String> LIVE = Set.of("api.read", "api.write");
  private static final Duration SOON = Duration.ofSeconds(10);
  TestSmtpServer smtp;
  @InjectWireMock
  WireMockServer owners;

  @BeforeEach
  void ownersAnswer() {
    owners.resetAll();
    // Billing records any budget it is given, with nothing spent yet; lists and counters are empty.
    owners.stubFor(put(urlPathMatching("/internal/budgets/key_.*")).willReturn(json(200, """
        {"keyId": "key_recorded", "clientId": "{{jsonPath request.body '$.clientId'}}",
         "creditBudget": {{jsonPath request.body '$.creditBudget'}}, "creditsSpent": 0}""")
        .withTransformers("response-template")));
    owners.stubFor(get(urlPathEqualTo("/internal/budgets")).willReturn(json(200, "{\"data\": []}")));
    owners.stubFor(get(urlPathMatching("/internal/usage/keys/.*")).willReturn(json(200,
        "{\"day\": \"2026-11-27\", \"keys\": {}}")));
  }

  private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(int status, String body) {
    return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
  }

  private static RequestSpecification as(AuthFixtures.Claimed claimed) {
    return as(claimed.clientId(), claimed.keyId(), LIVE);
  }

  private static RequestSpecification as(String clientId, String keyId, Set<String> scopes) {
    return given().header("Authorization", "Bearer " + TestTokens.forClientKey(clientId, keyId, scopes, "pro"));
  }

  private static ExtractableResponse<Response> create(AuthFixtures.Claimed owner, Object body) {
    return as(owner).contentType(ContentType.JSON).body(body).when().post("/v1/api_keys").then().extract();
  }

  /** A sub-key of {@code owner}: its answer, whose credential and id the test uses. */
  private static JsonPath subKey(AuthFixtures.Claimed owner, Map<String, Object> body) {
    var answer = create(owner, body);
    assertThat(answer.statusCode()).as(answer.body().asString()).isEqualTo(201);
    return answer.jsonPath();
  }

  @Test
  void shouldCreateASubKeyShowItsCredentialOnceAndStoreOnlyItsHash() throws Exception {
    var owner = AuthFixtures.claimed(smtp);
    var body = new LinkedHashMap<String, Object>();
    body.put("name", "  research agent ");
    body.put("scopes", List.of("api.write", "api.read"));
    body.put("buckets", List.of("images.generate", "scrape"));
    body.put("creditBudget", 50);
    body.put("dailyUnits", Map.of("images.generate", 20));
    body.put("expiresInSeconds", 3600);
    var answer = create(owner, body);

    assertThat(answer.statusCode()).isEqualTo(201);
    assertThat(answer.contentType()).startsWith("application/json");
    var created = answer.jsonPath();
    assertThat(created.getMap("$")).containsOnlyKeys("id", "name", "credential", "scopes", "buckets", "creditBudget",
        "creditsSpent", "dailyUnits", "expiresAt", "createdAt");
    assertThat(created.getString("id")).startsWith("key_");
    assertThat(created.getString("name")).isEqualTo("research agent");
    var credential = created.getString("credential");
    assertThat(credential).startsWith("svc_live_").hasSize(58);
    assertThat(ApiKeys.isWellFormed(credential)).isTrue();
    assertThat(created.getList("scopes")).containsExactly("api.read", "api.write");
    assertThat(created.getList("buckets")).containsExactly("images.generate", "scrape");
    assertThat(created.getInt("creditBudget")).isEqualTo(50);
    assertThat(created.getInt("creditsSpent")).isZero();
    assertThat(created.getMap("dailyUnits")).isEqualTo(Map.of("images.generate", 20));
    assertThat(created.getLong("expiresAt")).isBetween(System.currentTimeMillis() + 3_590_000,
        System.currentTimeMillis() + 3_601_000);
    assertThat(created.getLong("createdAt")).isBetween(System.currentTimeMillis() - 60_000,
        System.currentTimeMillis());

    // Billing got the budget, from auth itself (a service token: a budget is never set with a client's token).
    owners.verify(1, putRequestedFor(urlPathEqualTo("/internal/budgets/" + created.getString("id")))
        .withRequestBody(equalToJson("{\"clientId\": \"" + owner.clientId() + "\", \"creditBudget\": 50}")));
    var token = owners.findAll(putRequestedFor(urlPathMatching("/internal/budgets/.*"))).getFirst()
        .getHeader("Authorization").substring("Bearer ".length());
    assertThat(new String(Base64.getUrlDecoder().decode(token.split("\\.")[1]), StandardCharsets.UTF_8))
        .contains("\"sub\":\"service:auth-service\"");

    // Verify tells the gateway the caps (§3.19.1).
    var verified = verify(credential);
    assertThat(verified.getString("status")).isEqualTo("active");
    assertThat(verified.getString("clientId")).isEqualTo(owner.clientId());
    assertThat(verified.getString("keyId")).isEqualTo(created.getString("id"));
    assertThat(verified.getBoolean("subKey")).isTrue();
    assertThat(verified.getString("parentKeyId")).isEqualTo(owner.keyId());
    assertThat(verified.getList("buckets")).containsExactly("images.generate", "scrape");
    assertThat(verified.getMap("dailyUnits")).isEqualTo(Map.of("images.generate", 20));
    assertThat(verified.getLong("expiresAt")).isEqualTo(created.getLong("expiresAt"));

    // Only the hash is stored; no column holds the credential.
    try (var db = AuthFixtures.database(); var query = db.prepareStatement(
        "SELECT key_hash, row_to_json(k)::text FROM auth.api_keys k WHERE id = ?")) {
      query.setString(1, created.getString("id"));
      var row = query.executeQuery();
      assertThat(row.next()).isTrue();
      assertThat(row.getString(1)).isEqualTo(ApiKeys.hash(credential));
      assertThat(row.getString(2)).doesNotContain(credential);
    }
    // And it is never shown again.
    var listed = as(owner).when().get("/v1/api_keys").then().statusCode(200).extract().body().asString();
    assertThat(listed).doesNotContain(credential).doesNotContain("credential");
  }

  @Test
  void shouldGiveASubKeyItsCreatorsScopesEveryBucketAndNoCapsByDefaultAndAskBillingNothing() {
    var owner = AuthFixtures.claimed(smtp);
    var created = subKey(owner, Map.of("name", "plain"));
    assertThat(created.getList("scopes")).containsExactly("api.read", "api.write");
    assertThat(created.getList("buckets")).isNull();
    assertThat(created.getMap("$")).containsEntry("buckets", null).containsEntry("creditBudget", null)
        .containsEntry("expiresAt", null);
    assertThat(created.getInt("creditsSpent")).isZero();
    assertThat(created.getMap("dailyUnits")).isEmpty();
    owners.verify(0, putRequestedFor(anyUrl()));

    var verified = verify(created.getString("credential"));
    assertThat(verified.getBoolean("subKey")).isTrue();
    assertThat(verified.getString("buckets")).isNull();
    assertThat(verified.getMap("dailyUnits")).isEmpty();
    assertThat(verified.getString("expiresAt")).isNull();
  }

  @Test
  void shouldAnswerAPrimaryKeyAsNoSubKeyInVerify() {
    var owner = AuthFixtures.claimed(smtp);
    var verified = verify(owner.key());
    assertThat(verified.getMap("$")).containsOnlyKeys("status", "clientId", "keyId", "scopes", "expiresAt", "subKey",
        "parentKeyId", "buckets", "dailyUnits");
    assertThat(verified.getBoolean("subKey")).isFalse();
    assertThat(verified.getMap("$")).containsEntry("parentKeyId", null).containsEntry("buckets", null);
    assertThat(verified.getMap("dailyUnits")).isEmpty();
  }

  @Test
  void shouldRefuseEachBadFieldNamingIt() {
    var owner = AuthFixtures.claimed(smtp);
    record Case(Map<String, Object> body, String field, String says) {
    }
    var cases = List.of(
        new Case(Map.of("scopes", List.of("api.read")), "name", "required"),
        new Case(Map.of("name", " "), "name", "1 to 100"),
        new Case(Map.of("name", "x".repeat(101)), "name", "1 to 100"),
        new Case(Map.of("name", "a", "scopes", List.of()), "scopes", "at least one"),
        new Case(Map.of("name", "a", "scopes", List.of("api.admin")), "scopes", "api.admin"),
        new Case(Map.of("name", "a", "buckets", List.of("images.generate", "images")), "buckets", "images,"),
        new Case(Map.of("name", "a", "dailyUnits", Map.of("nope", 3)), "dailyUnits", "nope"),
        new Case(Map.of("name", "a", "dailyUnits", Map.of("scrape", -1)), "dailyUnits", "scrape -1"),
        new Case(Map.of("name", "a", "dailyUnits", Map.of("scrape", 1_000_001)), "dailyUnits", "1000000"),
        new Case(Map.of("name", "a", "buckets", List.of("scrape"), "dailyUnits", Map.of("images.generate", 2)),
            "dailyUnits", "images.generate"),
        new Case(Map.of("name", "a", "expiresInSeconds", 7_776_001), "expiresInSeconds", "90 days"),
        new Case(Map.of("name", "a", "expiresInSeconds", 0), "expiresInSeconds", "90 days"),
        new Case(Map.of("name", "a", "creditBudget", -1), "creditBudget", "0 to 1000000000"),
        new Case(Map.of("name", "a", "creditBudget", "10"), "creditBudget", ""),
        new Case(Map.of("name", "a", "budget", 10), "budget", ""));
    for (var c : cases) {
      var answer = create(owner, c.body());
      assertThat(answer.statusCode()).as(c.toString()).isEqualTo(400);
      assertThat(answer.jsonPath().getString("error")).as(c.toString()).isEqualTo("invalid_request");
      assertThat(answer.jsonPath().getString("field")).as(c.toString()).isEqualTo(c.field());
      assertThat(answer.jsonPath().getString("message")).as(c.toString()).contains(c.says());
    }
    // A scope the caller does not hold: a key holding only api.write cannot mint an api.read key.
    var answer = as(owner.clientId(), owner.keyId(), Set.of("api.write")).contentType(ContentType.JSON)
        .body(Map.of("name", "a", "scopes", List.of("api.read"))).when().post("/v1/api_keys").then().extract();
    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(answer.jsonPath().getString("field")).isEqualTo("scopes");
    assertThat(answer.jsonPath().getString("message")).contains("does not hold");
    assertThat(subKeysOf(owner.clientId())).isZero();
    owners.verify(0, putRequestedFor(anyUrl()));
  }

  @Test
  void shouldCreateNoKeyWhenBillingCannotRecordItsBudget() throws Exception {
    var owner = AuthFixtures.claimed(smtp);
    owners.stubFor(put(urlPathMatching("/internal/budgets/.*"))
        .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
    try (var events = new AuthFixtures.KeyEventListener()) {
      var answer = create(owner, Map.of("name", "budgeted", "creditBudget", 10));
      assertThat(answer.statusCode()).isEqualTo(503);
      assertThat(answer.jsonPath().getString("error")).isEqualTo("service_unavailable");
      assertThat(answer.jsonPath().getString("message")).contains("no key was created");
      assertThat(answer.jsonPath().getMap("$")).doesNotContainKey("credential");
    }
    // Billing was asked (before any commit) and, failing, no key exists.
    assertThat(owners.findAll(putRequestedFor(urlPathMatching("/internal/budgets/key_.*")))).isNotEmpty();
    assertThat(subKeysOf(owner.clientId())).isZero();
    var keyId = owners.findAll(putRequestedFor(urlPathMatching("/internal/budgets/key_.*"))).getFirst().getUrl()
        .substring("/internal/budgets/".length());
    try (var db = AuthFixtures.database(); var query = db.prepareStatement(
        "SELECT count(*) FROM auth.api_keys WHERE id = ?")) {
      query.setString(1, keyId);
      var rows = query.executeQuery();
      rows.next();
      assertThat(rows.getLong(1)).isZero();
    }
    // A billing that answers 500 is no better.
    owners.stubFor(put(urlPathMatching("/internal/budgets/.*")).willReturn(json(500,
        "{\"error\": \"internal_error\", \"message\": \"boom\"}")));
    assertThat(create(owner, Map.of("name", "budgeted", "creditBudget", 10)).statusCode()).isEqualTo(503);
    assertThat(subKeysOf(owner.clientId())).isZero();
  }

  @Test
  void shouldLetNoSubKeyManageKeysRotateOrVerifyTheRecoveryAddress() {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "child"));
    var asChild = (java.util.function.Supplier<RequestSpecification>) () -> as(owner.clientId(),
        child.getString("id"), LIVE);
    for (var answer : List.of(
        asChild.get().contentType(ContentType.JSON).body(Map.of("name", "grandchild")).post("/v1/api_keys"),
        asChild.get().get("/v1/api_keys"),
        asChild.get().get("/v1/api_keys/" + child.getString("id")),
        asChild.get().contentType(ContentType.JSON).body(Map.of("name", "renamed"))
            .put("/v1/api_keys/" + child.getString("id")),
        asChild.get().delete("/v1/api_keys/" + child.getString("id")),
        asChild.get().contentType(ContentType.JSON).body("{}").post("/v1/api_keys/rotate"),
        asChild.get().contentType(ContentType.JSON).body("{}").post("/v1/api_keys/verify_email"))) {
      assertThat(answer.statusCode()).as(answer.body().asString()).isEqualTo(403);
      assertThat(answer.jsonPath().getString("error")).isEqualTo("insufficient_scope");
      assertThat(answer.jsonPath().getString("message")).contains("sub-key");
    }
    assertThat(subKeysOf(owner.clientId())).isEqualTo(1);
    assertThat(verify(child.getString("credential")).getString("status")).isEqualTo("active");
    // A key without api.write manages nothing either.
    var readOnly = as(owner.clientId(), owner.keyId(), Set.of("api.read")).get("/v1/api_keys");
    assertThat(readOnly.statusCode()).isEqualTo(403);
    assertThat(readOnly.jsonPath().getString("message")).contains("api.write");
  }

  @Test
  void shouldListTheClientsKeysWithTheirSpendAndNoSecret() {
    var owner = AuthFixtures.claimed(smtp);
    var capped = subKey(owner, Map.of("name", "capped", "buckets", List.of("scrape"), "creditBudget", 30,
        "dailyUnits", Map.of("scrape", 5)));
    var plain = subKey(owner, Map.of("name", "plain", "scopes", List.of("api.read")));
    var stranger = AuthFixtures.claimed(smtp);
    subKey(stranger, Map.of("name", "not yours"));
    owners.stubFor(get(urlPathEqualTo("/internal/budgets")).withQueryParam("clientId", equalTo(owner.clientId()))
        .willReturn(json(200, "{\"data\": [{\"keyId\": \"" + capped.getString("id")
            + "\", \"creditBudget\": 30, \"creditsSpent\": 12}, {\"keyId\": \"" + owner.keyId()
            + "\", \"creditBudget\": null, \"creditsSpent\": 40}]}")));
    owners.stubFor(get(urlPathEqualTo("/internal/usage/keys/" + owner.clientId())).willReturn(json(200,
        "{\"day\": \"2026-11-27\", \"keys\": {\"" + capped.getString("id") + "\": {\"scrape\": 3}}}")));

    var answer = as(owner).when().get("/v1/api_keys").then().statusCode(200).extract();
    assertThat(answer.body().asString()).doesNotContain(capped.getString("credential"), "credential", "key_hash");
    var data = answer.jsonPath().getList("data", Map.class);
    assertThat(data).extracting(key -> key.get("id")).containsExactly(owner.keyId(), capped.getString("id"),
        plain.getString("id"));
    var primary = data.get(0);
    assertThat(primary).containsEntry("subKey", false).containsEntry("parentKeyId", null).containsEntry("name", null)
        .containsEntry("status", "active").containsEntry("creditBudget", null).containsEntry("creditsSpent", 40)
        .containsEntry("unitsToday", Map.of()).containsEntry("unknown", List.of()).containsEntry("buckets", null);
    assertThat(primary.keySet()).containsExactlyInAnyOrder("id", "name", "subKey", "parentKeyId", "status",
        "scopes", "buckets", "creditBudget", "creditsSpent", "dailyUnits", "unitsToday", "expiresAt", "createdAt",
        "lastUsedAt", "unknown");
    assertThat(data.get(1)).containsEntry("subKey", true).containsEntry("parentKeyId", owner.keyId())
        .containsEntry("name", "capped").containsEntry("buckets", List.of("scrape"))
        .containsEntry("creditBudget", 30).containsEntry("creditsSpent", 12)
        .containsEntry("dailyUnits", Map.of("scrape", 5)).containsEntry("unitsToday", Map.of("scrape", 3));
    assertThat(data.get(2)).containsEntry("scopes", List.of("api.read")).containsEntry("creditBudget", null)
        .containsEntry("creditsSpent", 0).containsEntry("unitsToday", Map.of());

    // One key by id; another client's key and an unknown id are 404 alike.
    var one = as(owner).when().get("/v1/api_keys/" + capped.getString("id")).then().statusCode(200).extract()
        .jsonPath();
    assertThat(one.getMap("$")).isEqualTo(data.get(1));
    var foreign = subKeysIdsOf(stranger.clientId()).getFirst();
    for (var id : List.of(foreign, stranger.keyId(), "key_doesnotexist", "nonsense")) {
      var missing = as(owner).when().get("/v1/api_keys/" + id).then().extract();
      assertThat(missing.statusCode()).as(id).isEqualTo(404);
      assertThat(missing.jsonPath().getString("error")).isEqualTo("not_found");
    }
  }

  @Test
  void shouldListKeysWithTheirSpendUnknownWhenBillingOrTheGatewayIsAway() {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "child", "creditBudget", 5));
    owners.stubFor(get(urlPathEqualTo("/internal/budgets")).willReturn(aResponse()
        .withFault(Fault.CONNECTION_RESET_BY_PEER)));
    owners.stubFor(get(urlPathMatching("/internal/usage/keys/.*")).willReturn(json(503,
        "{\"error\": \"service_unavailable\", \"message\": \"down\"}")));

    var data = as(owner).when().get("/v1/api_keys").then().statusCode(200).extract().jsonPath()
        .getList("data", Map.class);
    assertThat(data).hasSize(2);
    for (var key : data) {
      assertThat(key).containsEntry("creditBudget", null).containsEntry("creditsSpent", null)
          .containsEntry("unitsToday", null)
          .containsEntry("unknown", List.of("creditBudget", "creditsSpent", "unitsToday"));
    }
    assertThat(data.get(1)).containsEntry("id", child.getString("id")).containsEntry("name", "child");
    // Only the gateway away: billing's fields are known.
    owners.stubFor(get(urlPathEqualTo("/internal/budgets")).willReturn(json(200, "{\"data\": [{\"keyId\": \""
        + child.getString("id") + "\", \"creditBudget\": 5, \"creditsSpent\": 1}]}")));
    var view = as(owner).when().get("/v1/api_keys/" + child.getString("id")).then().statusCode(200).extract()
        .jsonPath();
    assertThat(view.getInt("creditBudget")).isEqualTo(5);
    assertThat(view.getInt("creditsSpent")).isEqualTo(1);
    assertThat(view.getList("unknown")).containsExactly("unitsToday");
  }

  @Test
  void shouldUpdateASubKeyInPartAndTellEveryGateway() throws Exception {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "child", "buckets", List.of("scrape", "images.generate"),
        "dailyUnits", Map.of("scrape", 5), "expiresInSeconds", 60));
    var id = child.getString("id");
    try (var events = new AuthFixtures.KeyEventListener()) {
      var updated = as(owner).contentType(ContentType.JSON).body(Map.of("name", "renamed", "creditBudget", 99,
          "dailyUnits", Map.of("images.generate", 2), "expiresInSeconds", 7200)).when().put("/v1/api_keys/" + id)
          .then().statusCode(200).extract().jsonPath();
      assertThat(updated.getString("id")).isEqualTo(id);
      assertThat(updated.getString("name")).isEqualTo("renamed");
      assertThat(updated.getList("buckets")).as("left as it was").containsExactly("scrape", "images.generate");
      assertThat(updated.getMap("dailyUnits")).as("replaced whole").isEqualTo(Map.of("images.generate", 2));
      assertThat(updated.getLong("expiresAt")).isBetween(System.currentTimeMillis() + 7_190_000,
          System.currentTimeMillis() + 7_201_000);
      assertThat(updated.getMap("$")).doesNotContainKey("credential");
      assertThat(events.await(payload -> payload.contains(id))).contains("\"event\":\"key.caps_changed\"")
          .contains(owner.clientId()).doesNotContain(child.getString("credential"));
    }
    owners.verify(1, putRequestedFor(urlPathEqualTo("/internal/budgets/" + id))
        .withRequestBody(equalToJson("{\"clientId\": \"" + owner.clientId() + "\", \"creditBudget\": 99}")));
    var verified = verify(child.getString("credential"));
    assertThat(verified.getMap("dailyUnits")).isEqualTo(Map.of("images.generate", 2));
    assertThat(verified.getList("buckets")).containsExactly("scrape", "images.generate");

    // The rules of creation hold, and each refusal names its field and changes nothing.
    record Case(Map<String, Object> body, String field) {
    }
    for (var c : List.of(new Case(Map.of("scopes", List.of("api.read")), "scopes"),
        new Case(Map.of("buckets", List.of("scrape")), "dailyUnits"),
        new Case(Map.of("dailyUnits", Map.of("bogus", 1)), "dailyUnits"),
        new Case(Map.of("expiresInSeconds", 7_776_001), "expiresInSeconds"),
        new Case(Map.of("name", ""), "name"))) {
      var refused = as(owner).contentType(ContentType.JSON).body(c.body()).when().put("/v1/api_keys/" + id).then()
          .extract();
      assertThat(refused.statusCode()).as(c.toString()).isEqualTo(400);
      assertThat(refused.jsonPath().getString("field")).as(c.toString()).isEqualTo(c.field());
    }
    assertThat(verify(child.getString("credential")).getList("buckets")).hasSize(2);

    // A budget billing cannot record changes nothing at all.
    owners.stubFor(put(urlPathMatching("/internal/budgets/.*")).willReturn(aResponse()
        .withFault(Fault.CONNECTION_RESET_BY_PEER)));
    var failed = as(owner).contentType(ContentType.JSON).body(Map.of("name", "lost", "creditBudget", 1))
        .when().put("/v1/api_keys/" + id).then().extract();
    assertThat(failed.statusCode()).isEqualTo(503);
    assertThat(failed.jsonPath().getString("error")).isEqualTo("service_unavailable");
    assertThat(as(owner).when().get("/v1/api_keys/" + id).then().statusCode(200).extract().<String>path("name"))
        .isEqualTo("renamed");

    // A primary key is not changed here; another client's key is not found.
    var primary = as(owner).contentType(ContentType.JSON).body(Map.of("name", "main")).when()
        .put("/v1/api_keys/" + owner.keyId()).then().extract();
    assertThat(primary.statusCode()).isEqualTo(409);
    assertThat(primary.jsonPath().getString("error")).isEqualTo("conflict");
    var stranger = AuthFixtures.claimed(smtp);
    assertThat(as(stranger).contentType(ContentType.JSON).body(Map.of("name", "mine")).when()
        .put("/v1/api_keys/" + id).then().extract().statusCode()).isEqualTo(404);
  }

  @Test
  void shouldDeleteASubKeyEverywhereButNeverAPrimaryKey() throws Exception {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "child"));
    var id = child.getString("id");
    var stranger = AuthFixtures.claimed(smtp);
    assertThat(as(stranger).when().delete("/v1/api_keys/" + id).then().extract().statusCode()).isEqualTo(404);

    var primary = as(owner).when().delete("/v1/api_keys/" + owner.keyId()).then().extract();
    assertThat(primary.statusCode()).isEqualTo(409);
    assertThat(primary.jsonPath().getString("error")).isEqualTo("conflict");
    assertThat(primary.jsonPath().getString("message")).contains("primary key");
    assertThat(verify(owner.key()).getString("status")).isEqualTo("active");

    try (var events = new AuthFixtures.KeyEventListener()) {
      var deleted = as(owner).when().delete("/v1/api_keys/" + id).then().statusCode(200).extract().jsonPath();
      assertThat(deleted.getMap("$")).isEqualTo(Map.of("id", id, "deleted", true));
      assertThat(events.await(payload -> payload.contains(id))).contains("\"event\":\"key.revoked\"");
    }
    assertThat(verify(child.getString("credential")).getString("status")).isEqualTo("revoked");
    assertThat(as(owner).when().delete("/v1/api_keys/" + id).then().extract().statusCode()).isEqualTo(404);
    assertThat(as(owner).when().get("/v1/api_keys").then().statusCode(200).extract().jsonPath()
        .getList("data.id")).containsExactly(owner.keyId());
  }

  @Test
  void shouldVerifyASubKeyPastItsExpiryAsExpiredAndRenewIt() {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "brief", "expiresInSeconds", 1));
    AuthFixtures.sleep(1_100);
    var verified = verify(child.getString("credential"));
    assertThat(verified.getString("status")).isEqualTo("expired");
    assertThat(verified.getList("scopes")).isEmpty();
    assertThat(verified.getLong("expiresAt")).isEqualTo(child.getLong("expiresAt"));
    var view = as(owner).when().get("/v1/api_keys/" + child.getString("id")).then().statusCode(200).extract();
    assertThat(view.<String>path("status")).isEqualTo("expired");

    as(owner).contentType(ContentType.JSON).body(Map.of("expiresInSeconds", 600)).when()
        .put("/v1/api_keys/" + child.getString("id")).then().statusCode(200);
    assertThat(verify(child.getString("credential")).getString("status")).isEqualTo("active");
  }

  @Test
  void shouldKeepSubKeysWhenThePrimaryKeyRotates() {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "child"));
    as(owner).contentType(ContentType.JSON).body("{}").when().post("/v1/api_keys/rotate").then().statusCode(200);
    assertThat(verify(owner.key()).getString("status")).isEqualTo("replaced");
    var verified = verify(child.getString("credential"));
    assertThat(verified.getString("status")).isEqualTo("active");
    assertThat(verified.getString("expiresAt")).isNull();
    // With grace too: the sub-key gets no end of its own.
    var second = AuthFixtures.claimed(smtp);
    var other = subKey(second, Map.of("name", "other"));
    as(second).contentType(ContentType.JSON).body(Map.of("graceSeconds", 60)).when().post("/v1/api_keys/rotate")
        .then().statusCode(200);
    assertThat(verify(other.getString("credential")).getString("expiresAt")).isNull();
  }

  @Test
  void shouldEndEverySubKeyWhenTheClientRecovers() throws Exception {
    var owner = AuthFixtures.claimed(smtp);
    var child = subKey(owner, Map.of("name", "child"));
    var mailsBefore = AuthFixtures.mails(smtp, owner.email());
    asGateway().contentType(ContentType.JSON).body(Map.of("email", owner.email())).when()
        .post("/v1/api_keys/recover").then().statusCode(202);
    var code = AuthFixtures.code(smtp, owner.email(), mailsBefore);
    try (var events = new AuthFixtures.KeyEventListener()) {
      asGateway().contentType(ContentType.JSON).body(Map.of("email", owner.email(), "code", code)).when()
          .post("/v1/api_keys/recover").then().statusCode(200);
      assertThat(events.await(payload -> payload.contains("client.keys_revoked")
          && payload.contains(owner.clientId()))).contains("\"keyId\":null");
    }
    assertThat(verify(child.getString("credential")).getString("status")).isEqualTo("replaced");
    assertThat(verify(owner.key()).getString("status")).isEqualTo("replaced");
  }

  @Test
  void shouldRevokeTheSubKeysOfALeakedPrimaryKeyButNotTheParentOfALeakedSubKey() throws Exception {
    var owner = AuthFixtures.claimed(smtp);
    var first = subKey(owner, Map.of("name", "first"));
    var second = subKey(owner, Map.of("name", "second"));
    var leakedChild = subKey(owner, Map.of("name", "leaky"));

    // A leaked sub-key takes nothing else with it.
    var mailsFirst = AuthFixtures.mails(smtp, owner.email());
    report(leakedChild.getString("credential"));
    await(() -> "revoked".equals(verify(leakedChild.getString("credential")).getString("status")), "the sub-key");
    await(() -> AuthFixtures.mails(smtp, owner.email()) == mailsFirst + 1, "the first report's mail");
    AuthFixtures.sleep(300);
    assertThat(verify(owner.key()).getString("status")).isEqualTo("active");
    assertThat(verify(first.getString("credential")).getString("status")).isEqualTo("active");

    var mailsBefore = AuthFixtures.mails(smtp, owner.email());
    try (var events = new AuthFixtures.KeyEventListener()) {
      report(owner.key());
      for (var key : List.of(owner.keyId(), first.getString("id"), second.getString("id"))) {
        assertThat(events.await(payload -> payload.contains(key))).contains("\"event\":\"key.revoked\"");
      }
    }
    for (var key : List.of(owner.key(), first.getString("credential"), second.getString("credential"))) {
      assertThat(verify(key).getString("status")).isEqualTo("revoked");
    }
    // One mail for the report, naming the sub-keys revoked with the key.
    await(() -> AuthFixtures.mails(smtp, owner.email()) == mailsBefore + 1, "the owner's mail");
    AuthFixtures.sleep(300);
    assertThat(AuthFixtures.mails(smtp, owner.email())).isEqualTo(mailsBefore + 1);
    var mail = smtp.messages().stream().filter(m -> m.to().contains(owner.email())).toList().getLast();
    assertThat(mail.body()).contains(owner.keyId(), first.getString("id"), second.getString("id"))
        .doesNotContain(leakedChild.getString("id"), first.getString("credential"));
  }

  @Test
  void shouldBoundTheSubKeysAClientHolds() {
    var owner = AuthFixtures.claimed(smtp);
    for (int i = 0; i < SubKeys.MAX_SUB_KEYS; i++) {
      create(owner, Map.of("name", "agent " + i));
    }
    var refused = create(owner, Map.of("name", "one too many"));
    assertThat(refused.statusCode()).isEqualTo(409);
    assertThat(refused.jsonPath().getString("error")).isEqualTo("conflict");
    assertThat(refused.jsonPath().getInt("limit")).isEqualTo(SubKeys.MAX_SUB_KEYS);
    as(owner).when().delete("/v1/api_keys/" + subKeysIdsOf(owner.clientId()).getFirst()).then().statusCode(200);
    assertThat(create(owner, Map.of("name", "room again")).statusCode()).isEqualTo(201);
  }

  private static void report(String key) {
    asGateway().contentType(ContentType.JSON).body(Map.of("credential", key)).when()
        .post("/v1/api_keys/revoke_leaked").then().statusCode(200);
  }

  private static void await(BooleanSupplier condition, String what) {
    var deadline = System.nanoTime() + SOON.toNanos();
    while (System.nanoTime() < deadline) {
      if (condition.getAsBoolean()) {
        return;
      }
      AuthFixtures.sleep(50);
    }
    throw new AssertionError("waited in vain for " + what);
  }

  private static long subKeysOf(String clientId) throws RuntimeException {
    return subKeysIdsOf(clientId).size();
  }

  private static List<String> subKeysIdsOf(String clientId) {
    try (var db = AuthFixtures.database(); var query = db.prepareStatement("SELECT id FROM auth.api_keys "
        + "WHERE client_id = ? AND parent_key_id IS NOT NULL AND status = 'active' ORDER BY created_at")) {
      query.setString(1, clientId);
      var rows = query.executeQuery();
      var ids = new java.util.ArrayList<String>();
      while (rows.next()) {
        ids.add(rows.getString(1));
      }
      return ids;
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
