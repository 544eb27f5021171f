package dev.videoautomation.platform.lists;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.videoautomation.platform.errors.ApiException;

/**
 * The {@code tag.<key>=<value>} query filters of list endpoints. Several are ANDed; a key given twice is a
 * contradiction the caller should hear about rather than an empty list.
 */
public final class TagFilters {
  public static final String PREFIX = "tag.";
  public static final int MAX_FILTERS = 20;
  public static final int MAX_KEY_LENGTH = Tags.MAX_KEY_LENGTH;
  public static final int MAX_VALUE_LENGTH = Tags.MAX_VALUE_LENGTH;

  private TagFilters() {
  }

  /** The filters among the query parameters, in the order given; parameters without the prefix are ignored. */
  public static Map<String, String> parse(Map<String, List<String>> query) {
    var filters = new LinkedHashMap<String, String>();
    for (var entry : query.entrySet()) {
      if (!entry.getKey().startsWith(PREFIX)) {
        continue;
      }
      var key = entry.getKey().substring(PREFIX.length());
      var param = entry.getKey();
      if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
        throw ApiException.invalidField(param, "needs a tag key of 1 to " + MAX_KEY_LENGTH + " characters");
      }
      if (entry.getValue().size() != 1) {
        throw ApiException.invalidField(param, "may be given once");
      }
      var value = entry.getValue().getFirst();
      if (value == null || value.length() > MAX_VALUE_LENGTH) {
        throw ApiException.invalidField(param, "needs a value of at most " + MAX_VALUE_LENGTH + " characters");
      }
      filters.put(key, value);
    }
    if (filters.size() > MAX_FILTERS) {
      throw ApiException.invalidField("tag", "filters are limited to " + MAX_FILTERS + " per call");
    }
    return Collections.unmodifiableMap(filters);
  }
}
