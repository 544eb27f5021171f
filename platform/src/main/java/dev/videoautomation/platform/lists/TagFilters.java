package dev.videoautomation.platform.lists;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.videoautomation.platform.errors.ApiException;

/**
 * The tag filters of list endpoints: {@code tag[<key>]=<value>}, the form OpenAPI 3.0 can declare (the
 * {@code tag} parameter, {@code style: deepObject}, so generated clients send it), and the older
 * {@code tag.<key>=<value>}, in any mix. Several are ANDed; a key given twice, in either form, is a contradiction the
 * caller should hear about rather than an empty list. Parameter names arrive percent-decoded (JAX-RS decodes the
 * query), so {@code tag%5Benv%5D} is {@code tag[env]}.
 */
public final class TagFilters {
  /** The declared parameter's name: {@code tag[<key>]} is its deepObject form. */
  public static final String PARAMETER = "tag";
  public static final String PREFIX = "tag.";
  public static final String BRACKET_PREFIX = "tag[";
  public static final int MAX_FILTERS = 20;
  public static final int MAX_KEY_LENGTH = Tags.MAX_KEY_LENGTH;
  public static final int MAX_VALUE_LENGTH = Tags.MAX_VALUE_LENGTH;

  private TagFilters() {
  }

  /** The filters among the query parameters, in the order given; parameters of other names are ignored. */
  public static Map<String, String> parse(Map<String, List<String>> query) {
    var filters = new LinkedHashMap<String, String>();
    var parameterOfKey = new HashMap<String, String>();
    for (var entry : query.entrySet()) {
      var param = entry.getKey();
      var key = key(param);
      if (key == null) {
        continue;
      }
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
      var other = parameterOfKey.putIfAbsent(key, param);
      if (other != null) {
        // One key in both forms (a form repeated is one parameter with two values): named the same way whatever
        // order the query map keeps.
        var bracket = param.startsWith(BRACKET_PREFIX) ? param : other;
        var dotted = bracket.equals(param) ? other : param;
        throw ApiException.invalidField(bracket, "filters on the tag key '" + key + "' as " + dotted
            + " does; give each key once");
      }
      filters.put(key, value);
    }
    if (filters.size() > MAX_FILTERS) {
      throw ApiException.invalidField(PARAMETER, "filters are limited to " + MAX_FILTERS + " per call");
    }
    return Collections.unmodifiableMap(filters);
  }

  /**
   * The tag key {@code param} filters on; null when it is no tag filter. A bare {@code tag}, or a bracket that is
   * not closed at the end, is refused: the caller meant a filter, and ignoring it would answer an unfiltered list.
   */
  private static String key(String param) {
    if (param.startsWith(PREFIX)) {
      return param.substring(PREFIX.length());
    }
    if (param.startsWith(BRACKET_PREFIX)) {
      if (!param.endsWith("]")) {
        throw ApiException.invalidField(param, "needs the form tag[<key>]=<value>");
      }
      return param.substring(BRACKET_PREFIX.length(), param.length() - 1);
    }
    if (param.equals(PARAMETER)) {
      throw ApiException.invalidField(param, "needs a key: tag[<key>]=<value> or tag.<key>=<value>");
    }
    return null;
  }
}
