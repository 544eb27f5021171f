package dev.videoautomation.auth.openapi;

/**
 * The forms and bounds the OpenAPI document states for auth's values (annotation values: compile-time constants).
 * Ids and keys have fixed forms (platform {@code Ids}, {@code ApiKeys}), so clients can check them before sending.
 */
public final class DocumentedForms {
  /** Epoch milliseconds, up to 9999-12-31T23:59:59.999Z. */
  public static final String MAX_EPOCH_MS = "253402300799999";
  /** A key: {@code svc_anon_} or {@code svc_live_}, 43 random and 6 checksum characters in base62. */
  public static final String KEY_PATTERN = "^svc_(anon|live)_[0-9A-Za-z]{49}$";
  public static final int KEY_LENGTH = 58;
  /**
   * {@code credential_expires} of every answer that issues a client's (primary) key: those keys have no expiry of
   * their own, but sub-keys may (issue 32), so the text no longer says that keys never expire.
   */
  public static final String PRIMARY_KEY_EXPIRES = "Always null: this key has no expiry (it ends when claimed, rotated, "
      + "recovered or revoked). Sub-keys (POST /v1/api_keys) may expire: see their expiresAt; past it a sub-key is "
      + "refused with 401 naming the expiry.";
  /**
   * A key anywhere in text, for secret scanners (docs/auth-service.md, "Key format"): the prefix, 43 base62 characters
   * of 32 random bytes, and the base62 CRC-32 of everything before it in 6 characters, whose first is 0 to 4 (62^5 ×
   * 5 > 2^32). A match is a key only when its checksum holds ({@code ApiKeys.isWellFormed}).
   */
  public static final String KEY_SCANNER_PATTERN = "\\bsvc_(?:live|anon)_[0-9A-Za-z]{43}[0-4][0-9A-Za-z]{5}\\b";
  /** Every prefixed id is at most this long (platform {@code Ids.looksLike}). */
  public static final int ID_MAX_LENGTH = 64;
  public static final int URL_MAX_LENGTH = 2048;
  /** The mailed one-time code. */
  public static final String CODE_PATTERN = "^[0-9]{6}$";
  public static final String CODE_EXAMPLE = "042917";

  private DocumentedForms() {
  }
}
