package dev.videoautomation.gateway.idempotency;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Idempotency-Key on routes whose answer carries a credential: the run is guarded, the answer never stored; a job's
 * shown-once {@code webhookSecret} never reaches the stored answer.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class CredentialAnswersTest {
  @InjectWireMock
  WireMockServer owner;

  @Inject
  DataSource database;

  OwnerStubs stubs;
  OwnerStubs.Holder holder;
  String issued;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    holder = stubs.subscribed();
    issued = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    owner.stubFor(post(urlEqualTo("/v1/api_keys/rotate")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"credential\":\"" + issued + "\","
            + "\"credential_type\":\"api_key\",\"credential_expires\":null,\"scopes\":[\"api.read\",\"api.write\"],"
            + "\"previous_credential_expires\":null}")));
  }

  private Response rotate(String key) {
    return given().auth().oauth2(holder.key()).header("Idempotency-Key", key).contentType("application/json")
        .body("{\"graceSeconds\":60}").when().post("/v1/api_keys/rotate");
  }

  @Test
  void shouldNeverStoreAnIssuedKeyAndRefuseTheRepeat() throws Exception {
    var key = UUID.randomUUID().toString();

    rotate(key).then().statusCode(200).body("credential", equalTo(issued));
    awaitState(key, "credential_issued");
    assertThat(storedAnswers()).as("no stored answer holds the issued key").noneMatch(a -> a.contains(issued));

    rotate(key).then().statusCode(409)
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("credential_issued"))
        .body("message", containsString("/v1/api_keys/recover"))
        .body(not(containsString(issued)));
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/api_keys/rotate")));
  }

  @Test
  void shouldLetARefusedRotationBeRetriedWithItsKey() {
    owner.stubFor(post(urlEqualTo("/v1/api_keys/rotate")).willReturn(aResponse().withStatus(403)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\":\"key_rotating\",\"message\":\"Rotate with the newest key.\"}")));
    var key = UUID.randomUUID().toString();
    rotate(key).then().statusCode(403).body("error", equalTo("key_rotating"));

    reset();
    var deadline = System.nanoTime() + 2_000_000_000L;
    Response retry;
    do {
      retry = rotate(key);
    } while (retry.statusCode() == 409 && System.nanoTime() < deadline);
    retry.then().statusCode(200).body("credential", equalTo(issued));
  }

  @Test
  void shouldStoreAJobsAnswerWithoutItsWebhookSecret() throws Exception {
    var secret = "whsec_" + UUID.randomUUID().toString().replace("-", "");
    owner.stubFor(post(urlEqualTo("/v1/music")).willReturn(aResponse().withStatus(202)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"id\":\"trk_1\",\"status\":\"pending\",\"webhookSecret\":\"" + secret + "\"}")));
    var key = UUID.randomUUID().toString();
    Supplier<Response> create = () -> given().auth().oauth2(holder.key()).header("Idempotency-Key", key)
        .contentType("application/json").body("{\"prompt\":\"a tune\",\"webhookUrl\":\"https://example.com/h\"}")
        .when().post("/v1/music");

    create.get().then().statusCode(202).body("webhookSecret", equalTo(secret));
    awaitState(key, "completed");
    assertThat(storedAnswers()).as("no stored answer holds the job's secret").noneMatch(a -> a.contains(secret))
        .anyMatch(a -> a.contains("trk_1"));

    create.get().then().statusCode(202).header("Idempotent-Replayed", "true")
        .body("id", equalTo("trk_1")).body("status", equalTo("pending")).body("$", not(hasKey("webhookSecret")));
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/music")));
  }

  @Test
  void shouldIgnoreTheKeyOnPublicCredentialRoutes() throws SQLException {
    owner.stubFor(post(urlEqualTo("/v1/auth/agent")).willReturn(aResponse().withStatus(201)
        .withHeader("Content-Type", "application/json").withBody("{\"credential\":\"" + issued + "\"}")));
    var key = "public-" + UUID.randomUUID();
    for (int i = 0; i < 2; i++) {
      given().header("Idempotency-Key", key).contentType("application/json").body("{\"type\":\"anonymous\"}")
          .when().post("/v1/auth/agent").then().statusCode(201);
    }
    owner.verify(2, postRequestedFor(urlEqualTo("/v1/auth/agent")));
    assertThat(rowsFor(key)).isZero();
  }

  /** The row is written just after the answer is relayed; wait for it, briefly. */
  private void awaitState(String key, String state) throws SQLException, InterruptedException {
    var deadline = System.nanoTime() + 2_000_000_000L;
    while (!state.equals(stateOf(key)) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(stateOf(key)).isEqualTo(state);
  }

  private String stateOf(String key) throws SQLException {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(
        "SELECT state FROM idempotency_keys WHERE idempotency_key = ?")) {
      statement.setString(1, key);
      try (var rows = statement.executeQuery()) {
        return rows.next() ? rows.getString(1) : null;
      }
    }
  }

  private int rowsFor(String key) throws SQLException {
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(
        "SELECT count(*) FROM idempotency_keys WHERE idempotency_key = ?")) {
      statement.setString(1, key);
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }

  /** Every stored answer, headers and body, as text. */
  private List<String> storedAnswers() throws SQLException {
    var answers = new ArrayList<String>();
    try (var connection = database.getConnection(); var statement = connection.prepareStatement(
        "SELECT coalesce(headers, '') || convert_from(coalesce(body, ''::bytea), 'UTF8') FROM idempotency_keys")) {
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          answers.add(rows.getString(1));
        }
      }
    }
    return answers;
  }
}
