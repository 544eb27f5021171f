package dev.videoautomation.gateway.docs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.startsWith;

import java.net.URI;
import java.util.Arrays;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;

import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.testing.PostgresResource;

/** /docs/errors: docs/errors.md as a page with an anchor per code, where problem-details `type` URIs resolve. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ErrorCodesPageTest {
  private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]+)\"");

  @Test
  void shouldServeAnAnchorForEveryErrorCodeWithoutAKey() {
    var page = given().when().get("/docs/errors")
        .then().statusCode(200)
        .contentType(startsWith("text/html"))
        .header("Service-Version", "2026-11-21")
        .extract().asString();

    var ids = ID.matcher(page).results().map(match -> match.group(1)).toList();
    assertThat(ids).containsAll(Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList());
    assertThat(page).contains("<tr id=\"rate_limited\">").contains("<code>Retry-After</code>")
        .contains("id=\"request-sizes\"").contains("href=\"#request-sizes\"");
  }

  @Test
  void shouldResolveTheTypeOfAProblemToTheRowThatExplainsIt() {
    var request = URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/v1/auth/agent");
    var problem = given().when().put(request.toString())
        .then().statusCode(405).contentType(startsWith("application/problem+json"))
        .extract().jsonPath();

    var type = request.resolve(problem.getString("type"));
    assertThat(type.getPath()).isEqualTo("/docs/errors");
    assertThat(type.getFragment()).isEqualTo(problem.getString("error")).isEqualTo("method_not_allowed");
    given().when().get(type.toString()).then().statusCode(200)
        .body(containsString("<tr id=\"" + type.getFragment() + "\">"));
  }

  @Test
  void shouldLeaveTheRestOfDocsToSwaggerUi() {
    given().when().get("/docs/index.html").then().statusCode(200).body(containsString("/v1/openapi.json"));
    given().redirects().follow(false).when().get("/docs").then().statusCode(302)
        .header("Location", endsWith("/docs/"));
    given().when().get("/docs").then().statusCode(200).contentType(startsWith("text/html"));
  }
}
