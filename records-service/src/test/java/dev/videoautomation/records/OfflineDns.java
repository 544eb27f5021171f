package dev.videoautomation.records;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.videoautomation.platform.urls.HostResolver;
import dev.videoautomation.platform.urls.TestResolver;

/**
 * The URL guard resolves names without DNS in tests: localhost is 127.0.0.1 and the example domains are public, so a
 * {@code webhookUrl} on {@code hooks.example.com} passes the guard without any lookup leaving the machine.
 */
@Singleton
public class OfflineDns {
  @Produces
  @Singleton
  HostResolver hostResolver() {
    return TestResolver.offline();
  }
}
