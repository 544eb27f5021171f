package dev.videoautomation.billing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InternalServiceContract;
import dev.videoautomation.platform.testing.PostgresResource;

@QuarkusTest
@WithTestResource(PostgresResource.class)
class ServiceContractTest extends InternalServiceContract {
  @Override
  protected String ownedPath() {
    return "/v1/subscribe";
  }

  @Test
  void shouldKeepInternalPathsOutOfTheOpenApiDocument() {
    given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .body("paths.keySet()", everyItem(not(startsWith("/internal"))));
  }
}
