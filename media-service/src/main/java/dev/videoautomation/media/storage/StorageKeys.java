package dev.videoautomation.media.storage;

import java.util.Locale;
import java.util.regex.Pattern;

import dev.videoautomation.platform.calls.OwnMedia;

/**
 * Object keys: {@code m/<med id>/<file name>}. The id makes every key unique and lets a CDN request find its record;
 * the file name is only for people and players that look at extensions. No client id appears in a public URL. The
 * shape of a key (and of the public URLs holding one) is platform's {@link OwnMedia}, which every service reads.
 */
public final class StorageKeys {
  private static final Pattern UNSAFE = Pattern.compile("[^0-9A-Za-z._-]+");

  private StorageKeys() {
  }

  public static String of(String mediaId, String fileName) {
    return "m/" + mediaId + "/" + fileName;
  }

  public static boolean isValid(String key) {
    return OwnMedia.isStorageKey(key);
  }

  /** The media id a key belongs to. */
  public static String mediaIdOf(String key) {
    return OwnMedia.mediaIdOf(key);
  }

  /**
   * A safe file name: the suggested one's stem (letters, digits, dot, dash, underscore) or {@code media}, with the
   * extension that matches the stored content type.
   */
  public static String fileName(String suggested, String contentType) {
    String stem = "media";
    if (suggested != null && !suggested.isBlank()) {
      var base = suggested.replaceAll(".*[/\\\\]", "");
      int dot = base.lastIndexOf('.');
      // Runs of dots collapse to one (a key never holds ".."), and the stem is trimmed after it is cut to length, so
      // it neither starts nor ends with a dot, dash or underscore.
      var cleaned = UNSAFE.matcher(dot > 0 ? base.substring(0, dot) : base).replaceAll("-")
          .replaceAll("\\.{2,}", ".");
      if (cleaned.length() > 80) {
        cleaned = cleaned.substring(0, 80);
      }
      cleaned = cleaned.replaceAll("^[-._]+|[-._]+$", "");
      if (!cleaned.isEmpty()) {
        stem = cleaned;
      }
    }
    return stem + "." + extension(contentType);
  }

  public static String extension(String contentType) {
    return switch (contentType.toLowerCase(Locale.ROOT)) {
      case "video/mp4" -> "mp4";
      case "video/quicktime" -> "mov";
      case "video/webm", "audio/webm" -> "webm";
      case "video/x-matroska" -> "mkv";
      case "video/ogg" -> "ogv";
      case "video/mp2t" -> "ts";
      case "video/x-msvideo" -> "avi";
      case "audio/mp4" -> "m4a";
      case "audio/mpeg" -> "mp3";
      case "audio/wav" -> "wav";
      case "audio/ogg" -> "ogg";
      case "audio/flac" -> "flac";
      case "audio/aac" -> "aac";
      case "image/png" -> "png";
      case "image/jpeg" -> "jpg";
      case "image/webp" -> "webp";
      case "image/gif" -> "gif";
      case "image/bmp" -> "bmp";
      case "image/tiff" -> "tiff";
      default -> "bin";
    };
  }
}
