package dev.videoautomation.auth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

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
    return "/v1/auth/agent";
  }

  @Test
  void shouldDescribeEveryPublicPathAndHideTheInternalOnes() {
    var document = given().accept("application/json").when().get("/q/openapi?format=json").then().statusCode(200)
        .body("paths", hasKey("/v1/auth/agent"))
        .body("paths", hasKey("/v1/auth/agent/claim"))
        .body("paths", hasKey("/v1/auth/agent/claim/complete"))
        .body("paths", hasKey("/v1/auth/agent/revoke"))
        .body("paths", hasKey("/v1/api_keys/rotate"))
        .body("paths", hasKey("/v1/api_keys/recover"))
        .body("paths", hasKey("/v1/api_keys/verify_email"))
        .body("paths.'/v1/api_keys/rotate'.post.responses", hasKey("403"))
        .body("paths", hasKey("/.well-known/oauth-protected-resource"))
        .body("paths", hasKey("/.well-known/oauth-authorization-server"))
        .body("paths", hasKey("/.well-known/agent-auth"))
        .body("paths", hasKey("/claim/{claimToken}"))
        .body("paths", not(hasKey("/internal/verify")))
        .body("paths", not(hasKey("/internal/clients")))
        .body("paths.'/v1/auth/agent'.post.summary", notNullValue())
        .body("paths.'/v1/auth/agent'.post.responses", hasKey("201"))
        .body("paths.'/v1/auth/agent'.post.responses.'201'.content.'application/json'.examples", hasKey("anonymous"))
        .body("paths.'/v1/auth/agent'.post.responses.'400'.content", hasKey("application/problem+json"))
        .body("paths.'/v1/auth/agent/revoke'.post.requestBody.content", hasKey("application/logout+jwt"))
        .body("paths.'/v1/api_keys/recover'.post.responses", hasKey("202"))
        .extract().asString();
    assertThat(document).doesNotContain("/internal/").contains("previous_credential_expires", "claim_token");
  }
}
