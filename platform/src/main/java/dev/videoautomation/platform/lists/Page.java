package dev.videoautomation.platform.lists;

import java.util.List;
import java.util.function.Function;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The list envelope of every list endpoint: {@code {"data": [...], "nextCursor": "..." | null}}. */
@RegisterForReflection
public record Page<T>(List<T> data, String nextCursor) {

  /**
   * Builds a page from rows fetched with {@code limit + 1}: the extra row only proves there is a next page, and the
   * cursor points after the last row returned.
   */
  public static <R, T> Page<T> fromRows(List<R> rows, PageRequest request, Function<R, Cursor> cursorOf,
      Function<R, T> toItem) {
    var hasMore = rows.size() > request.limit();
    var pageRows = hasMore ? rows.subList(0, request.limit()) : rows;
    var next = hasMore ? cursorOf.apply(pageRows.getLast()).encode() : null;
    return new Page<>(pageRows.stream().map(toItem).toList(), next);
  }
}
