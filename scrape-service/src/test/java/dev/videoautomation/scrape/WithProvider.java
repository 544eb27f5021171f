package dev.videoautomation.scrape;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** A configured provider (simulated by WireMock), a short provider timeout and a small staging pool. */
public class WithProvider implements QuarkusTestProfile {
  public static final String API_KEY = "sc_test_simulated_key";

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("scrape.provider.api-key", API_KEY, "scrape.provider.timeout", "PT2S",
        "scrape.staging.concurrency", "4", "scrape.staging.deadline", "PT20S");
  }
}
