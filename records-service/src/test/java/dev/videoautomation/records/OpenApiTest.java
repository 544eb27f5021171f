package dev.videoautomation.records;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/** Every owned path is in the OpenAPI document, with the decisions written into the descriptions. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class OpenApiTest {

  @Test
  void shouldDocumentEveryOwnedPathAndItsDecisions() {
    var spec = given().accept("application/json").when().get("/q/openapi").then().statusCode(200);
    for (var path : new String[] {"accounts", "posts", "references", "assets", "projects", "campaigns"}) {
      spec.body("paths.'/v1/" + path + "'.get", notNullValue())
          .body("paths.'/v1/" + path + "'.post", notNullValue())
          .body("paths.'/v1/" + path + "'.put", notNullValue())
          .body("paths.'/v1/" + path + "'.delete", notNullValue())
          .body("paths.'/v1/" + path + "/{id}'.get", notNullValue())
          .body("paths.'/v1/" + path + "/{id}'.put", notNullValue())
          .body("paths.'/v1/" + path + "/{id}'.delete", notNullValue());
    }
    spec.body("paths.'/v1/accounts'.post.description", containsString("`verified: false`"))
        .body("paths.'/v1/posts'.post.description", containsString("publish_interrupted"))
        .body("paths.'/v1/posts'.post.description", containsString("publisher_not_configured"))
        .body("paths.'/v1/campaigns'.post.description", containsString("videoCount"))
        .body("paths.'/v1/projects/{id}'.delete.description", containsString("archived"));
  }

  /**
   * Issue 32: both creates that spend take {@code dryRun} and answer its {@code DryRun} as a 200 of its own beside
   * their 202/201; creates that spend nothing take no {@code dryRun}.
   */
  @Test
  void shouldDeclareTheDryRunOnTheCreatesThatSpend() {
    given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .body("paths.'/v1/accounts'.post.parameters.'$ref'", hasItem("#/components/parameters/DryRun"))
        .body("paths.'/v1/accounts'.post.responses.'200'.content.'application/json'.schema.'$ref'",
            equalTo("#/components/schemas/DryRun"))
        .body("paths.'/v1/accounts'.post.responses.'202'", notNullValue())
        .body("paths.'/v1/posts'.post.parameters.'$ref'", hasItem("#/components/parameters/DryRun"))
        .body("paths.'/v1/posts'.post.responses.'200'.content.'application/json'.schema.'$ref'",
            equalTo("#/components/schemas/DryRun"))
        .body("paths.'/v1/posts'.post.responses.'201'", notNullValue())
        .body("paths.'/v1/assets'.post.parameters", nullValue())
        .body("paths.'/v1/assets'.post.responses.'200'", nullValue())
        .body("components.parameters.DryRun.name", equalTo("dryRun"))
        .body("components.schemas.DryRun.required", hasItem("wouldRun"));
  }

  /** Issue 32: the paid create declares the Max-Credits cap and Credits-Remaining; a free create neither. */
  @Test
  void shouldDeclareTheSpendHeadersOnThePaidCreateOnly() {
    given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
        .body("paths.'/v1/accounts'.post.parameters.'$ref'", hasItem("#/components/parameters/MaxCredits"))
        .body("paths.'/v1/accounts'.post.responses.'202'.headers.'Credits-Remaining'.'$ref'",
            equalTo("#/components/headers/CreditsRemaining"))
        .body("paths.'/v1/accounts'.post.responses.'402'.description", containsString("budget_exceeded"))
        .body("paths.'/v1/posts'.post.parameters.'$ref'", not(hasItem("#/components/parameters/MaxCredits")))
        .body("paths.'/v1/posts'.post.responses.'201'.headers", nullValue())
        .body("components.parameters.MaxCredits.name", equalTo("Max-Credits"))
        .body("components.headers.CreditsRemaining.schema.minimum", equalTo(0));
  }
}
