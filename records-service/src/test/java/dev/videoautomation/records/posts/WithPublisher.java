package dev.videoautomation.records.posts;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** Ayrshare configured (its base URL is the WireMock of the test). */
public class WithPublisher implements QuarkusTestProfile {
  public static final String API_KEY = "ayr_test_key_simulated";
  public static final String PROFILE_KEY = "ayr_profile_simulated";

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("records.publisher.api-key", API_KEY, "records.publisher.profile-key", PROFILE_KEY);
  }
}
