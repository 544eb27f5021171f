package dev.videoautomation.platform.lists;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.videoautomation.platform.errors.ApiException;

/**
 * A keyset position in a newest-first list: the {@code createdAt} and id of the last row seen. Callers get it as an
 * opaque string; the next page is the rows strictly after it in {@code (createdAt DESC, id DESC)} order.
 */
public record Cursor(long createdAt, String id) {
  private static final String VERSION = "c1";

  public String encode() {
    var raw = VERSION + ":" + createdAt + ":" + id;
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
  }

  public static Cursor decode(String encoded) {
    if (encoded == null) {
      throw ApiException.invalidField("cursor", "is required here; pass nextCursor from the last page");
    }
    try {
      var raw = new String(Base64.getUrlDecoder().decode(encoded), StandardCharsets.UTF_8);
      var parts = raw.split(":", 3);
      if (parts.length == 3 && parts[0].equals(VERSION) && !parts[2].isBlank()) {
        return new Cursor(Long.parseLong(parts[1]), parts[2]);
      }
    } catch (IllegalArgumentException e) {
      // NumberFormatException is an IllegalArgumentException too: every malformed cursor lands here.
    }
    throw ApiException.invalidField("cursor", "is not a cursor this API issued; pass nextCursor from the last page");
  }
}
