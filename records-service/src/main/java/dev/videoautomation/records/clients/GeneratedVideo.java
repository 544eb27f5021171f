package dev.videoautomation.records.clients;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A generated video as clone-service reports it; only {@code succeeded} videos are publishable. */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record GeneratedVideo(String videoId, String clientId, String mode, String status, String resultUrl,
    String mediaId, String contentType, String errorMessage) {
  public static final String SUCCEEDED = "succeeded";

  public boolean succeeded() {
    return SUCCEEDED.equals(status) && resultUrl != null;
  }
}
