package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

class ProblemDetailsTest {
  private static final String DEFAULT_MESSAGE = "The code is wrong or has expired.";

  @Test
  void shouldRenderTheRfc9457FieldsFollowedByErrorAndMessage() {
    var body = ProblemDetails.from(ApiError.of(ErrorCode.INVALID_CODE, DEFAULT_MESSAGE));

    assertThat(body).containsExactly(
        entry("type", "/docs/errors#invalid_code"),
        entry("title", "Invalid code"),
        entry("status", 401),
        entry("detail", DEFAULT_MESSAGE),
        entry("error", "invalid_code"),
        entry("message", DEFAULT_MESSAGE));
  }

  @Test
  void shouldKeepTheExtrasOfTheErrorAfterTheStandardFields() {
    var error = ApiError.of(ErrorCode.RATE_LIMITED, "Too many registrations.").with("retryAfter", 60);

    var body = ProblemDetails.from(error);

    assertThat(body.keySet()).containsExactly("type", "title", "status", "detail", "error", "message", "retryAfter");
    assertThat(body).containsEntry("retryAfter", 60).containsEntry("status", 429)
        .containsEntry("title", "Rate limited");
  }

  @Test
  void shouldNotLetAnExtraOverrideAStandardField() {
    var error = ApiError.of(ErrorCode.UNAUTHORIZED, "No key.").with("status", 200).with("type", "about:blank");

    var body = ProblemDetails.from(error);

    assertThat(body).containsEntry("status", 401).containsEntry("type", "/docs/errors#unauthorized");
  }

  @Test
  void shouldUseTheStatusOfTheErrorEvenWhenItWasChanged() {
    var body = ProblemDetails.from(ApiError.of(ErrorCode.INVALID_REQUEST, "Gone.").withStatus(410));

    assertThat(body).containsEntry("status", 410).containsEntry("error", "invalid_request");
  }

  @Test
  void shouldSerialiseToJsonWithTheStatusAsANumber() throws JsonProcessingException {
    var json = new ObjectMapper().writeValueAsString(ProblemDetails.from(ApiError.of(ErrorCode.NOT_FOUND, "No.")));

    assertThat(json).isEqualTo("{\"type\":\"/docs/errors#not_found\",\"title\":\"Not found\",\"status\":404,"
        + "\"detail\":\"No.\",\"error\":\"not_found\",\"message\":\"No.\"}");
  }

  @Test
  void shouldApplyToTheAgentRegistrationPathAndEverythingBelowIt() {
    assertThat(ProblemDetails.appliesTo("/v1/auth/agent")).isTrue();
    assertThat(ProblemDetails.appliesTo("/v1/auth/agent/")).isTrue();
    assertThat(ProblemDetails.appliesTo("/v1/auth/agent/claim")).isTrue();
    assertThat(ProblemDetails.appliesTo("/v1/auth/agent/claim/complete")).isTrue();
    assertThat(ProblemDetails.MEDIA_TYPE).isEqualTo("application/problem+json");
  }

  @Test
  void shouldNotApplyToNeighbouringOrUnrelatedPaths() {
    assertThat(ProblemDetails.appliesTo("/v1/auth/agents")).isFalse();
    assertThat(ProblemDetails.appliesTo("/v1/auth/agents/x")).isFalse();
    assertThat(ProblemDetails.appliesTo("/v1/auth/agent-claims")).isFalse();
    assertThat(ProblemDetails.appliesTo("/v1/auth")).isFalse();
    assertThat(ProblemDetails.appliesTo("/v1/api_keys/rotate")).isFalse();
    assertThat(ProblemDetails.appliesTo("/v2/auth/agent")).isFalse();
    assertThat(ProblemDetails.appliesTo("/internal/v1/auth/agent")).isFalse();
    assertThat(ProblemDetails.appliesTo("")).isFalse();
    assertThat(ProblemDetails.appliesTo(null)).isFalse();
  }
}
