package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

import dev.videoautomation.platform.keys.ApiKeys;

/**
 * Sub-keys for sub-agents, driven through the gateway as an agent would (issue 32 §3, §2; docs/auth-service.md
 * "Sub-keys", docs/gateway-service.md "Who may call what", docs/billing-service.md "Spend control"): a subscribed
 * primary key creates, lists, reads, updates and deletes a sub-key; the sub-key is held to its buckets, its own daily
 * cap, its expiry and its credit budget, and to what only a primary key may do; rotating the primary keeps it.
 */
@ExtendWith(RunningSuite.class)
class SubKeysIT {
  /** How soon a change of a key reaches the gateway (issue 32: "applies within 1 s"). */
  private static final Duration WITHIN = Duration.ofSeconds(1);

  @Test
  void shouldCreateListReadUpdateAndDeleteASubKey() throws Exception {
    var primary = Agents.subscribedAgent();
    var created = SubKeys.create(primary, Map.of("name", "scout", "scopes", List.of("api.read", "api.write"),
        "buckets", List.of(SubKeys.METERED_BUCKET), "creditBudget", 40,
        "dailyUnits", Map.of(SubKeys.METERED_BUCKET, 5)));

    var id = (String) created.get("id");
    var credential = (String) created.get("credential");
    assertThat(id).matches("^key_[0-9A-Za-z]+$");
    assertThat(credential).matches(SubKeys.KEY_FORM).isNotEqualTo(primary.key());
    assertThat(ApiKeys.isWellFormed(credential)).isTrue();
    assertThat(created).containsEntry("name", "scout").containsEntry("scopes", List.of("api.read", "api.write"))
        .containsEntry("buckets", List.of(SubKeys.METERED_BUCKET)).containsEntry("creditBudget", 40)
        .containsEntry("creditsSpent", 0).containsEntry("dailyUnits", Map.of(SubKeys.METERED_BUCKET, 5))
        .containsEntry("expiresAt", null);
    assertThat(((Number) created.get("createdAt")).longValue())
        .isBetween(System.currentTimeMillis() - 60_000, System.currentTimeMillis() + 5_000);
    var sub = SubKeys.agent(primary, created);
    var primaryId = keyIdOf(primary);

    // It works as a key of the same client, and spends: one unit of its bucket, one charge against its budget.
    as(sub).when().get("/v1/usage").then().statusCode(200).body("clientId", equalTo(primary.clientId()));
    SubKeys.metered(sub).then().statusCode(200);
    var token = "subkeys-crud-" + UUID.randomUUID();
    SubKeys.queueMusic(token);
    SubKeys.charging(sub, token).then().statusCode(202);

    // The list: every working key of the client, never a secret, with what each spent today and in all.
    var list = as(primary).when().get("/v1/api_keys").then().statusCode(200).extract();
    assertThat(list.asString()).doesNotContain(credential, primary.key(), ApiKeys.hash(credential));
    List<Map<String, Object>> keys = list.jsonPath().getList("data");
    assertThat(keys).extracting(key -> key.get("id")).containsExactly(primaryId, id);
    assertThat(keys.getFirst()).containsEntry("subKey", false).containsEntry("parentKeyId", null);
    assertThat(keys.get(1)).containsEntry("subKey", true).containsEntry("parentKeyId", primaryId)
        .containsEntry("name", "scout").containsEntry("status", "active").containsEntry("creditBudget", 40)
        .containsEntry("creditsSpent", SubKeys.COST).containsEntry("unitsToday", Map.of(SubKeys.METERED_BUCKET, 1))
        .containsEntry("dailyUnits", Map.of(SubKeys.METERED_BUCKET, 5)).containsEntry("unknown", List.of())
        .doesNotContainKey("credential");
    assertThat(SubKeys.view(primary, id)).usingRecursiveComparison().ignoringFields("lastUsedAt")
        .isEqualTo(keys.get(1));

    // A partial update: what is named changes, the rest stays; the new cap binds on the next calls.
    var updated = as(primary).contentType(ContentType.JSON)
        .body(Map.of("name", "scout-2", "creditBudget", 24, "dailyUnits", Map.of(SubKeys.METERED_BUCKET, 1)))
        .when().put("/v1/api_keys/" + id).then().statusCode(200).extract().jsonPath().<String, Object>getMap("$");
    assertThat(updated).containsEntry("id", id).containsEntry("name", "scout-2").containsEntry("creditBudget", 24)
        .containsEntry("creditsSpent", SubKeys.COST).containsEntry("dailyUnits", Map.of(SubKeys.METERED_BUCKET, 1))
        .containsEntry("buckets", List.of(SubKeys.METERED_BUCKET)).containsEntry("scopes",
            List.of("api.read", "api.write"));
    assertThat(within(() -> SubKeys.metered(sub).statusCode(), 429)).as("the lowered cap, within 1 s")
        .isEqualTo(429);

    // Only sub-keys are deleted: a primary key is rotated or reported, never deleted.
    as(primary).when().delete("/v1/api_keys/" + primaryId).then().statusCode(409).body("error", equalTo("conflict"));
    as(sub).when().get("/v1/usage").then().statusCode(200);
    as(primary).when().delete("/v1/api_keys/" + id).then().statusCode(200).body("id", equalTo(id))
        .body("deleted", is(true));
    assertThat(within(() -> as(sub).when().get("/v1/usage").statusCode(), 401)).as("the deleted sub-key, within 1 s")
        .isEqualTo(401);
    as(sub).when().get("/v1/usage").then().statusCode(401).body("error", equalTo("unauthorized"))
        .body("message", containsString("revoked"));
    as(primary).when().get("/v1/api_keys/" + id).then().statusCode(404).body("error", equalTo("not_found"));
    as(primary).when().get("/v1/api_keys").then().statusCode(200).body("data.id", equalTo(List.of(primaryId)));
  }

