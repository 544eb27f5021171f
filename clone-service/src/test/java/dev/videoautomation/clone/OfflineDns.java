package dev.videoautomation.clone;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.videoautomation.platform.urls.HostResolver;
import dev.videoautomation.platform.urls.TestResolver;

/**
 * The URL guard resolves names without DNS in tests: localhost is 127.0.0.1, the example domains are public, and
 * {@value #INTERNAL} stands for a name whose DNS answer is a private address. Under {@link NoDns} every lookup fails
 * instead, as where the service has no outside DNS.
 */
@Singleton
public class OfflineDns {
  public static final String INTERNAL = "files.internal.example.net";
  /** When true, no name resolves ({@link TestResolver#noDns()}). */
  public static final String NO_DNS = "test.dns.none";

  @Produces
  @Singleton
  HostResolver hostResolver(@ConfigProperty(name = NO_DNS, defaultValue = "false") boolean noDns) {
    return noDns ? TestResolver.noDns() : TestResolver.offline().map(INTERNAL, "10.1.2.3");
  }
}
