package dev.videoautomation.suite;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Health and metrics live on each service's management port, never on an API port: an agent at the gateway's public
 * port gets the API's JSON 404 for them, while every OpenAPI document still reaches the merged one.
 */
@ExtendWith(RunningSuite.class)
class ManagementPortIT {
  private static final String VERSION = "2026-11-21";

  @ParameterizedTest
  @ValueSource(strings = {"/q/metrics", "/q/health", "/q/health/ready", "/q/health/live", "/q/health/started",
      "/q/swagger-ui", "/q/dev-ui"})
  void shouldAnswerManagementPathsAtTheGatewayWithTheApisJson404(String path) {
    Agents.invalidRequest().when().get(path)
        .then().statusCode(404)
        .header("Service-Version", VERSION)
        .contentType(containsString("application/json"))
        .body("error", equalTo("not_found"))
        .body(not(containsString("jvm_")));
  }

  @ParameterizedTest
  @EnumSource(Service.class)
  void shouldServeHealthAndMetricsOnTheManagementPortOnly(Service service) {
    var suite = RunningSuite.suite();
    Agents.outsideTheApi(suite.managementUri(service))
        .when().get("/q/health/ready")
        .then().statusCode(200).body("status", equalTo("UP"));
    Agents.outsideTheApi(suite.managementUri(service))
        .when().get("/q/metrics")
        .then().statusCode(200).body(containsString("service=\"" + service.module() + "\""));
    var apiPort = service == Service.GATEWAY ? Agents.invalidRequest()
        : Agents.outsideTheApi(suite.baseUri(service));
    apiPort.when().get("/q/metrics")
        .then().statusCode(404).body(not(containsString("jvm_")));
  }

  @Test
  void shouldStillMergeEveryServicesOpenApiDocument() {
    given().baseUri(RunningSuite.suite().baseUri(Service.GATEWAY).toString())
        .when().get("/v1/openapi.json")
        .then().statusCode(200)
        .body("info", not(hasKey("x-missing-services")))
        .body("paths", hasKey("/v1/usage"))
        .body("paths", hasKey("/v1/auth/agent"))
        .body("paths", hasKey("/v1/pricing"))
        .body("paths", hasKey("/v1/scrape/shortvideo/profile"))
        .body("paths", hasKey("/v1/upload"))
        .body("paths", hasKey("/v1/clones/video"))
        .body("paths", hasKey("/v1/posts"));
  }
}