  @Test
  void shouldHoldASubKeyToItsBucketsAndItsOwnDailyCap() {
    var primary = Agents.subscribedAgent();
    var sub = SubKeys.agent(primary, SubKeys.create(primary, Map.of("buckets", List.of(SubKeys.METERED_BUCKET),
        "dailyUnits", Map.of(SubKeys.METERED_BUCKET, 2))));
    var token = "subkeys-buckets-" + UUID.randomUUID();
    SubKeys.queueMusic(token);
    var imagesBefore = providerCalls("/" + JobSupport.IMAGE_MODEL, token);

    // Outside its buckets: refused by the gateway, before the owner.
    as(sub).contentType(ContentType.JSON).body(Map.of("prompt", "A lighthouse " + token))
        .when().post("/v1/images/generate").then().statusCode(403).body("error", equalTo("insufficient_scope"))
        .body("subKey", is(true)).body("bucket", equalTo("images.generate"))
        .body("allowedBuckets", equalTo(List.of(SubKeys.METERED_BUCKET)));
    assertThat(providerCalls("/" + JobSupport.IMAGE_MODEL, token)).isEqualTo(imagesBefore);
    // Unmetered calls need only its scopes: a read, and a credit-charging write (bounded by a budget, not a bucket).
    as(sub).when().get("/v1/music").then().statusCode(200);
    SubKeys.charging(sub, token).then().statusCode(202);

    // Its own cap: both policies on every answer, the client's first, and its own 429 past the cap.
    var bothPolicies = "\"" + SubKeys.METERED_BUCKET + "\";q=" + SubKeys.PLAN_LIMIT + ";w=86400, \""
        + SubKeys.METERED_BUCKET + ":key\";q=2;w=86400";
    for (int i = 0; i < 2; i++) {
      SubKeys.metered(sub).then().statusCode(200).header("RateLimit-Policy", equalTo(bothPolicies));
    }
    var refused = SubKeys.metered(sub);
    refused.then().statusCode(429).body("error", equalTo("rate_limited")).body("limit", equalTo(2))
        .body("bucket", equalTo(SubKeys.METERED_BUCKET)).body("subKey", is(true))
        .header("RateLimit-Policy", equalTo(bothPolicies))
        .header("RateLimit", containsString("\"" + SubKeys.METERED_BUCKET + ":key\";r=0;"));
    int retryAfter = refused.path("retryAfter");
    assertThat(retryAfter).isBetween(1, 86_400);
    assertThat(refused.header("Retry-After")).isEqualTo(String.valueOf(retryAfter));

    // The client's count moved by the two calls admitted only; the primary key is not held to the sub-key's cap.
    as(primary).when().get("/v1/usage").then().statusCode(200)
        .body("usage.'compliance.prompt'.remaining", equalTo(SubKeys.PLAN_LIMIT - 2));
    SubKeys.metered(primary).then().statusCode(200)
        .header("RateLimit-Policy", equalTo("\"" + SubKeys.METERED_BUCKET + "\";q=" + SubKeys.PLAN_LIMIT
            + ";w=86400"));

    // /v1/usage with the sub-key: its own caps and what it used, beside the client's.
    var usage = as(sub).when().get("/v1/usage").then().statusCode(200).extract().jsonPath();
    assertThat(usage.getString("clientId")).isEqualTo(primary.clientId());
    assertThat(usage.getInt("usage.'compliance.prompt'.remaining")).isEqualTo(SubKeys.PLAN_LIMIT - 3);
    assertThat(usage.getString("subKey.parentKeyId")).isEqualTo(keyIdOf(primary));
    assertThat(usage.getList("subKey.buckets")).containsExactly(SubKeys.METERED_BUCKET);
    assertThat(usage.<String, Object>getMap("subKey.usage")).containsOnlyKeys(SubKeys.METERED_BUCKET);
    assertThat(usage.<String, Object>getMap("subKey.usage.'compliance.prompt'"))
        .containsEntry("limit", 2).containsEntry("used", 2).containsEntry("remaining", 0);
    as(primary).when().get("/v1/usage").then().statusCode(200).body("subKey", nullValue());
  }

