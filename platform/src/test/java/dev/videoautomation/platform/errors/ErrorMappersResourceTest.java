package dev.videoautomation.platform.errors;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.TestTokens;

/** The error mappers end to end: real requests, real Jackson and Bean Validation failures, real responses. */
@QuarkusTest
class ErrorMappersResourceTest {
  private static final String VERSION = "2026-11-21";
  private static final String WIDGETS = "/v1/probe/widgets";
  private static final String AGENT_WIDGETS = "/v1/auth/agent/probe/widgets";

  private static RequestSpecification client() {
    return given().header("Authorization", "Bearer " + TestTokens.forClient("cli_test", Set.of("api.read"), null));
  }

  @Test
  void shouldEchoAValidBody() {
    client().contentType("application/json")
        .body("{\"name\":\"w\",\"count\":2,\"tags\":[{\"key\":\"team\",\"value\":\"growth\"}]}")
        .when().post(WIDGETS)
        .then().statusCode(200)
        .header("Service-Version", VERSION)
        .body("name", equalTo("w"))
        .body("count", equalTo(2))
        .body("tags[0].key", equalTo("team"));
  }

  @Test
  void shouldAnswerMalformedJsonWithInvalidRequest() {
    client().contentType("application/json").body("{\"name\": \"w\",")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .header("Service-Version", VERSION)
        .contentType(startsWith("application/json"))
        .body("$", aMapWithSize(2))
        .body("error", equalTo("invalid_request"))
        .body("message", startsWith("The request body is not valid JSON (line 1, column "))
        .body(not(containsString("JsonParseException")));
  }

  @Test
  void shouldAnswerABodyNestedTooDeeplyWithInvalidRequest() {
    var depth = 5_000;
    client().contentType("application/json")
        .body("{\"timeline\": " + "[".repeat(depth) + "]".repeat(depth) + "}")
        .when().post("/v1/probe/documents")
        .then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("message", startsWith("The request body exceeds what a JSON body may hold here: "))
        .body(not(containsString("Exception")));
  }

  @Test
  void shouldAnswerABodyThatIsNotAnObjectWithInvalidRequest() {
    client().contentType("application/json").body("[1, 2]")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("message", equalTo("The request body must be a JSON object."));
  }

