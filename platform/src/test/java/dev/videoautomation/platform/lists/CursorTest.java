package dev.videoautomation.platform.lists;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.errors.ApiException;

class CursorTest {
  private static final long DEFAULT_CREATED_AT = 1_795_000_000_123L;
  private static final String DEFAULT_ID = "pst_5Hq0aZ9bC1dE2fG3hI4jK5";

  @Test
  void shouldDecodeWhatItEncoded() {
    var cursor = new Cursor(DEFAULT_CREATED_AT, DEFAULT_ID);

    assertThat(Cursor.decode(cursor.encode())).isEqualTo(cursor);
  }

  @Test
  void shouldNameTheCursorFieldWhenItIsMissing() {
    var error = catchThrowableOfType(ApiException.class, () -> Cursor.decode(null));

    assertThat(error.error().extra()).containsEntry("field", "cursor");
    assertThat(error.error().status()).isEqualTo(400);
  }

  @Test
  void shouldKeepAnIdThatContainsColonsAndANegativeTime() {
    var cursor = new Cursor(-5, "a:b:c");

    assertThat(Cursor.decode(cursor.encode())).isEqualTo(cursor);
  }

  @Test
  void shouldEncodeAsUrlSafeTextWithoutPadding() {
    for (int i = 0; i < 50; i++) {
      var encoded = new Cursor(DEFAULT_CREATED_AT + i, DEFAULT_ID + "?/+" + "x".repeat(i)).encode();

      assertThat(encoded).matches("[A-Za-z0-9_-]+");
    }
  }

  @Test
  void shouldHideTheRowBehindAnOpaqueString() {
    var encoded = new Cursor(DEFAULT_CREATED_AT, DEFAULT_ID).encode();

    assertThat(encoded).doesNotContain(DEFAULT_ID).doesNotContain(String.valueOf(DEFAULT_CREATED_AT));
  }

  @Test
  void shouldRejectACursorThisApiDidNotIssue() {
    assertRejected("not a cursor!");
    assertRejected("");
    assertRejected("%%%");
    assertRejected(Base64.getEncoder().encodeToString(new byte[] {(byte) 0xFB, (byte) 0xFF}));
  }

  @Test
  void shouldRejectACursorOfAnotherVersion() {
    assertRejected(encodeRaw("c2:" + DEFAULT_CREATED_AT + ":" + DEFAULT_ID));
    assertRejected(encodeRaw("C1:" + DEFAULT_CREATED_AT + ":" + DEFAULT_ID));
    assertRejected(encodeRaw(DEFAULT_CREATED_AT + ":" + DEFAULT_ID));
  }

  @Test
  void shouldRejectACursorWithABadTimeOrNoId() {
    assertRejected(encodeRaw("c1:yesterday:" + DEFAULT_ID));
    assertRejected(encodeRaw("c1:99999999999999999999:" + DEFAULT_ID));
    assertRejected(encodeRaw("c1::" + DEFAULT_ID));
    assertRejected(encodeRaw("c1:" + DEFAULT_CREATED_AT + ":"));
    assertRejected(encodeRaw("c1:" + DEFAULT_CREATED_AT + ":  "));
    assertRejected(encodeRaw("c1:" + DEFAULT_CREATED_AT));
  }

  private static String encodeRaw(String raw) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertRejected(String encoded) {
    var failure = catchThrowableOfType(ApiException.class, () -> Cursor.decode(encoded));

    assertThat(failure).as("cursor '%s'", encoded).isNotNull();
    assertThat(failure.error().status()).isEqualTo(400);
    assertThat(failure.error().getError()).isEqualTo("invalid_request");
    assertThat(failure.error().extra()).containsEntry("field", "cursor");
    assertThat(failure.error().getMessage()).startsWith("Field 'cursor' ").contains("nextCursor");
  }
}
