package dev.videoautomation.platform.lists;

import java.util.Optional;

import dev.videoautomation.platform.errors.ApiException;

/** The {@code limit} and {@code cursor} query parameters of a list call, validated. */
public record PageRequest(int limit, Optional<Cursor> after) {
  public static final int DEFAULT_LIMIT = 50;
  public static final int MAX_LIMIT = 200;

  /** Parses the raw query values; a bad value is a 400 naming {@code limit} or {@code cursor}. */
  public static PageRequest of(String limit, String cursor) {
    return new PageRequest(parseLimit(limit), Optional.ofNullable(cursor).filter(c -> !c.isBlank())
        .map(Cursor::decode));
  }

  /** How many rows to fetch: one more than the page, to know whether a next page exists. */
  public int fetchSize() {
    return limit + 1;
  }

  private static int parseLimit(String raw) {
    if (raw == null || raw.isBlank()) {
      return DEFAULT_LIMIT;
    }
    try {
      var value = Integer.parseInt(raw.trim());
      if (value >= 1 && value <= MAX_LIMIT) {
        return value;
      }
    } catch (NumberFormatException e) {
      // falls through to the same answer as an out-of-range number
    }
    throw ApiException.invalidField("limit", "must be a whole number from 1 to " + MAX_LIMIT);
  }
}
