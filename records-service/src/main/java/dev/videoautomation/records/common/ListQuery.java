package dev.videoautomation.records.common;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.videoautomation.platform.lists.PageRequest;

/**
 * One list call: the owner, exact-match column filters (column names come from code, never from the caller), the
 * ANDed tag filters and the page. {@code hideArchived} drops rows whose status is {@code archived}.
 */
public record ListQuery(String clientId, Map<String, String> equals, Map<String, String> tags, boolean hideArchived,
    PageRequest page) {

  public static ListQuery of(String clientId, Map<String, String> tags, PageRequest page) {
    return new ListQuery(clientId, new LinkedHashMap<>(), tags, false, page);
  }

  /** Adds {@code column = value} when value is given. */
  public ListQuery where(String column, String value) {
    if (value != null) {
      equals.put(column, value);
    }
    return this;
  }

  public ListQuery hidingArchived(boolean hide) {
    return new ListQuery(clientId, equals, tags, hide, page);
  }
}
