package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class ErrorCodeTest {
  private static final Path ERRORS_DOC = Path.of("..", "docs", "errors.md");
  /** A table row whose first cell is a code in backticks: {@code | `code` | 400 | ... |}. */
  private static final Pattern CODE_ROW = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|\\s*(\\d{3})\\s*\\|(.*)\\|\\s*$");

  @Test
  void shouldSpellEveryCodeAsTheLowerSnakeCaseOfItsName() {
    assertThat(ErrorCode.INVALID_REQUEST.code()).isEqualTo("invalid_request");
    assertThat(ErrorCode.IDEMPOTENCY_KEY_MISMATCH.code()).isEqualTo("idempotency_key_mismatch");
    assertThat(ErrorCode.INTERNAL_ERROR.code()).isEqualTo("internal_error");
    for (var code : ErrorCode.values()) {
      assertThat(code.code()).matches("[a-z]+(_[a-z]+)*").isEqualTo(code.name().toLowerCase());
    }
  }

  @Test
  void shouldCarryTheStatusesTheDesignFixes() {
    var expected = new LinkedHashMap<String, Integer>();
    expected.put("invalid_request", 400);
    expected.put("unauthorized", 401);
    expected.put("insufficient_scope", 403);
    expected.put("subscription_required", 403);
    expected.put("not_found", 404);
    expected.put("method_not_allowed", 405);
    expected.put("idempotency_key_in_use", 409);
    expected.put("payload_too_large", 413);
    expected.put("idempotency_key_mismatch", 422);
    expected.put("rate_limited", 429);
    expected.put("insufficient_credits", 402);
    expected.put("url_not_allowed", 400);
    expected.put("unsupported_platform", 400);
    expected.put("provider_not_configured", 503);
    expected.put("upstream_error", 502);
    expected.put("upstream_timeout", 504);
    expected.put("internal_error", 500);
    expected.put("code_attempts_exhausted", 401);
    expected.put("not_anonymous_registration", 400);

    expected.forEach((code, status) -> assertThat(ErrorCode.fromCode(code)).as(code)
        .isNotNull()
        .extracting(ErrorCode::status).isEqualTo(status));
  }

  @Test
  void shouldMapEachBareStatusToTheCodeThatStandsForIt() {
    assertThat(ErrorCode.forStatus(400)).isEqualTo(ErrorCode.INVALID_REQUEST);
    assertThat(ErrorCode.forStatus(401)).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(ErrorCode.forStatus(402)).isEqualTo(ErrorCode.INSUFFICIENT_CREDITS);
    assertThat(ErrorCode.forStatus(403)).isEqualTo(ErrorCode.INSUFFICIENT_SCOPE);
    assertThat(ErrorCode.forStatus(404)).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(ErrorCode.forStatus(405)).isEqualTo(ErrorCode.METHOD_NOT_ALLOWED);
    assertThat(ErrorCode.forStatus(406)).isEqualTo(ErrorCode.NOT_ACCEPTABLE);
    assertThat(ErrorCode.forStatus(409)).isEqualTo(ErrorCode.CONFLICT);
    assertThat(ErrorCode.forStatus(413)).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    assertThat(ErrorCode.forStatus(415)).isEqualTo(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    assertThat(ErrorCode.forStatus(422)).isEqualTo(ErrorCode.UNPROCESSABLE);
    assertThat(ErrorCode.forStatus(429)).isEqualTo(ErrorCode.RATE_LIMITED);
    assertThat(ErrorCode.forStatus(500)).isEqualTo(ErrorCode.INTERNAL_ERROR);
    assertThat(ErrorCode.forStatus(501)).isEqualTo(ErrorCode.NOT_IMPLEMENTED);
    assertThat(ErrorCode.forStatus(502)).isEqualTo(ErrorCode.UPSTREAM_ERROR);
    assertThat(ErrorCode.forStatus(503)).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
    assertThat(ErrorCode.forStatus(504)).isEqualTo(ErrorCode.UPSTREAM_TIMEOUT);
  }

  @Test
  void shouldFallBackToInvalidRequestOrInternalErrorForOtherStatuses() {
    assertThat(ErrorCode.forStatus(418)).isEqualTo(ErrorCode.INVALID_REQUEST);
    assertThat(ErrorCode.forStatus(410)).isEqualTo(ErrorCode.INVALID_REQUEST);
    assertThat(ErrorCode.forStatus(505)).isEqualTo(ErrorCode.INTERNAL_ERROR);
    assertThat(ErrorCode.forStatus(599)).isEqualTo(ErrorCode.INTERNAL_ERROR);
  }

  @Test
  void shouldGiveForEveryMappedStatusACodeWithThatStatus() {
    for (var status : new int[] {400, 401, 402, 403, 404, 405, 406, 409, 413, 415, 422, 429, 500, 501, 502, 503, 504}) {
      assertThat(ErrorCode.forStatus(status).status()).as("status %d", status).isEqualTo(status);
    }
  }

  @Test
  void shouldFindACodeByItsStringAndNothingForAnUnknownOne() {
    for (var code : ErrorCode.values()) {
      assertThat(ErrorCode.fromCode(code.code())).isEqualTo(code);
    }
    assertThat(ErrorCode.fromCode("RATE_LIMITED")).isNull();
    assertThat(ErrorCode.fromCode("no_such_code")).isNull();
  }

  @Test
  void shouldDocumentEveryCodeWithItsStatusInEnumOrderAndNothingElse() throws IOException {
    var documented = documentedCodes();

    assertThat(documented.keySet())
        .containsExactlyElementsOf(Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList());
    for (var code : ErrorCode.values()) {
      assertThat(documented.get(code.code())).as("status of %s in %s", code.code(), ERRORS_DOC)
          .isEqualTo(code.status());
    }
  }

  @Test
  void shouldSayForEveryDocumentedCodeWhatItMeansAndWhatToDo() throws IOException {
    for (var line : Files.readAllLines(ERRORS_DOC)) {
      var row = CODE_ROW.matcher(line.strip());
      if (row.matches()) {
        var cells = row.group(3).split("\\|");
        assertThat(cells).as("meaning and advice of %s", row.group(1)).hasSize(2);
        assertThat(cells[0].strip()).as("meaning of %s", row.group(1)).hasSizeGreaterThan(10);
        assertThat(cells[1].strip()).as("advice for %s", row.group(1)).hasSizeGreaterThan(10);
      }
    }
  }

  /** The codes of the table in docs/errors.md with their statuses, in the order listed. */
  private static Map<String, Integer> documentedCodes() throws IOException {
    var codes = new LinkedHashMap<String, Integer>();
    for (var line : Files.readAllLines(ERRORS_DOC)) {
      var row = CODE_ROW.matcher(line.strip());
      if (row.matches()) {
        assertThat(codes.put(row.group(1), Integer.parseInt(row.group(2)))).as("%s listed twice", row.group(1))
            .isNull();
      }
    }
    return codes;
  }
}
