package dev.videoautomation.records.posts;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Ayrshare configured (its base URL is the WireMock of the test), and the suite webhook key, so jobs' one-off
 * {@code webhookUrl} is taken.
 */
public class WithPublisher implements QuarkusTestProfile {
  public static final String API_KEY = "ayr_test_key_simulated";
  public static final String PROFILE_KEY = "ayr_profile_simulated";
  /** 32 bytes, base64: a test key, never a real one. */
  public static final String WEBHOOK_KEY = "dGVzdC1vbmx5LXN1aXRlLXdlYmhvb2sta2V5LTAwMDA=";

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("records.publisher.api-key", API_KEY, "records.publisher.profile-key", PROFILE_KEY,
        "suite.webhook-key", WEBHOOK_KEY);
  }
}
