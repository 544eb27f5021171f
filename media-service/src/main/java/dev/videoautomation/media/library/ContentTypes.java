package dev.videoautomation.media.library;

import java.util.List;
import java.util.Locale;

/** Media type patterns ({@code video/*}, {@code image/jpeg}) and the default set of what may be stored. */
public final class ContentTypes {
  public static final List<String> MEDIA = List.of("audio/*", "video/*", "image/*");

  private ContentTypes() {
  }

  /** Whether {@code contentType} (parameters ignored) matches any of the patterns. */
  public static boolean matchesAny(String contentType, List<String> patterns) {
    var type = bare(contentType);
    for (var pattern : patterns.isEmpty() ? MEDIA : patterns) {
      var wanted = bare(pattern);
      if (wanted.equals("*/*") || wanted.equals(type)
          || (wanted.endsWith("/*") && type.startsWith(wanted.substring(0, wanted.length() - 1)))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a pattern is well formed: {@code type/subtype} or {@code type/*}. */
  public static boolean isPattern(String pattern) {
    return pattern != null && bare(pattern).matches("[a-z0-9.+-]+/([a-z0-9.+-]+|\\*)");
  }

  public static String bare(String contentType) {
    if (contentType == null) {
      return "";
    }
    int semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
  }
}