  @Test
  void shouldRefuseAnExpiredSubKeyNamingTheExpiry() throws Exception {
    var primary = Agents.subscribedAgent();
    var asked = System.currentTimeMillis();
    var created = SubKeys.create(primary, Map.of("expiresInSeconds", 1));
    var expiresAt = ((Number) created.get("expiresAt")).longValue();
    assertThat(expiresAt).isBetween(asked + 1_000 - 5_000, System.currentTimeMillis() + 1_000 + 1_000);
    var sub = SubKeys.agent(primary, created);

    Thread.sleep(Math.max(0, expiresAt - System.currentTimeMillis()) + 200);
    as(sub).when().get("/v1/usage").then().statusCode(401).body("error", equalTo("unauthorized"))
        .body("message", containsString("expired at " + Instant.ofEpochMilli(expiresAt)))
        .header("WWW-Authenticate", not(org.hamcrest.Matchers.emptyOrNullString()));
    SubKeys.metered(sub).then().statusCode(401).body("message", containsString("expired"));
    var view = SubKeys.view(primary, (String) created.get("id"));
    assertThat(view).containsEntry("status", "expired");
    assertThat(((Number) view.get("expiresAt")).longValue()).isEqualTo(expiresAt);

    // Renewed by its primary key: it works again within a second.
    as(primary).contentType(ContentType.JSON).body(Map.of("expiresInSeconds", 600))
        .when().put("/v1/api_keys/" + created.get("id")).then().statusCode(200);
    assertThat(within(() -> as(sub).when().get("/v1/usage").statusCode(), 200)).isEqualTo(200);
  }

