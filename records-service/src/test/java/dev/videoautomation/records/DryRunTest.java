package dev.videoautomation.records;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.accounts.AccountVerifier;

/**
 * Issue 32 §1, records' side of a dry run ({@code dryRun=true}) on its two spending operations: the real call's
 * validation with the real call's answer, then a 200 {@code DryRun} (quoted by billing for the paid account, free for
 * the post), with nothing charged, stored, queued as an event or published.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class DryRunTest {
  static final String KEY = "key_dryRunRecordsKey0001";
  static final String NOBODYS_ACCOUNT = "acc_dryRunNobodys000001";
  static final String IMAGE = "med_dryRunRecordsImage01";

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  AccountVerifier verifier;

  @Inject
  AgroalDataSource database;

  String client;
  String account;
  String asset;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    client = Simulated.newClient();
    account = Fixtures.activeAccount(wireMock, verifier, client);
    asset = Fixtures.asset(wireMock, client)[0];
    wireMock.stubFor(WireMock.get(urlPathEqualTo("/internal/media/" + IMAGE)).willReturn(Simulated.json(200,
        "{\"id\": \"" + IMAGE + "\", \"clientId\": \"" + client + "\", \"url\": \"" + Simulated.CDN + "m/" + IMAGE
            + "/a.png\", \"contentType\": \"image/png\", \"sizeBytes\": 10, \"createdAt\": 1763700000000}")));
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/quote")).willReturn(Simulated.json(200,
        "{\"credits\": 10, \"balance\": 490, \"remaining\": 490, \"wouldCharge\": true, \"refusal\": null}")));
  }

  private RequestSpecification agent() {
    return given().auth().oauth2(TestTokens.forClientKey(client, KEY, Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  /**
   * Each spending operation with a good body, whether it is quoted (then at 10 credits), and bad bodies with the real
   * call's status: a field, a record of someone else's, media that cannot be posted.
   */
  static Stream<Arguments> operations() {
    return Stream.of(
        Arguments.of("createAccount", "/v1/accounts", "{\"platform\": \"shortvideo\", \"name\": \"new.creator\"}",
            true, "{\"platform\": \"myspace\", \"name\": \"new.creator\"}", 400),
        Arguments.of("createAccount, name too long", "/v1/accounts",
            "{\"platform\": \"photo\", \"name\": \"new.creator\", \"tags\": [{\"key\": \"team\", "
                + "\"value\": \"a\"}]}", true,
            "{\"platform\": \"photo\", \"name\": \"" + "n".repeat(300) + "\"}", 400),
        Arguments.of("createPost, no such account", "/v1/posts", "{\"accountId\": \"%account\", \"videoId\": "
            + "\"%asset\", \"caption\": \"hello\"}", false,
            "{\"accountId\": \"" + NOBODYS_ACCOUNT + "\", \"videoId\": \"%asset\"}", 400),
        Arguments.of("createPost, an image", "/v1/posts", "{\"accountId\": \"%account\", \"videoId\": \"%asset\"}",
            false, "{\"accountId\": \"%account\", \"videoId\": \"" + IMAGE + "\"}", 400));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldValidateAsTheRealCallThenAnswerAndDoNothing(String name, String path, String good, boolean quoted,
      String bad, int badStatus) throws SQLException {
    var before = rows();
    var badBody = filled(bad);

    var real = agent().body(badBody).when().post(path);
    var dry = agent().body(badBody).queryParam("dryRun", "true").when().post(path);
    assertThat(real.statusCode()).as(name + ": the real call's refusal").isEqualTo(badStatus);
    assertThat(dry.statusCode()).as(name + ": the dry run's refusal").isEqualTo(badStatus);
    assertThat(json(dry)).as(name + ": the same body").isEqualTo(json(real));

    wireMock.resetRequests();
    agent().body(filled(good)).queryParam("dryRun", "true").when().post(path).then().statusCode(200)
        .body("dryRun", equalTo(true)).body("wouldRun", equalTo(true))
        .body("cost.credits", equalTo(quoted ? 10 : 0))
        .body("balance.credits", quoted ? equalTo(490) : nullValue())
        .body("refusal", nullValue()).body("id", nullValue());
    if (quoted) {
      wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/quote")).withRequestBody(equalToJson(
          "{\"clientId\": \"" + client + "\", \"operation\": \"account.create\", \"quantity\": 1, \"keyId\": \""
              + KEY + "\"}")));
    } else {
      wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/quote")));
    }
    nothingDone();
    assertThat(rows()).as(name + ": accounts, posts and the outbox").isEqualTo(before);
  }

  private String filled(String body) {
    return body.replace("%account", account).replace("%asset", asset);
  }

  /** Billing's charge, staging, the account lookup and the publisher: none was asked. */
  private void nothingDone() {
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
    wireMock.verify(0, anyRequestedFor(urlPathMatching("/internal/staging/.*")));
    wireMock.verify(0, anyRequestedFor(urlPathEqualTo("/internal/lookup/account")));
    wireMock.verify(0, anyRequestedFor(urlPathMatching("/api/.*")));
  }

  @Test
  void shouldSayWhenTheBalanceWouldRefuse() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/quote")).atPriority(1).willReturn(Simulated.json(200,
        "{\"credits\": 10, \"balance\": 3, \"remaining\": 3, \"wouldCharge\": false, \"refusal\": {\"error\": "
            + "\"insufficient_credits\", \"message\": \"This costs 10 credits; the balance is 3.\", \"balance\": 3, "
            + "\"cost\": 10}}")));
    wireMock.resetRequests();
    agent().body("{\"platform\": \"shortvideo\", \"name\": \"new.creator\"}").queryParam("dryRun", "true")
        .when().post("/v1/accounts").then().statusCode(200)
        .body("wouldRun", equalTo(false)).body("cost.credits", equalTo(10)).body("balance.credits", equalTo(3))
        .body("refusal.error", equalTo("insufficient_credits")).body("refusal.balance", equalTo(3))
        .body("refusal.cost", equalTo(10));
    nothingDone();
  }

  @Test
  void shouldPassMaxCreditsToTheQuoteAndSayTheCapWouldRefuse() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/quote")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("4"))).willReturn(Simulated.json(200,
            "{\"credits\": 10, \"balance\": 490, \"remaining\": 490, \"wouldCharge\": false, \"refusal\": "
                + "{\"error\": \"budget_exceeded\", \"message\": \"This costs 10 credits, more than the Max-Credits "
                + "cap of 4.\", \"cost\": 10, \"max\": 4}}")));
    wireMock.resetRequests();
    agent().header("Max-Credits", "4").body("{\"platform\": \"photo\", \"name\": \"new.creator\"}")
        .queryParam("dryRun", "true").when().post("/v1/accounts").then().statusCode(200)
        .body("wouldRun", equalTo(false)).body("cost.credits", equalTo(10)).body("balance.credits", equalTo(490))
        .body("refusal.error", equalTo("budget_exceeded")).body("refusal.cost", equalTo(10))
        .body("refusal.max", equalTo(4));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/quote"))
        .withRequestBody(matchingJsonPath("$.keyId", WireMock.equalTo(KEY)))
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("4"))));
    nothingDone();
  }

  private static Object json(Response response) {
    return Simulated.tree(response.asString());
  }

  /** Every account, post and outbox row, by count: a dry run writes none. */
  private Map<String, Long> rows() throws SQLException {
    var counts = new HashMap<String, Long>();
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      for (var table : new String[] {"records.accounts", "records.posts", "records.outbox"}) {
        try (var result = statement.executeQuery("SELECT count(*) FROM " + table)) {
          result.next();
          counts.put(table, result.getLong(1));
        }
      }
    }
    return counts;
  }
}
