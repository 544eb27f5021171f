package dev.videoautomation.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.ServiceContract;

@QuarkusTest
@WithTestResource(PostgresResource.class)
class ServiceContractTest extends ServiceContract {
  @Override
  protected String ownedPath() {
    return "/v1/usage";
  }

  /**
   * The gateway's port is the public API, whose one document is the merged {@code /v1/openapi.json}; its own
   * {@code /q/openapi} is read in process and not served.
   */
  @Test
  void shouldServeOnlyTheMergedDocument() {
    given().accept("application/json").when().get("/q/openapi").then().statusCode(404)
        .body("error", equalTo("not_found"))
        .body(not(containsString("\"paths\"")));
    given().accept("application/json").when().get("/v1/openapi.json").then().statusCode(200)
        .body("info.version", equalTo("2026-11-21"));
  }
}
