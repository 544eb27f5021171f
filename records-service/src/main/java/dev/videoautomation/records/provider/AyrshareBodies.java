package dev.videoautomation.records.provider;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Ayrshare's post request and answer. The answer carries a top-level {@code status} ({@code success} or
 * {@code error}), the Ayrshare post {@code id}, {@code postIds} (one per network: {@code status}, {@code id},
 * {@code platform}, {@code postUrl}) and, on failure, {@code errors} ({@code action}, {@code status}, {@code code},
 * {@code message}, {@code platform}); failures come with HTTP 400, 401, 403, 429 or 5xx and the same body.
 */
final class AyrshareBodies {
  private AyrshareBodies() {
  }

  @RegisterForReflection
  record Post(String post, List<String> platforms, List<String> mediaUrls, @JsonProperty("isVideo") boolean isVideo) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Result(String status, String id, List<PostId> postIds, List<Error> errors) {
    boolean succeeded() {
      return "success".equals(status);
    }
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record PostId(String status, String id, String platform, String postUrl) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Error(String action, String status, Integer code, String message, String platform) {
  }
}
