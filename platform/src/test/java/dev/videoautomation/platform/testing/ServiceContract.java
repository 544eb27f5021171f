package dev.videoautomation.platform.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

import java.net.URI;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every service of the suite promises, the gateway included, whatever it does: health and metrics without a
 * token on the management port and never on the API port, the date version and a request id on every response, and
 * JSON errors. The services behind the gateway promise more ({@link InternalServiceContract}). A service's test
 * extends one of the two and names one path it owns.
 *
 * <p>Each test here applies to every service it runs for: none is skipped by an assumption, as an aborted test makes
 * {@code @QuarkusIntegrationTest} relaunch the packaged application for the next one (20 s each here).
 */
@WithManagementPort
public abstract class ServiceContract {
  protected static final String VERSION = "2026-11-21";

  @InjectManagementUri
  URI management;

  /** A path this service owns (answered 501 until built, or for real afterwards). */
  protected abstract String ownedPath();

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
