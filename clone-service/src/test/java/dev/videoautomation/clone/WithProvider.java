package dev.videoautomation.clone;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** A configured provider and vision model (both simulated by WireMock). */
public class WithProvider implements QuarkusTestProfile {
  public static final String API_KEY = "fal_test_simulated_key";

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("clone.provider.api-key", API_KEY, "clone.vision.api-key", "sk-test-vision",
        "clone.images.sync-wait", "PT10S");
  }
}
