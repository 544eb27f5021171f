package dev.videoautomation.platform.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * What a service behind the gateway promises beyond {@link ServiceContract}: its own OpenAPI document on its API port,
 * holding the platform's shared components as the platform wrote them, and no answer at all to a caller without a
 * valid internal token. The gateway, the public entry, takes no internal token and serves only the merged document.
 */
public abstract class InternalServiceContract extends ServiceContract {

  /**
   * This service's components that twin a platform one today ({@code kind/Name → kind/PlatformName}, as
   * {@link SharedComponents#twins} names them), until the service uses the platform's instead. The list only
   * shrinks: an entry that is no longer a twin fails the contract.
   */
  protected Set<String> knownTwins() {
    return Set.of();
  }

  @Test
  void shouldExposeAnOpenApiDocumentWithTheDateVersionOnTheApiPort() {
    given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .body("info.version", equalTo(VERSION));
  }

  @Test
  void shouldHoldEachPlatformComponentOnceAndNoTwinOfIt() {
    var document = given().accept("application/json").when().get("/q/openapi?format=json").then()
        .statusCode(200).extract().asString();
    SharedComponents.assertHeldOnce(document, knownTwins());
  }

  @Test
  void shouldRefuseARequestWithoutAnInternalToken() {
    given().when().get(ownedPath()).then().statusCode(401)
        .header("Service-Version", VERSION)
        .header("X-Request-Id", notNullValue())
        .body("error", equalTo("unauthorized"))
        .body("message", notNullValue());
  }

  @Test
  void shouldRefuseTokensWithAWrongAudienceOrTooLongALife() {
    given().auth().oauth2(TestTokens.withAudience("cli_x", "someone-else")).when().get(ownedPath())
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2(TestTokens.longLived("cli_x")).when().get(ownedPath())
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2("not-a-jwt").when().get(ownedPath())
        .then().statusCode(401).body("error", equalTo("unauthorized"));
  }
}
