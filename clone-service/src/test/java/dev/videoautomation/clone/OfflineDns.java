package dev.videoautomation.clone;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.videoautomation.platform.urls.HostResolver;
import dev.videoautomation.platform.urls.TestResolver;

/**
 * The URL guard resolves names without DNS in tests: localhost is 127.0.0.1, the example domains are public, and
 * {@value #INTERNAL} stands for a name whose DNS answer is a private address.
 */
@Singleton
public class OfflineDns {
  public static final String INTERNAL = "files.internal.example.net";

  @Produces
  @Singleton
  HostResolver hostResolver() {
    return TestResolver.offline().map(INTERNAL, "10.1.2.3");
  }
}
