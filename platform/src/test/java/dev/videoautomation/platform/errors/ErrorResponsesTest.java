package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ErrorResponsesTest {

  @Test
  void shouldAnswerWithTheErrorAsJsonAndItsStatus() {
    var error = ApiError.of(ErrorCode.NOT_FOUND, "No post pst_1.");

    var response = ErrorResponses.toResponse("/v1/posts/pst_1", error);

    assertThat(response.getStatus()).isEqualTo(404);
    assertThat(response.getMediaType().toString()).isEqualTo("application/json");
    assertThat(response.getEntity()).isSameAs(error);
    assertThat(response.getHeaderString("Retry-After")).isNull();
  }

  @Test
  void shouldAddARetryAfterHeaderWhenTheErrorSaysWhenToRetry() {
    var error = ApiError.of(ErrorCode.RATE_LIMITED, "The watch limit is used up.").with("limit", 50)
        .with("retryAfter", 3600L);

    var response = ErrorResponses.toResponse("/v1/watch", error);

    assertThat(response.getStatus()).isEqualTo(429);
    assertThat(response.getHeaderString("Retry-After")).isEqualTo("3600");
  }

  @Test
  void shouldAnswerTheAgentFamilyWithProblemDetails() {
    var error = ApiError.of(ErrorCode.RATE_LIMITED, "Too many registrations.").with("retryAfter", 60);

    var response = ErrorResponses.toResponse("/v1/auth/agent/register", error);

    assertThat(response.getStatus()).isEqualTo(429);
    assertThat(response.getMediaType().toString()).isEqualTo("application/problem+json");
    assertThat(response.getHeaderString("Retry-After")).isEqualTo("60");
    assertThat(response.getEntity()).isInstanceOf(Map.class);
    @SuppressWarnings("unchecked")
    var body = (Map<String, Object>) response.getEntity();
    assertThat(body)
        .containsEntry("type", "/docs/errors#rate_limited")
        .containsEntry("status", 429)
        .containsEntry("error", "rate_limited")
        .containsEntry("retryAfter", 60);
  }

  @Test
  void shouldRenderAnErrorToJsonBytes() {
    var json = new String(ErrorResponses.toJson(ApiError.of(ErrorCode.UNAUTHORIZED, "No token.")),
        StandardCharsets.UTF_8);

    assertThat(json).isEqualTo("{\"error\":\"unauthorized\",\"message\":\"No token.\"}");
  }
}
