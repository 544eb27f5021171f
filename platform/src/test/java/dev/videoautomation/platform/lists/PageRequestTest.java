package dev.videoautomation.platform.lists;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.errors.ApiException;

class PageRequestTest {

  @Test
  void shouldDefaultTo50RowsFromTheStart() {
    for (var limit : new String[] {null, "", "  "}) {
      var request = PageRequest.of(limit, null);

      assertThat(request.limit()).as("limit '%s'", limit).isEqualTo(50);
      assertThat(request.after()).isEmpty();
    }
    assertThat(PageRequest.DEFAULT_LIMIT).isEqualTo(50);
  }

  @Test
  void shouldAcceptEveryLimitFrom1To200() {
    assertThat(PageRequest.of("1", null).limit()).isEqualTo(1);
    assertThat(PageRequest.of("200", null).limit()).isEqualTo(200);
    assertThat(PageRequest.of(" 20 ", null).limit()).isEqualTo(20);
    assertThat(PageRequest.MAX_LIMIT).isEqualTo(200);
  }

  @Test
  void shouldFetchOneRowMoreThanThePage() {
    assertThat(PageRequest.of("10", null).fetchSize()).isEqualTo(11);
    assertThat(PageRequest.of(null, null).fetchSize()).isEqualTo(51);
  }

  @Test
  void shouldRejectALimitOutsideTheRangeOrNotANumberNamingLimit() {
    for (var limit : new String[] {"0", "201", "-1", "abc", "1.5", "1e2", "99999999999"}) {
      var failure = catchThrowableOfType(ApiException.class, () -> PageRequest.of(limit, null));

      assertThat(failure).as("limit '%s'", limit).isNotNull();
      assertThat(failure.error().status()).isEqualTo(400);
      assertThat(failure.error().getError()).isEqualTo("invalid_request");
      assertThat(failure.error().extra()).containsEntry("field", "limit");
      assertThat(failure.error().getMessage()).isEqualTo("Field 'limit' must be a whole number from 1 to 200.");
    }
  }

  @Test
  void shouldContinueAfterTheCursorGiven() {
    var cursor = new Cursor(1_795_000_000_000L, "prj_abc");

    var request = PageRequest.of("5", cursor.encode());

    assertThat(request.limit()).isEqualTo(5);
    assertThat(request.after()).contains(cursor);
  }

  @Test
  void shouldTreatABlankCursorAsTheStart() {
    assertThat(PageRequest.of(null, "").after()).isEmpty();
    assertThat(PageRequest.of(null, "   ").after()).isEmpty();
  }

  @Test
  void shouldRejectAGarbageCursorNamingCursor() {
    var failure = catchThrowableOfType(ApiException.class, () -> PageRequest.of("10", "garbage"));

    assertThat(failure).isNotNull();
    assertThat(failure.error().status()).isEqualTo(400);
    assertThat(failure.error().extra()).containsEntry("field", "cursor");
  }
}
