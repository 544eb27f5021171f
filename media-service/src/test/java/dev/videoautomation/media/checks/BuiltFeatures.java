package dev.videoautomation.media.checks;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Takes /v1/check and /v1/compliance off {@code placeholder.paths} for these tests (the rest stays a placeholder
 * until its feature is built). Remove once application.properties no longer lists them.
 */
public class BuiltFeatures implements QuarkusTestProfile {
  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("placeholder.paths", "/v1/upload,/v1/overlay,/v1/extract,/v1/transcribe,/v1/watch,/cdn");
  }
}
