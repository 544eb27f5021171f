package dev.videoautomation.auth.leaks;

import static dev.videoautomation.auth.AuthFixtures.asGateway;
import static dev.videoautomation.auth.AuthFixtures.mails;
import static dev.videoautomation.auth.AuthFixtures.verify;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;

import dev.videoautomation.auth.AuthFixtures;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.SmtpResource;
import dev.videoautomation.platform.testing.TestSmtpServer;
import dev.videoautomation.platform.testing.TestTokens;

/**
 * {@code POST /v1/api_keys/revoke_leaked}: one answer for every well-formed key, the same statements on the request
 * path, and after the answer the revocation, its {@code key_events} notification, its {@code key.revoked} outbox row
 * and the mail to a verified recovery address, none holding the key or its hash.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(SmtpResource.class)
class RevokeLeakedTest {
  private static final Duration SOON = Duration.ofSeconds(10);
  private static final ObjectMapper JSON = new ObjectMapper();
  TestSmtpServer smtp;

  private static ExtractableResponse<Response> report(Object body) {
    return asGateway().contentType(ContentType.JSON).body(body).when().post("/v1/api_keys/revoke_leaked").then()
        .extract();
  }

  private static ExtractableResponse<Response> reportKey(String key) {
    return report(Map.of("credential", key));
  }

  @Test
  void shouldRevokeALiveKeyAndTellTheGatewaysTheWebhooksAndTheVerifiedAddress() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var mailsBefore = mails(smtp, claimed.email());
    try (var events = new AuthFixtures.KeyEventListener()) {
      var answer = reportKey(claimed.key());
      assertThat(answer.statusCode()).isEqualTo(200);
      assertThat(answer.contentType()).startsWith("application/json");
      assertThat(answer.body().asString()).isEqualTo("{\"received\":true}");

      var event = events.await(payload -> payload.contains("key.revoked") && payload.contains(claimed.keyId()));
      assertThat(event).contains(claimed.clientId()).doesNotContain(claimed.key(), ApiKeys.hash(claimed.key()));
    }
    assertThat(verify(claimed.key()).getString("status")).isEqualTo("revoked");

    var rows = outbox(claimed.clientId());
    assertThat(rows).hasSize(1);
    var data = rows.getFirst();
    assertThat(data.path("type").asText()).isEqualTo("key.revoked");
    assertThat(data.path("jobId").isNull()).isTrue();
    var payload = data.path("payload");
    assertThat(payload.path("keyId").asText()).isEqualTo(claimed.keyId());
    assertThat(payload.path("reason").asText()).isEqualTo("leaked");
    assertThat(payload.path("revokedAt").asLong()).isGreaterThan(System.currentTimeMillis() - 60_000);
    assertThat(payload.toString()).doesNotContain(claimed.key(), ApiKeys.hash(claimed.key()));

    await(() -> mails(smtp, claimed.email()) == mailsBefore + 1, "the owner's mail");
    var mail = smtp.messages().stream().filter(m -> m.to().contains(claimed.email())).toList().getLast();
    assertThat(mail.body()).contains(claimed.keyId(), "revoked", "/v1/api_keys/recover")
        .doesNotContain(claimed.key(), ApiKeys.hash(claimed.key()));
    assertThat(queued()).isZero();
  }

  @Test
  void shouldAnswerARevokedAndAnUnknownKeyAsALiveOneAndChangeNothing() throws Exception {
    var claimed = AuthFixtures.claimed(smtp);
    var live = reportKey(claimed.key());
    await(() -> "revoked".equals(verify(claimed.key()).getString("status")), "the revocation");
    await(() -> queued() == 0, "an empty queue");
    var mailsAfterRevocation = mails(smtp, claimed.email());

    var again = reportKey(claimed.key());
    var unknown = reportKey(ApiKeys.newKey(ApiKeys.Kind.LIVE));
    var unknownAnonymous = reportKey(ApiKeys.newKey(ApiKeys.Kind.ANONYMOUS));
    for (var answer : List.of(again, unknown, unknownAnonymous)) {
      assertThat(answer.statusCode()).isEqualTo(live.statusCode()).isEqualTo(200);
      assertThat(answer.body().asString()).isEqualTo(live.body().asString());
      assertThat(answer.contentType()).isEqualTo(live.contentType());
      assertThat(answer.headers().asList().stream().map(h -> h.getName().toLowerCase()).sorted().toList())
          .isEqualTo(live.headers().asList().stream().map(h -> h.getName().toLowerCase()).sorted().toList());
    }
    await(() -> queued() == 0, "the reports handled");
    AuthFixtures.sleep(300);
    assertThat(outbox(claimed.clientId())).hasSize(1);
    assertThat(mails(smtp, claimed.email())).isEqualTo(mailsAfterRevocation);
  }

  @Test
  void shouldRunTheSameStatementsForALiveARevokedAndAnUnknownKeyAndRevokeNothingBeforeTheAnswer() {
    var live = AuthFixtures.claimed(smtp);
    var revoked = AuthFixtures.claimed(smtp);
    reportKey(revoked.key());
    await(() -> "revoked".equals(verify(revoked.key()).getString("status")), "the first revocation");

    var statements = new ArrayList<List<String>>();
    for (var key : List.of(live.key(), revoked.key(), ApiKeys.newKey(ApiKeys.Kind.LIVE))) {
      var requestId = RecordedStatements.PREFIX + UUID.randomUUID();
      var answer = asGateway().header("X-Request-Id", requestId).contentType(ContentType.JSON)
          .body(Map.of("credential", key)).when().post("/v1/api_keys/revoke_leaked").then().statusCode(200)
          .extract();
      assertThat(answer.header("X-Request-Id")).isEqualTo(requestId);
      statements.add(RecordedStatements.of(requestId));
    }
    assertThat(statements.getFirst()).as("the live key's request").hasSize(2)
        .anySatisfy(sql -> assertThat(sql).contains("address_windows"))
        .anySatisfy(sql -> assertThat(sql).contains("INSERT INTO leak_reports").contains("key_hash"))
        .noneSatisfy(sql -> assertThat(sql.toLowerCase()).contains("update api_keys"));
    assertThat(statements.get(1)).as("the revoked key's request").isEqualTo(statements.getFirst());
    assertThat(statements.get(2)).as("the unknown key's request").isEqualTo(statements.getFirst());
    await(() -> "revoked".equals(verify(live.key()).getString("status")), "the live key revoked after its answer");
  }

  @Test
  void shouldMailOnlyAVerifiedRecoveryAddress() throws Exception {
    // A keyless checkout binds its email unverified (and mails it the code that would verify it).
    var buyer = AuthFixtures.email("unverified");
    var minted = given().header("Authorization", "Bearer " + TestTokens.forService("billing-service"))
        .contentType(ContentType.JSON).body(Map.of("operationId", "cs_leak_" + UUID.randomUUID(), "email", buyer))
        .when().post("/internal/clients").then().statusCode(201).extract().jsonPath();
    AuthFixtures.code(smtp, buyer, 0);
    var mailsBefore = mails(smtp, buyer);

    assertThat(reportKey(minted.getString("credential")).statusCode()).isEqualTo(200);

    await(() -> outbox(minted.getString("clientId")).size() == 1, "the event");
    assertThat(verify(minted.getString("credential")).getString("status")).isEqualTo("revoked");
    AuthFixtures.sleep(500);
    assertThat(mails(smtp, buyer)).as("mails to an unverified address").isEqualTo(mailsBefore);
  }

  @Test
  void shouldRefuseWhatIsNotAKeyAsIssuedNamingTheField() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var lastChanged = key.substring(0, key.length() - 1) + (key.endsWith("a") ? "b" : "a");
    var bodies = List.<Object>of(Map.of("credential", lastChanged), Map.of("credential", key.substring(0, 40)),
        Map.of("credential", "svc_test_" + key.substring(9)), Map.of("credential", " " + key),
        Map.of("credential", 42), Map.of("key", key), "{\"credential\": " + key + "}", "[]", "not json " + key);
    for (var body : bodies) {
      var answer = report(body);
      assertThat(answer.statusCode()).as(body.toString()).isEqualTo(400);
      assertThat(answer.contentType()).startsWith("application/json");
      assertThat(answer.path("error").toString()).isEqualTo("invalid_request");
      assertThat(answer.path("field").toString()).as(body.toString()).isEqualTo("credential");
      assertThat(answer.body().asString()).doesNotContain(key.substring(9, 30), lastChanged.substring(9, 30));
    }
    assertThat(report("").statusCode()).isEqualTo(400);
    asGateway().contentType(ContentType.TEXT).body(key).when().post("/v1/api_keys/revoke_leaked").then()
        .statusCode(415).body("error", equalTo("unsupported_media_type"));
  }

  /** The client's outbox rows: {type, jobId, payload}. */
  private static List<JsonNode> outbox(String clientId) {
    try (var db = AuthFixtures.database(); var query = db.prepareStatement("SELECT json_build_object('type', type, "
        + "'jobId', job_id, 'payload', payload)::text FROM auth.outbox WHERE client_id = ? ORDER BY position")) {
      query.setString(1, clientId);
      var rows = query.executeQuery();
      var found = new ArrayList<JsonNode>();
      while (rows.next()) {
        found.add(JSON.readTree(rows.getString(1)));
      }
      return found;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static int queued() {
    try (var db = AuthFixtures.database(); var rows = db.createStatement()
        .executeQuery("SELECT count(*) FROM auth.leak_reports")) {
      rows.next();
      return rows.getInt(1);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void await(BooleanSupplier done, String what) {
    var deadline = System.nanoTime() + SOON.toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + SOON + ": " + what);
      }
      AuthFixtures.sleep(20);
    }
  }
}
