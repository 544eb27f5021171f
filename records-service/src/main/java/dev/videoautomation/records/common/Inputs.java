package dev.videoautomation.records.common;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Tags;

/** Checks of request fields shared by the six record kinds; each failure is a 400 naming the field. */
public final class Inputs {
  public static final int MAX_NAME = 200;
  public static final int MAX_URL = 2048;
  /** Serialized size limit of a {@code metadata} object. */
  public static final int MAX_METADATA_BYTES = 16 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  private Inputs() {
  }

  public static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS);
  }

  public static String required(String field, String value, int maxLength) {
    if (value == null || value.isBlank()) {
      throw ApiException.invalidField(field, "is required");
    }
    return optional(field, value, maxLength);
  }

  public static String optional(String field, String value, int maxLength) {
    if (value != null && value.length() > maxLength) {
      throw ApiException.invalidField(field, "may be at most " + maxLength + " characters long");
    }
    return value;
  }

  public static String oneOf(String field, String value, Set<String> allowed) {
    if (value != null && !allowed.contains(value)) {
      throw ApiException.invalidField(field, "must be one of " + String.join(", ", new TreeSet<>(allowed)));
    }
    return value;
  }

  /** A required absolute http or https URL with a host. */
  public static String httpUrl(String field, String value) {
    required(field, value, MAX_URL);
    try {
      var uri = new URI(value.trim());
      var scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return value.trim();
      }
    } catch (URISyntaxException e) {
      // answered below, like any other URL that is not http(s)
    }
    throw ApiException.invalidField(field, "must be an absolute http or https URL");
  }

  /** A JSON object of at most {@code maxBytes} once serialized; null stays null. */
  public static Map<String, Object> object(String field, Map<String, Object> value, int maxBytes) {
    if (value == null) {
      return null;
    }
    try {
      if (JSON.writeValueAsBytes(value).length > maxBytes) {
        throw ApiException.invalidField(field, "may be at most " + maxBytes + " bytes of JSON");
      }
    } catch (JsonProcessingException e) {
      throw ApiException.invalidField(field, "must be a JSON object");
    }
    return value;
  }

  public static Map<String, Object> metadata(Map<String, Object> value) {
    return object("metadata", value, MAX_METADATA_BYTES);
  }

  /** At most 50 tags, keys 1–64 characters and unique, values at most 256; null stays null (unchanged). */
  public static List<Tags.Tag> tags(List<Tags.Tag> tags) {
    if (tags == null) {
      return null;
    }
    for (int i = 0; i < tags.size(); i++) {
      var tag = tags.get(i);
      if (tag == null) {
        continue; // Tags.validate names it
      }
      if (tag.key() == null || tag.key().isBlank() || tag.key().length() > Tags.MAX_KEY_LENGTH) {
        throw ApiException.invalidField("tags[" + i + "].key", "must be 1 to " + Tags.MAX_KEY_LENGTH + " characters");
      }
      if (tag.value() == null || tag.value().length() > Tags.MAX_VALUE_LENGTH) {
        throw ApiException.invalidField("tags[" + i + "].value",
            "is required and may be at most " + Tags.MAX_VALUE_LENGTH + " characters");
      }
    }
    return Tags.validate(tags);
  }

  /** A path or query id of the right form; anything else is a 400 naming {@code field}. */
  public static String id(String field, IdPrefix prefix, String id) {
    if (!Ids.looksLike(prefix, id)) {
      throw ApiException.invalidField(field, "must be an id of the form " + prefix.prefix() + "_…");
    }
    return id;
  }

  public static String statusFilter(String value, Set<String> allowed) {
    return filter("status", value, allowed);
  }

  /** A list filter: absent or blank is no filter, anything else must be one of {@code allowed}. */
  public static String filter(String field, String value, Set<String> allowed) {
    return oneOf(field, value == null || value.isBlank() ? null : value, allowed);
  }
}
