package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApiExceptionTest {

  @Test
  void shouldCarryTheErrorItWasGiven() {
    var error = ApiError.of(ErrorCode.CONFLICT, "The key was already delivered.").with("keyId", "key_1");

    var exception = new ApiException(error);

    assertThat(exception.error()).isSameAs(error);
    assertThat(exception.getMessage()).isEqualTo("conflict: The key was already delivered.");
  }

  @Test
  void shouldBuildTheErrorFromACodeAndMessage() {
    var exception = new ApiException(ErrorCode.SUBSCRIPTION_REQUIRED, "Subscribe first.");

    assertThat(exception.error().status()).isEqualTo(403);
    assertThat(exception.error().getError()).isEqualTo("subscription_required");
    assertThat(exception.error().getMessage()).isEqualTo("Subscribe first.");
  }

  @Test
  void shouldAnswerNotFoundNamingWhatWasMissing() {
    var error = ApiException.notFound("Project prj_1").error();

    assertThat(error.status()).isEqualTo(404);
    assertThat(error.getError()).isEqualTo("not_found");
    assertThat(error.getMessage()).isEqualTo("Project prj_1 was not found.");
  }

  @Test
  void shouldAnswerAnInvalidFieldAs400NamingTheField() {
    var error = ApiException.invalidField("limit", "must be a whole number").error();

    assertThat(error.status()).isEqualTo(400);
    assertThat(error.getError()).isEqualTo("invalid_request");
    assertThat(error.extra()).containsEntry("field", "limit");
    assertThat(error.getMessage()).isEqualTo("Field 'limit' must be a whole number.");
  }

  @Test
  void shouldNotFillInAStackTraceForAnExpectedOutcome() {
    var exception = new ApiException(ErrorCode.NOT_FOUND, "x");

    assertThat(exception.getStackTrace()).isEmpty();
    assertThat(exception.getCause()).isNull();
    exception.addSuppressed(new IllegalStateException());
    assertThat(exception.getSuppressed()).isEmpty();
  }
}
