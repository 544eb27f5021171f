package dev.videoautomation.auth.registrations;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * What the revocation endpoint accepts: {@code application/logout+jwt} whose body is a compact JWS. The token is
 * only checked for form; nothing is done with it yet (the endpoint is a receiver), so neither is it verified.
 */
@ApplicationScoped
class LogoutTokens {
  static final String MEDIA_TYPE = "application/logout+jwt";
  static final int MAX_LENGTH = 16_384;
  private static final Pattern COMPACT_JWS = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

  private final ObjectMapper json;

  LogoutTokens(ObjectMapper json) {
    this.json = json;
  }

  /** 415 unless the Content-Type is {@code application/logout+jwt} (parameters allowed). */
  void requireMediaType(String contentType) {
    if (!isLogoutJwt(contentType)) {
      throw new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the logout token as the body "
          + "with Content-Type: " + MEDIA_TYPE + ".").with("accepted", MEDIA_TYPE));
    }
  }

  /** 400 unless the body is three non-empty base64url parts, the first a JOSE header naming {@code alg}. */
  void requireCompactJws(String token) {
    var trimmed = token == null ? "" : token.trim();
    if (trimmed.length() > MAX_LENGTH) {
      throw new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "A logout token is at most " + MAX_LENGTH
          + " characters.").with("limit", MAX_LENGTH));
    }
    if (!COMPACT_JWS.matcher(trimmed).matches() || !hasJoseHeader(trimmed.substring(0, trimmed.indexOf('.')))) {
      throw ApiException.invalidField("body", "must be a logout token: a compact JWS (three base64url parts "
          + "separated by dots, the first a JOSE header)");
    }
  }

  private static boolean isLogoutJwt(String contentType) {
    if (contentType == null || contentType.isBlank()) {
      return false;
    }
    try {
      var type = MediaType.valueOf(contentType);
      return "application".equalsIgnoreCase(type.getType()) && "logout+jwt".equalsIgnoreCase(type.getSubtype());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private boolean hasJoseHeader(String part) {
    try {
      var header = json.readTree(new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8));
      return header != null && header.isObject() && header.hasNonNull("alg");
    } catch (IllegalArgumentException | IOException e) {
      return false;
    }
  }
}
