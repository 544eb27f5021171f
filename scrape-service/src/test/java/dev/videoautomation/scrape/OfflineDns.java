package dev.videoautomation.scrape;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.videoautomation.platform.urls.HostResolver;
import dev.videoautomation.platform.urls.TestResolver;

/**
 * The URL guard resolves names without DNS in tests: localhost is 127.0.0.1, and the example domains and the
 * platforms' hosts whose post URLs tests send are public (never connected to: only the simulated provider sees them).
 */
@Singleton
public class OfflineDns {
  @Produces
  @Singleton
  HostResolver hostResolver() {
    var names = TestResolver.offline();
    for (var platform : new String[] {"tiktok.com", "instagram.com", "x.com", "youtube.com"}) {
      names.domain(platform, TestResolver.PUBLIC);
    }
    return names;
  }
}
