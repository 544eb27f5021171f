package dev.videoautomation.platform.token;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import io.smallrye.jwt.build.Jwt;

import dev.videoautomation.platform.testing.TestTokens;

/** The internal-token filter, the caller it leaves behind, the tokens we mint and the headers we send on. */
@QuarkusTest
class InternalTokenFilterResourceTest {
  private static final String VERSION = "2026-11-21";
  private static final String CALLER = "/v1/probe/caller";
  private static final String GENERATED_REQUEST_ID = "req_[0-9A-Za-z]{22}";
  private static final String DEFAULT_CLIENT = "cli_test";

  private final InternalTokens tokens;

  InternalTokenFilterResourceTest(InternalTokens tokens) {
    this.tokens = tokens;
  }

  private static RequestSpecification as(String token) {
    return given().header("Authorization", "Bearer " + token);
  }

  @Test
  void shouldReuseAClientsTokenForTheSameClaimsWhateverTheScopesCollection() {
    var first = tokens.forClient("cli_reuse", "key_1", new HashSet<>(List.of("api.read",
        "api.write")), "pro");

    assertThat(tokens.forClient("cli_reuse", "key_1", Set.of("api.write", "api.read"), "pro"))
        .isSameAs(first);
    assertThat(tokens.forClient("cli_reuse", "key_1", Set.of("api.read"), "pro")).isNotEqualTo(first);
    assertThat(tokens.forClient("cli_reuse", "key_1", Set.of("api.read", "api.write"), null))
        .isNotEqualTo(first);
    assertThat(tokens.forClient("cli_reuse", "key_2", Set.of("api.read", "api.write"), "pro"))
        .isNotEqualTo(first);
  }

  @Test
  void shouldRefuseARequestWithoutATokenAsUnauthorizedJson() {
    given().when().get(CALLER)
        .then().statusCode(401)
        .header("Service-Version", VERSION)
        .header("X-Request-Id", matchesPattern(GENERATED_REQUEST_ID))
        .contentType(startsWith("application/json"))
        .body("$", aMapWithSize(2))
        .body("error", equalTo("unauthorized"))
        .body("message", containsString("gateway"));
  }

  @Test
  void shouldRefuseATokenThatIsNotABearerJwtOfThisSuite() throws NoSuchAlgorithmException {
    var now = Instant.now().getEpochSecond();
    var otherKey = KeyPairGenerator.getInstance("RSA");
    otherKey.initialize(2048);
    var strangerSigned = Jwt.issuer(TestTokens.ISSUER).audience(TestTokens.AUDIENCE).subject("cli_x")
        .issuedAt(now).expiresAt(now + 60).sign(otherKey.generateKeyPair().getPrivate());
    var expired = Jwt.issuer(TestTokens.ISSUER).audience(TestTokens.AUDIENCE).subject("cli_x")
        .issuedAt(now - 200).expiresAt(now - 100).sign(TestTokens.PRIVATE_KEY);
    var otherIssuer = Jwt.issuer("someone-else").audience(TestTokens.AUDIENCE).subject("cli_x")
        .issuedAt(now).expiresAt(now + 60).sign(TestTokens.PRIVATE_KEY);
    var noSubject = Jwt.issuer(TestTokens.ISSUER).audience(TestTokens.AUDIENCE)
        .issuedAt(now).expiresAt(now + 60).sign(TestTokens.PRIVATE_KEY);

    for (var token : List.of("not-a-jwt", strangerSigned, expired, otherIssuer, noSubject,
        TestTokens.withAudience("cli_x", "someone-else"), TestTokens.longLived("cli_x"))) {
      as(token).when().get(CALLER)
          .then().statusCode(401)
          .header("Service-Version", VERSION)
          .body("error", equalTo("unauthorized"))
          .body("message", equalTo("The internal token is missing, expired or not signed by this suite."));
    }
    given().header("Authorization", "Basic " + TestTokens.forClient(DEFAULT_CLIENT, Set.of(), null))
        .when().get(CALLER)
        .then().statusCode(401).body("error", equalTo("unauthorized"));
  }

  @Test
  void shouldKeepTheClientTheTokenNames() {
    var token = TestTokens.forClient(DEFAULT_CLIENT, Set.of("api.write", "api.read"), "pro");

    as(token).when().get(CALLER)
        .then().statusCode(200)
        .header("Service-Version", VERSION)
        .body("subject", equalTo(DEFAULT_CLIENT))
        .body("clientId", equalTo(DEFAULT_CLIENT))
        .body("service", equalTo(false))
        .body("scopes", equalTo(List.of("api.read", "api.write")))
        .body("plan", equalTo("pro"))
        .body("token", equalTo(token));
    as(token).when().get(CALLER + "/client-id").then().statusCode(200).body(equalTo(DEFAULT_CLIENT));
  }

