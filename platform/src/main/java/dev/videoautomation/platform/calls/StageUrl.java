package dev.videoautomation.platform.calls;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The body of media's {@code staging/url} (docs/internal-api.md §3.6); optional fields are left out when null.
 * {@code purpose} is one of {@code scrape}, {@code import}, {@code asset}, {@code generated}.
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StageUrl(String url, String clientId, String purpose, Long maxBytes, List<String> allowedContentTypes,
    String filename) {

  public static StageUrl of(String url, String clientId, String purpose) {
    return new StageUrl(url, clientId, purpose, null, null, null);
  }

  public StageUrl allowing(List<String> contentTypes) {
    return new StageUrl(url, clientId, purpose, maxBytes, contentTypes, filename);
  }

  public StageUrl named(String name) {
    return new StageUrl(url, clientId, purpose, maxBytes, allowedContentTypes, name);
  }
}
