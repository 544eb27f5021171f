package dev.videoautomation.media.common;

/**
 * Size limits that the request checks enforce and the OpenAPI document states, in one place so the two agree; and
 * the numeric range of the JSON integers media answers where nothing narrower holds.
 */
public final class Bounds {
  /** Longest URL taken in a body field ({@code videoUrl}, {@code url}); media's own URLs are far shorter. */
  public static final int URL = 4096;
  /** Longest {@code med_} id taken ({@code Ids.looksLike}); the ids media makes have 6 to 40 characters after it. */
  public static final int MEDIA_ID = 64;
  /** A stored object's id as media makes it (platform {@code OwnMedia}'s storage keys hold the same). */
  public static final String MEDIA_ID_PATTERN = "^med_[0-9A-Za-z]{6,40}$";
  /** A stored object's file name, the last segment of its CDN URL ({@code StorageKeys.fileName}). */
  public static final String FILE_NAME_PATTERN = "^[0-9A-Za-z][0-9A-Za-z._-]{0,99}$";
  public static final int FILE_NAME = 100;
  /** Longest file name a caller may suggest (it is cleaned and cut to 80 characters before it is used). */
  public static final int SUGGESTED_FILE_NAME = 255;
  /** A media type such as video/mp4 (RFC 6838: at most 127 characters on each side of the slash). */
  public static final int CONTENT_TYPE = 255;
  /** A codec name as ffprobe reports it (h264, aac, ...) or a common alias. */
  public static final int CODEC = 64;
  /** The gateway's default budget for all request headers together (GATEWAY_MAX_HEADER_BYTES; 431 past it). */
  public static final int HEADER = 16_384;
  public static final String INT32_MIN = "-2147483648";
  public static final String INT32_MAX = "2147483647";
  public static final String INT64_MAX = "9223372036854775807";

  private Bounds() {
  }
}
