package dev.videoautomation.scrape;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.videoautomation.platform.urls.HostResolver;
import dev.videoautomation.platform.urls.TestResolver;

/**
 * The URL guard resolves names without DNS in tests: localhost is 127.0.0.1, and the example domains and the
 * platforms' hosts whose post URLs tests send are public (never connected to: only the simulated provider sees them).
 * Under {@link NoDns} every lookup fails instead, as where the service has no outside DNS.
 */
@Singleton
public class OfflineDns {
  /** When true, no name resolves ({@link TestResolver#noDns()}). */
  public static final String NO_DNS = "test.dns.none";

  @Produces
  @Singleton
  HostResolver hostResolver(@ConfigProperty(name = NO_DNS, defaultValue = "false") boolean noDns) {
    if (noDns) {
      return TestResolver.noDns();
    }
    var names = TestResolver.offline();
    for (var platform : new String[] {"tiktok.com", "instagram.com", "x.com", "youtube.com"}) {
      names.domain(platform, TestResolver.PUBLIC);
    }
    return names;
  }
}
