package dev.videoautomation.platform.urls;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one {@link GuardedFetcher#open fetch} accepts: at most {@code maxBytes} of body, a content type matching one of
 * {@code allowedContentTypes} ({@code video/*}, {@code image/jpeg}, {@code *}{@code /*}; empty = any; parameters such as
 * {@code ; charset=} are ignored), extra request {@code headers} (e.g. {@code Authorization} for a provider download;
 * dropped when a redirect leaves the first URL's origin), and the request {@code field} the URL came from, named in
 * refusals. Immutable; the {@code with*} methods return a copy.
 */
public record FetchLimits(long maxBytes, List<String> allowedContentTypes, Map<String, String> headers, String field) {

  public FetchLimits {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("maxBytes must be positive");
    }
    allowedContentTypes = allowedContentTypes == null ? List.of()
        : allowedContentTypes.stream().map(t -> t.strip().toLowerCase(Locale.ROOT)).toList();
    headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  /** At most {@code maxBytes}, of one of {@code allowedContentTypes} (none given: any type). */
  public static FetchLimits of(long maxBytes, String... allowedContentTypes) {
    return new FetchLimits(maxBytes, Arrays.asList(allowedContentTypes), Map.of(), null);
  }

  public FetchLimits withHeader(String name, String value) {
    var copy = new LinkedHashMap<>(headers);
    copy.put(name, value);
    return new FetchLimits(maxBytes, allowedContentTypes, copy, field);
  }

  public FetchLimits withField(String newField) {
    return new FetchLimits(maxBytes, allowedContentTypes, headers, newField);
  }

  public FetchLimits withContentTypes(String... types) {
    return new FetchLimits(maxBytes, Arrays.asList(types), headers, field);
  }

  /** Whether {@code contentType} (a Content-Type header value, parameters allowed) is accepted. */
  public boolean allows(String contentType) {
    if (allowedContentTypes.isEmpty()) {
      return true;
    }
    var type = mediaType(contentType);
    if (type == null) {
      return false;
    }
    for (var pattern : allowedContentTypes) {
      if (pattern.equals("*") || pattern.equals("*/*") || pattern.equals(type)) {
        return true;
      }
      if (pattern.endsWith("/*") && type.startsWith(pattern.substring(0, pattern.length() - 1))) {
        return true;
      }
    }
    return false;
  }

  /** {@code type/subtype} in lower case without parameters, or {@code null} when there is none. */
  static String mediaType(String contentType) {
    if (contentType == null) {
      return null;
    }
    int semicolon = contentType.indexOf(';');
    var type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    return type.isEmpty() ? null : type;
  }
}
