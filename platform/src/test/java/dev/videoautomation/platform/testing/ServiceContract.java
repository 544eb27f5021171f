package dev.videoautomation.platform.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What every service of the suite promises, whatever it does: health and metrics without a token on the management
 * port and never on the API port, an OpenAPI document on the API port, the date version and a request id on every
 * response, JSON errors, no answer at all to a caller without a valid internal token, and the platform's shared
 * OpenAPI components held as the platform wrote them. A service's test extends this and names one path it owns.
 */
@WithManagementPort
public abstract class ServiceContract {
  protected static final String VERSION = "2026-11-21";

  @InjectManagementUri
  URI management;

  /** A path this service owns (answered 501 until built, or for real afterwards). */
  protected abstract String ownedPath();

  /** The gateway is the public entry and takes no internal token; every other service requires one. */
  protected boolean requiresInternalToken() {
    return true;
  }

  /** Every service serves its own OpenAPI document on its port, except the gateway, which merges them. */
  protected boolean servesItsOwnOpenApiDocument() {
    return true;
  }

  /**
   * This service's own OpenAPI document as JSON, or empty where it cannot be read here. The gateway, which serves only
   * the merged document, reads its own in process.
   */
  protected Optional<String> ownOpenApiDocument() {
    if (!servesItsOwnOpenApiDocument()) {
      return Optional.empty();
    }
    return Optional.of(given().accept("application/json").when().get("/q/openapi?format=json").then()
        .statusCode(200).extract().asString());
  }

  /**
   * This service's components that twin a platform one today ({@code kind/Name → kind/PlatformName}, as
   * {@link SharedComponents#twins} names them), until the service uses the platform's instead. The list only
   * shrinks: an entry that is no longer a twin fails the contract.
   */
  protected Set<String> knownTwins() {
    return Set.of();
  }

  protected String clientToken() {
    return TestTokens.forClient("cli_contract", Set.of("api.read", "api.write"), "pro");
  }

  @Test
  void shouldReportLiveAndReadyOnTheManagementPortWithoutAToken() {
    given().when().get(management.resolve("/q/health/ready").toString()).then().statusCode(200)
        .header("Service-Version", VERSION)
        .body("status", equalTo("UP"))
        .body("checks.name", hasItems("Database connections health check"));
    given().when().get(management.resolve("/q/health/live").toString()).then().statusCode(200)
        .body("status", equalTo("UP"));
  }

  @Test
  void shouldServeMetricsOnTheManagementPortTaggedWithTheService() {
    given().when().get(management.resolve("/q/metrics").toString()).then().statusCode(200)
        .body(containsString("service=\""))
        .body(containsString("jvm_memory_used_bytes"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"/q/metrics", "/q/health", "/q/health/ready", "/q/health/live", "/q/health/started"})
  void shouldServeNoHealthOrMetricsOnTheApiPort(String path) {
    given().when().get(path).then().statusCode(404)
        .header("Service-Version", VERSION)
        .contentType(matchesPattern("application/json.*"))
        .body("error", equalTo("not_found"))
        .body(not(containsString("jvm_")));
  }

  @Test
  void shouldExposeAnOpenApiDocumentWithTheDateVersionOnTheApiPort() {
    org.junit.jupiter.api.Assumptions.assumeTrue(servesItsOwnOpenApiDocument());
    given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .body("info.version", equalTo(VERSION));
  }

  @Test
  void shouldHoldEachPlatformComponentOnceAndNoTwinOfIt() throws IOException {
    var text = ownOpenApiDocument();
    Assumptions.assumeTrue(text.isPresent());
    var document = new ObjectMapper().readTree(text.get());
    var fragment = SharedComponents.fragment();

    assertThat(SharedComponents.missingOrChanged(fragment, document)).as("the platform's components, as written in "
        + "platform/src/main/openapi/platform-components.yaml").isEmpty();
    var twins = SharedComponents.twins(fragment, document);
    assertThat(twins).as("components that say what a platform one says: use the platform's (docs/openapi.md)")
        .isSubsetOf(knownTwins());
    assertThat(knownTwins()).as("known twins that are gone: remove them from knownTwins()").isSubsetOf(twins);
  }

  @Test
  void shouldRefuseARequestWithoutAnInternalToken() {
    org.junit.jupiter.api.Assumptions.assumeTrue(requiresInternalToken());
    given().when().get(ownedPath()).then().statusCode(401)
        .header("Service-Version", VERSION)
        .header("X-Request-Id", notNullValue())
        .body("error", equalTo("unauthorized"))
        .body("message", notNullValue());
  }

  @Test
  void shouldRefuseTokensWithAWrongAudienceOrTooLongALife() {
    org.junit.jupiter.api.Assumptions.assumeTrue(requiresInternalToken());
    given().auth().oauth2(TestTokens.withAudience("cli_x", "someone-else")).when().get(ownedPath())
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2(TestTokens.longLived("cli_x")).when().get(ownedPath())
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2("not-a-jwt").when().get(ownedPath())
        .then().statusCode(401).body("error", equalTo("unauthorized"));
  }

  @Test
  void shouldAnswerAnUnknownPathWithJson404AndTheVersion() {
    given().auth().oauth2(clientToken()).when().get("/v1/no-such-thing").then().statusCode(404)
        .header("Service-Version", VERSION)
        .contentType(matchesPattern("application/json.*"))
        .body("error", equalTo("not_found"));
  }

  @Test
  void shouldKeepTheCallersRequestIdAndGenerateOneOtherwise() {
    given().auth().oauth2(clientToken()).header("X-Request-Id", "trace-123").when().get(ownedPath())
        .then().header("X-Request-Id", "trace-123");
    given().auth().oauth2(clientToken()).header("X-Request-Id", "bad id with spaces").when().get(ownedPath())
        .then().header("X-Request-Id", matchesPattern("req_[0-9A-Za-z]{22}"));
  }
}
