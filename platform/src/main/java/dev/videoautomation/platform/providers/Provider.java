package dev.videoautomation.platform.providers;

import java.util.Objects;

/**
 * An outside provider as this server calls it: its {@code name} in messages ("The {name} provider …") and the
 * {@code provider} tag of its metrics, the variable an operator sets to give it a key, the {@code setup} text that
 * says how to configure it (on 503 {@code provider_not_configured} and on refused credentials), and the
 * {@link ProviderFailures} that turn its failures into the suite's errors.
 */
public record Provider(String name, String keyVariable, String setup, ProviderFailures failures) {
  public Provider {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(failures, "failures");
  }

  /** A provider whose failures follow {@link ProviderFailures#STANDARD}. */
  public static Provider of(String name, String keyVariable, String setup) {
    return new Provider(name, keyVariable, setup, ProviderFailures.STANDARD);
  }

  /** The same provider with its own rules for some failures. */
  public Provider withFailures(ProviderFailures own) {
    return new Provider(name, keyVariable, setup, own);
  }
}