  @Test
  void shouldAcceptTheBearerSchemeInAnyCase() {
    given().header("Authorization", "bearer " + TestTokens.forClient(DEFAULT_CLIENT, Set.of("api.read"), null))
        .when().get(CALLER)
        .then().statusCode(200)
        .body("subject", equalTo(DEFAULT_CLIENT))
        .body("plan", nullValue());
  }

  @Test
  void shouldKnowAServiceCallerActsForNoClient() {
    var token = TestTokens.forService("billing-service");

    as(token).when().get(CALLER)
        .then().statusCode(200)
        .body("subject", equalTo("service:billing-service"))
        .body("clientId", nullValue())
        .body("service", equalTo(true))
        .body("scopes", equalTo(List.of()));
    as(token).when().get(CALLER + "/client-id")
        .then().statusCode(401)
        .body("error", equalTo("unauthorized"));
  }

  @Test
  void shouldLeaveQuarkusEndpointsOpen() {
    given().when().get("/q/no-such-endpoint")
        .then().statusCode(404)
        .header("Service-Version", VERSION);
  }

  @Test
  void shouldKeepASaneRequestIdAndReplaceABadOne() {
    var token = TestTokens.forClient(DEFAULT_CLIENT, Set.of("api.read"), null);

    as(token).header("X-Request-Id", "trace-123").when().get(CALLER)
        .then().statusCode(200).header("X-Request-Id", "trace-123");
    as(token).header("X-Request-Id", "bad id with spaces").when().get(CALLER)
        .then().statusCode(200).header("X-Request-Id", matchesPattern(GENERATED_REQUEST_ID));
    given().header("X-Request-Id", "trace-401").when().get(CALLER)
        .then().statusCode(401).header("X-Request-Id", "trace-401");
  }

  @Test
  void shouldMintClientTokensThatEveryServiceAcceptsAndReuseThem() {
    var token = tokens.forClient("cli_minted", Set.of("api.read", "api.write"), "pro");

    assertThat(tokens.forClient("cli_minted", Set.of("api.read", "api.write"), "pro")).isEqualTo(token);
    assertThat(tokens.forClient("cli_minted", Set.of("api.read"), "pro")).isNotEqualTo(token);
    as(token).when().get(CALLER)
        .then().statusCode(200)
        .body("subject", equalTo("cli_minted"))
        .body("scopes", equalTo(List.of("api.read", "api.write")))
        .body("plan", equalTo("pro"))
        .body("keyId", nullValue());
  }

  @Test
  void shouldCarryTheKeyIdOfTheKeyTheAgentPresented() {
    var token = tokens.forClient("cli_minted", "key_presented", Set.of("api.read"), null);

    assertThat(tokens.forClient("cli_minted", "key_other", Set.of("api.read"), null)).isNotEqualTo(token);
    as(token).when().get(CALLER)
        .then().statusCode(200)
        .body("subject", equalTo("cli_minted"))
        .body("keyId", equalTo("key_presented"));
  }

  @Test
  void shouldMintAServiceTokenInThisServicesName() {
    as(tokens.forThisService()).when().get(CALLER)
        .then().statusCode(200)
        .body("subject", equalTo("service:platform"))
        .body("service", equalTo(true))
        .body("scopes", equalTo(List.of()))
        .body("plan", nullValue());
  }

  @Test
  void shouldCarryTheClientsTokenAndRequestIdOnToTheNextService() {
    var token = TestTokens.forClient(DEFAULT_CLIENT, Set.of("api.read"), "pro");

    as(token).header("X-Request-Id", "trace-out-1").when().get(CALLER + "/outgoing")
        .then().statusCode(200)
        .body("Authorization", equalTo("Bearer " + token))
        .body("X-Request-Id", equalTo("trace-out-1"));
  }

  @Test
  void shouldSignAsItselfInsteadOfPassingAnotherServicesTokenOn() {
    var incoming = TestTokens.forService("gateway-service");

    var outgoing = outgoingToken(incoming);

    assertThat(outgoing).isNotEqualTo(incoming);
    as(outgoing).when().get(CALLER).then().statusCode(200).body("subject", equalTo("service:platform"));
  }

  @Test
  void shouldSignAsItselfWhenTheClientsTokenIsAboutToExpire() {
    var now = Instant.now().getEpochSecond();
    var nearlyExpired = Jwt.issuer(TestTokens.ISSUER).audience(TestTokens.AUDIENCE).subject(DEFAULT_CLIENT)
        .issuedAt(now - 90).expiresAt(now + 30).claim("scope", "api.read").sign(TestTokens.PRIVATE_KEY);

    var outgoing = outgoingToken(nearlyExpired);

    assertThat(outgoing).isNotEqualTo(nearlyExpired);
    as(outgoing).when().get(CALLER).then().statusCode(200).body("subject", equalTo("service:platform"));
  }

  private static String outgoingToken(String incoming) {
    String authorization = as(incoming).when().get(CALLER + "/outgoing")
        .then().statusCode(200)
        .extract().path("Authorization");
    assertThat(authorization).startsWith("Bearer ");
    return authorization.substring("Bearer ".length());
  }
}