  @Test
  void shouldKeepKeysRecoverySubscriptionsAndWebhooksToThePrimaryKey() {
    var primary = Agents.subscribedAgent();
    var created = SubKeys.create(primary, Map.of());
    var sub = SubKeys.agent(primary, created);
    var id = (String) created.get("id");
    var mails = Agents.mailCount(primary.email());

    var refusals = Map.<String, Response>ofEntries(
        Map.entry("create a key", as(sub).contentType(ContentType.JSON).body(Map.of("name", "grandchild"))
            .when().post("/v1/api_keys")),
        Map.entry("list keys", as(sub).when().get("/v1/api_keys")),
        Map.entry("read a key", as(sub).when().get("/v1/api_keys/" + id)),
        Map.entry("update a key", as(sub).contentType(ContentType.JSON).body(Map.of("creditBudget", 1_000))
            .when().put("/v1/api_keys/" + id)),
        Map.entry("delete a key", as(sub).when().delete("/v1/api_keys/" + id)),
        Map.entry("rotate", as(sub).contentType(ContentType.JSON).body(Map.of()).when()
            .post("/v1/api_keys/rotate")),
        Map.entry("recover", as(sub).contentType(ContentType.JSON).body(Map.of("email", primary.email()))
            .when().post("/v1/api_keys/recover")),
        Map.entry("subscribe", as(sub).contentType(ContentType.JSON).body(Map.of()).when().post("/v1/subscribe")),
        Map.entry("list webhooks", as(sub).when().get("/v1/webhooks")),
        Map.entry("create a webhook", as(sub).contentType(ContentType.JSON)
            .body(Map.of("url", RunningSuite.receivers().baseUrl() + "/hooks/sub-" + id, "events",
                List.of("key.revoked")))
            .when().post("/v1/webhooks")));
    refusals.forEach((what, answer) -> {
      assertThat(answer.statusCode()).as(what + ": " + answer.asString()).isEqualTo(403);
      assertThat(answer.<String>path("error")).as(what).isEqualTo("insufficient_scope");
      assertThat(answer.<Boolean>path("subKey")).as(what).isTrue();
    });

    // Nothing happened: the sub-key and the primary key still work, unchanged; no recovery code was mailed.
    as(sub).when().get("/v1/usage").then().statusCode(200);
    as(primary).when().get("/v1/webhooks").then().statusCode(200).body("data", equalTo(List.of()));
    assertThat(SubKeys.view(primary, id)).containsEntry("creditBudget", null);
    assertThat(Agents.mailCount(primary.email())).isEqualTo(mails);
  }

  @Test
  void shouldKeepTheSubKeysWhenThePrimaryKeyRotates() {
    var primary = Agents.subscribedAgent();
    var primaryId = keyIdOf(primary);
    var created = SubKeys.create(primary, Map.of("buckets", List.of(SubKeys.METERED_BUCKET)));
    var sub = SubKeys.agent(primary, created);
    as(sub).when().get("/v1/usage").then().statusCode(200);

    var rotated = new Agents.Agent(as(primary).contentType(ContentType.JSON).body(Map.of())
        .when().post("/v1/api_keys/rotate").then().statusCode(200).extract().<String>path("credential"),
        primary.clientId(), primary.email());

    assertThat(within(() -> as(primary).when().get("/v1/usage").statusCode(), 401)).as("the rotated key")
        .isEqualTo(401);
    as(sub).when().get("/v1/usage").then().statusCode(200).body("subKey.parentKeyId", equalTo(primaryId));
    SubKeys.metered(sub).then().statusCode(200);
    List<Map<String, Object>> keys = as(rotated).when().get("/v1/api_keys").then().statusCode(200).extract()
        .jsonPath().getList("data");
    assertThat(keys).filteredOn(key -> Boolean.TRUE.equals(key.get("subKey")))
        .singleElement().satisfies(key -> assertThat(key).containsEntry("id", created.get("id"))
            .containsEntry("parentKeyId", primaryId).containsEntry("status", "active"));
    assertThat(keys).filteredOn(key -> Boolean.FALSE.equals(key.get("subKey"))).extracting(key -> key.get("id"))
        .containsExactly(keyIdOf(rotated));
  }

