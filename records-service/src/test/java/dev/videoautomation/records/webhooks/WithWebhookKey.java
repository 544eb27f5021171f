package dev.videoautomation.records.webhooks;

import java.util.Map;
import java.util.Optional;

import io.quarkus.test.junit.QuarkusTestProfile;

import dev.videoautomation.platform.webhooks.WebhookSecrets;

/** Webhooks switched on: a suite webhook key (test only, 32 bytes). */
public class WithWebhookKey implements QuarkusTestProfile {
  public static final String KEY = "dGVzdC1vbmx5LXdlYmhvb2sta2V5LTMyLWJ5dGVzLWxvbmchIQ==";
  /** The same derivation as the service's, for the tests to know the secrets receivers are given. */
  public static final WebhookSecrets SECRETS = new WebhookSecrets(Optional.of(KEY));

  @Override
  public Map<String, String> getConfigOverrides() {
    return Map.of("suite.webhook-key", KEY);
  }
}
