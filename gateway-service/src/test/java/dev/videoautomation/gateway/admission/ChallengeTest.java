package dev.videoautomation.gateway.admission;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.net.URI;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.keys.ApiKeys;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A 401 of the gateway says how to authenticate (RFC 9728 §5.1), and the metadata it points at is reachable; a 403
 * for a missing scope names the scope (RFC 6750 §3.1).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class ChallengeTest {
  static final String CHALLENGE =
      "Bearer resource_metadata=\"http://localhost:8080/.well-known/oauth-protected-resource\"";
  private static final Pattern RESOURCE_METADATA = Pattern.compile("^Bearer resource_metadata=\"([^\"]+)\"$");

  @InjectWireMock
  WireMockServer owner;

  @BeforeEach
  void reset() {
    owner.resetAll();
  }

  @Test
  void shouldChallengeACallWithoutAKey() {
    given().when().get("/v1/videos")
        .then().statusCode(401)
        .header("WWW-Authenticate", equalTo(CHALLENGE))
        .body("error", equalTo("unauthorized"));
  }

  @Test
  void shouldChallengeAKeyThatIsNotOne() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var typo = key.substring(0, 20) + (key.charAt(20) == 'a' ? 'b' : 'a') + key.substring(21);

    given().header("X-Api-Key", typo).when().post("/v1/watch")
        .then().statusCode(401)
        .header("WWW-Authenticate", equalTo(CHALLENGE));
    given().when().get("/v1/usage")
        .then().statusCode(401)
        .header("WWW-Authenticate", equalTo(CHALLENGE));
  }

  @Test
  void shouldPointAtProtectedResourceMetadataThatTheGatewayServes() {
    owner.stubFor(get(urlEqualTo("/.well-known/oauth-protected-resource")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("""
            {"resource": "http://localhost:8080", "authorization_servers": ["http://localhost:8080"],
             "bearer_methods_supported": ["header"]}""")));
    var challenge = given().when().get("/v1/videos").then().statusCode(401).extract().header("WWW-Authenticate");
    var matcher = RESOURCE_METADATA.matcher(challenge);
    assertThat(matcher.matches()).as(challenge).isTrue();

    var metadata = URI.create(matcher.group(1));
    given().when().get(metadata.getPath())
        .then().statusCode(200)
        .body("resource", equalTo("http://localhost:8080"))
        .body("bearer_methods_supported[0]", equalTo("header"));
  }

  @Test
  void shouldNameTheMissingScopeOnA403() {
    var anonymous = new OwnerStubs(owner).anonymous();

    given().auth().oauth2(anonymous.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(403)
        .header("WWW-Authenticate", equalTo("Bearer error=\"insufficient_scope\", scope=\"api.write\""))
        .body("error", equalTo("insufficient_scope"))
        .body("requiredScope", equalTo("api.write"));
  }

  @Test
  void shouldLeaveTheSubscriptionRefusalWithoutAChallenge() {
    var unsubscribed = new OwnerStubs(owner).unsubscribed();

    given().auth().oauth2(unsubscribed.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(403)
        .header("WWW-Authenticate", nullValue())
        .body("error", equalTo("subscription_required"));
  }

  @Test
  void shouldLeaveAnOwnersOwn401AsItWasWritten() {
    owner.stubFor(post(urlEqualTo("/v1/auth/agent/verify")).willReturn(aResponse().withStatus(401)
        .withHeader("Content-Type", "application/problem+json").withBody("""
            {"type": "/docs/errors#invalid_code", "title": "Invalid code", "status": 401,
             "detail": "The code is wrong.", "error": "invalid_code", "message": "The code is wrong."}""")));

    given().contentType("application/json").body("{\"code\":\"000000\"}").when().post("/v1/auth/agent/verify")
        .then().statusCode(401)
        .header("WWW-Authenticate", nullValue())
        .body("error", equalTo("invalid_code"));
  }
}