  @Test
  void shouldAnswerTheLowerOfBalanceAndBudgetAndRefuseACostAboveMaxCreditsBeforeCharging() throws Exception {
    var primary = Agents.subscribedAgent();
    var created = SubKeys.create(primary, Map.of("creditBudget", 20));
    var sub = SubKeys.agent(primary, created);
    var id = (String) created.get("id");
    var token = "subkeys-max-credits-" + UUID.randomUUID();
    SubKeys.queueMusic(token);
    var balance = SubKeys.balance(primary.clientId());
    assertThat(balance).as("the plan's credits").isGreaterThan(20);

    // A cap below the cost: refused before anything is spent or sent.
    var capped = as(sub).header("Max-Credits", String.valueOf(SubKeys.COST - 1)).contentType(ContentType.JSON)
        .body(Map.of("prompt", "Capped " + token)).when().post(SubKeys.CHARGING);
    capped.then().statusCode(402).body("error", equalTo("budget_exceeded")).body("cost", equalTo(SubKeys.COST))
        .body("max", equalTo(SubKeys.COST - 1));
    assertThat(SubKeys.view(primary, id)).containsEntry("creditsSpent", 0);
    assertThat(SubKeys.charges(primary.clientId())).containsExactly(0, 0);
    assertThat(SubKeys.balance(primary.clientId())).isEqualTo(balance);
    Thread.sleep(1_500);
    assertThat(providerCalls("/" + JobSupport.MUSIC_MODEL, "Capped " + token)).as("the provider, never asked")
        .isZero();

    // A cap equal to the cost is allowed. With a sub-key, Credits-Remaining is the lower of the balance (here
    // 500 - 8) and its budget's rest (20 - 8).
    as(sub).header("Max-Credits", String.valueOf(SubKeys.COST)).contentType(ContentType.JSON)
        .body(Map.of("prompt", "Lo-fi piano " + token)).when().post(SubKeys.CHARGING).then().statusCode(202)
        .header("Credits-Remaining", equalTo(String.valueOf(20 - SubKeys.COST)));
    SubKeys.charging(sub, token).then().statusCode(202)
        .header("Credits-Remaining", equalTo(String.valueOf(20 - 2 * SubKeys.COST)));
    // The primary key has no budget: its Credits-Remaining is the client's balance.
    SubKeys.charging(primary, token).then().statusCode(202)
        .header("Credits-Remaining", equalTo(String.valueOf(balance - 3 * SubKeys.COST)));
    // The sub-key's budget has 4 left, less than a track.
    SubKeys.charging(sub, token).then().statusCode(402).body("error", equalTo("budget_exceeded"))
        .body("cost", equalTo(SubKeys.COST)).body("creditBudget", equalTo(20))
        .body("creditsSpent", equalTo(2 * SubKeys.COST));

    assertThat(SubKeys.view(primary, id)).containsEntry("creditsSpent", 2 * SubKeys.COST);
    assertThat(SubKeys.charges(primary.clientId())).containsExactly(3, 3 * SubKeys.COST);
    assertThat(SubKeys.balance(primary.clientId())).isEqualTo(balance - 3 * SubKeys.COST);
  }

  /** The id of the key {@code agent} holds, from the client's key list. */
  private static String keyIdOf(Agents.Agent agent) {
    List<Map<String, Object>> keys = as(agent).when().get("/v1/api_keys").then().statusCode(200).extract()
        .jsonPath().getList("data");
    return keys.stream().filter(key -> Boolean.FALSE.equals(key.get("subKey"))).map(key -> (String) key.get("id"))
        .reduce((first, newer) -> newer).orElseThrow();
  }

  /** Asks until the status is {@code wanted} or {@link #WITHIN} has passed since the first ask; the last status. */
  private static int within(IntSupplier status, int wanted) {
    var started = System.nanoTime();
    int last;
    do {
      last = status.getAsInt();
    } while (last != wanted && System.nanoTime() - started < WITHIN.toNanos());
    return last;
  }

  private static int providerCalls(String path, String token) {
    return RunningSuite.providers().countRequestsMatching(postRequestedFor(urlEqualTo(path))
        .withRequestBody(containing(token)).build()).getCount();
  }
}
