package dev.videoautomation.platform.lists;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class PageTest {
  private static final long DEFAULT_CREATED_AT = 1_795_000_000_000L;

  record Row(long createdAt, String id, String name) {
  }

  @Test
  void shouldPointTheCursorAtTheLastReturnedRowWhenThereIsOneRowMore() {
    var request = PageRequest.of("3", null);
    var rows = rows(request.fetchSize());

    var page = page(rows, request);

    assertThat(page.data()).containsExactly("row-0", "row-1", "row-2");
    assertThat(page.nextCursor()).isNotNull();
    assertThat(Cursor.decode(page.nextCursor())).isEqualTo(new Cursor(DEFAULT_CREATED_AT - 2, "pst_2"));
  }

  @Test
  void shouldGiveNoCursorWhenExactlyTheLimitCameBack() {
    var request = PageRequest.of("3", null);

    var page = page(rows(3), request);

    assertThat(page.data()).containsExactly("row-0", "row-1", "row-2");
    assertThat(page.nextCursor()).isNull();
  }

  @Test
  void shouldGiveNoCursorForAShortOrEmptyPage() {
    var request = PageRequest.of("3", null);

    assertThat(page(rows(1), request)).isEqualTo(new Page<>(List.of("row-0"), null));
    assertThat(page(rows(0), request)).isEqualTo(new Page<>(List.of(), null));
  }

  @Test
  void shouldWalkAListPageByPageWithoutGapsOrRepeats() {
    var all = rows(7);
    var seen = new java.util.ArrayList<String>();
    String cursor = null;
    do {
      var request = PageRequest.of("3", cursor);
      var after = request.after();
      var remaining = all.stream()
          .filter(r -> after.isEmpty() || r.createdAt() < after.get().createdAt())
          .limit(request.fetchSize())
          .toList();
      var page = page(remaining, request);
      seen.addAll(page.data());
      cursor = page.nextCursor();
    } while (cursor != null);

    assertThat(seen).containsExactly("row-0", "row-1", "row-2", "row-3", "row-4", "row-5", "row-6");
  }

  private static Page<String> page(List<Row> rows, PageRequest request) {
    return Page.fromRows(rows, request, r -> new Cursor(r.createdAt(), r.id()), Row::name);
  }

  /** Newest first, as the database returns them. */
  private static List<Row> rows(int count) {
    return IntStream.range(0, count).mapToObj(i -> new Row(DEFAULT_CREATED_AT - i, "pst_" + i, "row-" + i)).toList();
  }
}
