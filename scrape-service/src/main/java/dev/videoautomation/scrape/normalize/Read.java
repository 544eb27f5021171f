package dev.videoautomation.scrape.normalize;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How the mappers read a provider answer: each reader answers null when the provider did not give the value (absent,
 * null, blank, or not of a readable kind), so a normalized field is never invented. Ids are read as the provider
 * wrote them (text, or an integral number's exact digits: 64-bit ids are never read through a double).
 */
final class Read {
  /** X's dates: {@code Wed Dec 01 19:13:23 +0000 2010}. */
  private static final DateTimeFormatter MICROBLOG_DATE =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ENGLISH);
  /** Epoch values above this are milliseconds, below it seconds (10^11 s is the year 5138). */
  private static final long MILLIS_FROM = 100_000_000_000L;
  private static final Pattern HASHTAG = Pattern.compile("(?<![\\w&])#(\\w+)", Pattern.UNICODE_CHARACTER_CLASS);
  /** A count written out in full with separators, e.g. {@code 9,221 videos}; abbreviations (2.75M) are not exact. */
  private static final Pattern FULL_COUNT = Pattern.compile("^\\s*(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\s.*)?$");

  private Read() {
  }

  /** The first of {@code nodes} that holds a value (not absent, not null). */
  static JsonNode first(JsonNode... nodes) {
    for (var node : nodes) {
      if (present(node)) {
        return node;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  static boolean present(JsonNode node) {
    return node != null && !node.isMissingNode() && !node.isNull();
  }

  /** Text, or an integral number's exact digits; blank is not given. */
  static String text(JsonNode node) {
    if (node == null || !(node.isTextual() || node.isIntegralNumber() || node.isBigDecimal())) {
      return null;
    }
    var text = node.isBigDecimal() ? node.decimalValue().toPlainString() : node.asText();
    return text.isBlank() ? null : text;
  }

  /** The first of {@code nodes} with text. */
  static String text(JsonNode... nodes) {
    for (var node : nodes) {
      var text = text(node);
      if (text != null) {
        return text;
      }
    }
    return null;
  }

  /** The first value that is not null. */
  @SafeVarargs
  static <T> T either(T... values) {
    for (var value : values) {
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  /** A count: an integral number, a decimal one rounded down, or text of digits ({@code "101132"}). */
  static Long count(JsonNode node) {
    if (node == null) {
      return null;
    }
    if (node.isIntegralNumber()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.decimalValue().longValue();
    }
    if (node.isTextual() && node.asText().strip().matches("\\d{1,18}")) {
      return Long.parseLong(node.asText().strip());
    }
    return null;
  }

  static Long count(JsonNode... nodes) {
    for (var node : nodes) {
      var count = count(node);
      if (count != null) {
        return count;
      }
    }
    return null;
  }

  /** A count the provider gives only as display text written out in full ({@code "9,221 videos"}); else null. */
  static Long countFromText(JsonNode node) {
    var text = text(node);
    if (text == null) {
      return null;
    }
    var matcher = FULL_COUNT.matcher(text);
    return matcher.matches() ? Long.valueOf(matcher.group(1).replaceAll("\\D", "")) : null;
  }

  static Integer size(JsonNode node) {
    var count = count(node);
    return count == null || count > Integer.MAX_VALUE ? null : count.intValue();
  }

  static Integer size(JsonNode... nodes) {
    for (var node : nodes) {
      var size = size(node);
      if (size != null) {
        return size;
      }
    }
    return null;
  }

  static Double decimal(JsonNode node) {
    if (node == null) {
      return null;
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    if (node.isTextual()) {
      try {
        return new BigDecimal(node.asText().strip()).doubleValue();
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  /** Seconds from a value in milliseconds. */
  static Double secondsFromMillis(JsonNode node) {
    var millis = decimal(node);
    return millis == null ? null : millis / 1000.0;
  }

  static Boolean bool(JsonNode node) {
    return node != null && node.isBoolean() ? node.asBoolean() : null;
  }

  static Boolean bool(JsonNode... nodes) {
    for (var node : nodes) {
      var value = bool(node);
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  /** Whether a page flag says there is no next page: {@code false}, {@code 0} or {@code "0"}. */
  static boolean saysNoMore(JsonNode flag) {
    if (flag == null || flag.isMissingNode() || flag.isNull()) {
      return false;
    }
    return flag.isBoolean() ? !flag.asBoolean() : flag.isNumber() ? flag.asLong() == 0 : "0".equals(flag.asText());
  }

  /**
   * What to send as {@code cursor} for the next page: the provider's token, unless its page flag says there is none
   * ({@code hasMore} false or 0, or {@code lastPage} true). Null when there is no next page or no token.
   */
  static String nextCursor(JsonNode token, JsonNode hasMore) {
    return saysNoMore(hasMore) ? null : text(token);
  }

  /**
   * An instant in epoch milliseconds, from any form the providers use: epoch seconds (or milliseconds, when the
   * value is that large) as a number or digits, ISO-8601 with an offset or {@code Z}, or X's date form.
   */
  static Long epochMs(JsonNode node) {
    if (node == null) {
      return null;
    }
    if (node.isNumber() || node.isTextual() && node.asText().strip().matches("\\d{1,16}(\\.\\d+)?")) {
      var value = node.isNumber() ? node.asDouble() : Double.parseDouble(node.asText().strip());
      if (value <= 0) {
        return null;
      }
      return value >= MILLIS_FROM ? (long) value : Math.round(value * 1000);
    }
    var text = text(node);
    if (text == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(text).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      // not ISO with an offset: try the other forms
    }
    try {
      return Instant.parse(text).toEpochMilli();
    } catch (DateTimeParseException e) {
      // not an ISO instant either
    }
    try {
      return ZonedDateTime.parse(text, MICROBLOG_DATE).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The first text of a list of mirrors ({@code url_list}), or the text itself. */
  static String firstUrl(JsonNode node) {
    if (node == null) {
      return null;
    }
    if (node.isArray()) {
      for (var item : node) {
        var url = text(item);
        if (url != null) {
          return url;
        }
      }
      return null;
    }
    return text(node);
  }

  /**
   * The provider's URL of a post when it names the post's id; the published examples splice another post's
   * {@code url} into some items, and a link to another post is worse than none.
   */
  static String urlNaming(String url, String id) {
    return url != null && (id == null || url.contains(id)) ? url : null;
  }

  /** A URL without its query string (share links carry tracking parameters). */
  static String withoutQuery(String url) {
    if (url == null) {
      return null;
    }
    var query = url.indexOf('?');
    return query < 0 ? url : url.substring(0, query);
  }

  /** Each element of an array mapped, nulls dropped; an absent array is an empty list. */
  static <T> List<T> each(JsonNode array, Function<JsonNode, T> mapper) {
    var list = new ArrayList<T>();
    if (array != null && array.isArray()) {
      for (var item : array) {
        var mapped = mapper.apply(item);
        if (mapped != null) {
          list.add(mapped);
        }
      }
    }
    return list;
  }

  /** The #words of some texts, in order, once each; null when no text was given. */
  static List<String> hashtagsIn(String... texts) {
    var tags = new LinkedHashSet<String>();
    var any = false;
    for (var text : texts) {
      if (text != null) {
        any = true;
        var matcher = HASHTAG.matcher(text);
        while (matcher.find()) {
          tags.add(matcher.group(1));
        }
      }
    }
    return any ? List.copyOf(tags) : null;
  }

  /** The text of each element's {@code field}, or null when the array itself was not given. */
  static List<String> texts(JsonNode array, String field) {
    if (array == null || !array.isArray()) {
      return null;
    }
    return each(array, item -> text(field == null ? item : item.path(field)));
  }
}