  @Test
  void shouldNameTheBodyWhenItIsMissing() {
    client().contentType("application/json")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("body"));
  }

  @Test
  void shouldNameAnUnknownField() {
    client().contentType("application/json").body("{\"name\":\"w\",\"count\":1,\"colour\":\"red\"}")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .header("Service-Version", VERSION)
        .contentType(startsWith("application/json"))
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("colour"))
        .body("message", equalTo("Field 'colour' is not a known field."));
  }

  @Test
  void shouldNameAnUnknownFieldInsideAListElement() {
    client().contentType("application/json")
        .body("{\"name\":\"w\",\"count\":1,\"tags\":[{\"key\":\"a\",\"value\":\"b\",\"colour\":\"red\"}]}")
        .when().post(AGENT_WIDGETS)
        .then().statusCode(400)
        .contentType(startsWith("application/problem+json"))
        .body("status", equalTo(400))
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("tags[0].colour"));
  }

  @Test
  void shouldNameAFieldOfTheWrongType() {
    client().contentType("application/json").body("{\"name\":\"w\",\"count\":\"many\"}")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .header("Service-Version", VERSION)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("count"))
        .body("message", equalTo("Field 'count' must be an integer (no fraction or exponent)."));
  }

  @Test
  void shouldNameANestedFieldOfTheWrongShape() {
    client().contentType("application/json")
        .body("{\"name\":\"w\",\"count\":1,\"tags\":[{\"key\":\"a\",\"value\":\"b\"},{\"key\":[1],\"value\":\"c\"}]}")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("tags[1].key"))
        .body("message", equalTo("Field 'tags[1].key' must be a string."));
  }

  @Test
  void shouldNameTheFieldABeanConstraintRejects() {
    client().contentType("application/json").body("{\"name\":\"  \",\"count\":1}")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .header("Service-Version", VERSION)
        .contentType(startsWith("application/json"))
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("name"))
        .body("fields", equalTo(List.of("name")))
        .body("message", startsWith("Field 'name' "));
  }

  @Test
  void shouldNameEveryRejectedFieldAndTheFirstInOrder() {
    client().contentType("application/json")
        .body("{\"name\":\"\",\"count\":1,\"tags\":[{\"key\":\"\",\"value\":\"v\"}]}")
        .when().post(WIDGETS)
        .then().statusCode(400)
        .body("field", equalTo("name"))
        .body("fields", equalTo(List.of("name", "tags[0].key")));
  }

  @Test
  void shouldNameTheQueryParameterAListRejects() {
    client().queryParam("limit", "201").when().get("/v1/probe/list")
        .then().statusCode(400)
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("limit"));
    client().queryParam("cursor", "garbage").when().get("/v1/probe/list")
        .then().statusCode(400)
        .body("field", equalTo("cursor"));
    client().when().get("/v1/probe/list").then().statusCode(200).body(equalTo("50"));
  }

  @Test
  void shouldAnswerAnApiExceptionWithItsErrorAndARetryAfterHeader() {
    client().when().get("/v1/probe/rate-limited")
        .then().statusCode(429)
        .header("Service-Version", VERSION)
        .header("Retry-After", "3600")
        .contentType(startsWith("application/json"))
        .body("$", aMapWithSize(4))
        .body("error", equalTo("rate_limited"))
        .body("message", equalTo("The daily limit of watch is used up."))
        .body("limit", equalTo(50))
        .body("retryAfter", equalTo(3600))
        .body("status", nullValue());
  }

  @Test
  void shouldCarryTheSetupSentenceOfAProviderError() {
    client().when().get("/v1/probe/provider")
        .then().statusCode(503)
        .body("error", equalTo("provider_not_configured"))
        .body("setup", equalTo("Set SCRAPE_PROVIDER_KEY and restart scrape-service."));
  }

  @Test
  void shouldHideTheInternalsOfAnUnexpectedFailure() {
    var body = client().header("X-Request-Id", "trace-boom-1")
        .when().get("/v1/probe/boom")
        .then().statusCode(500)
        .header("Service-Version", VERSION)
        .header("X-Request-Id", "trace-boom-1")
        .contentType(startsWith("application/json"))
        .body("$", aMapWithSize(2))
        .body("error", equalTo("internal_error"))
        .extract().asString();

    assertThat(body)
        .contains("trace-boom-1")
        .doesNotContain("IllegalStateException")
        .doesNotContain("java.")
        .doesNotContain("dev.videoautomation")
        .doesNotContain("db.internal")
        .doesNotContain("Connection refused")
        .doesNotContain("\tat ");
  }

  @Test
  void shouldAnswerTheAgentFamilyWithProblemDetails() {
    client().contentType("application/json").body("{\"name\":\"\",\"count\":1}")
        .when().post(AGENT_WIDGETS)
        .then().statusCode(400)
        .header("Service-Version", VERSION)
        .contentType(startsWith("application/problem+json"))
        .body("type", equalTo("/docs/errors#invalid_request"))
        .body("title", equalTo("Invalid request"))
        .body("status", equalTo(400))
        .body("detail", startsWith("Field 'name' "))
        .body("error", equalTo("invalid_request"))
        .body("message", startsWith("Field 'name' "))
        .body("field", equalTo("name"));
  }

  @Test
  void shouldAnswerEveryKindOfAgentFamilyFailureWithProblemDetails() {
    client().contentType("application/json").body("{oops")
        .when().post(AGENT_WIDGETS)
        .then().statusCode(400).contentType(startsWith("application/problem+json"))
        .body("status", equalTo(400)).body("error", equalTo("invalid_request"));
    client().contentType("application/json").body("{\"count\":\"x\"}")
        .when().post(AGENT_WIDGETS)
        .then().statusCode(400).contentType(startsWith("application/problem+json"))
        .body("field", equalTo("count"));
    client().when().get("/v1/auth/agent/probe/rate-limited")
        .then().statusCode(429).contentType(startsWith("application/problem+json"))
        .header("Retry-After", "3600")
        .body("status", equalTo(429)).body("retryAfter", equalTo(3600)).body("title", equalTo("Rate limited"));
    client().when().get("/v1/auth/agent/probe/boom")
        .then().statusCode(500).contentType(startsWith("application/problem+json"))
        .body("status", equalTo(500)).body("error", equalTo("internal_error"))
        .body(not(containsString("IllegalStateException")));
  }

  @Test
  void shouldAnswerAWrongMethodWith405() {
    client().when().delete(WIDGETS)
        .then().statusCode(405)
        .header("Service-Version", VERSION)
        .body("error", equalTo("method_not_allowed"))
        .body("message", containsString(WIDGETS));
  }

  @Test
  void shouldAnswerAWrongContentTypeWith415() {
    client().contentType("text/plain").body("name=w")
        .when().post(WIDGETS)
        .then().statusCode(415)
        .header("Service-Version", VERSION)
        .body("error", equalTo("unsupported_media_type"));
  }

  @Test
  void shouldAnswerAnUnknownPathUnderAKnownRootWithJson404() {
    client().when().get("/v1/probe/no-such-thing")
        .then().statusCode(404)
        .header("Service-Version", VERSION)
        .contentType(startsWith("application/json"))
        .body("error", equalTo("not_found"))
        .body("message", containsString("/v1/probe/no-such-thing"));
  }

  @Test
  void shouldRefuseARequestWithoutATokenBeforeReadingItsBody() {
    given().contentType("application/json").body("{oops")
        .when().post(WIDGETS)
        .then().statusCode(401)
        .header("Service-Version", VERSION)
        .contentType(startsWith("application/json"))
        .body("error", equalTo("unauthorized"))
        .body("$", aMapWithSize(2));
    given().when().get("/v1/auth/agent/probe/rate-limited")
        .then().statusCode(401)
        .contentType(startsWith("application/problem+json"))
        .body("status", equalTo(401))
        .body("error", equalTo("unauthorized"))
        .body("type", equalTo("/docs/errors#unauthorized"))
        .body("title", equalTo("Unauthorized"))
        .body("detail", notNullValue())
        .body("message", notNullValue());
  }
}
