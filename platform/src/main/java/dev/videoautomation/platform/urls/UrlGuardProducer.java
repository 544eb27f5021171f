package dev.videoautomation.platform.urls;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.arc.DefaultBean;
import io.quarkus.logging.Log;

/**
 * Makes {@link UrlGuard} and {@link GuardedFetcher} injectable in every service, configured by
 * {@code platform.url-guard.*} ({@link UrlGuardConfig}). The {@link HostResolver} is the system one unless a service
 * (or its tests) provides another bean.
 */
@ApplicationScoped
public class UrlGuardProducer {

  @Produces
  @Singleton
  @DefaultBean
  HostResolver hostResolver() {
    return HostResolver.SYSTEM;
  }

  @Produces
  @Singleton
  UrlGuard urlGuard(HostResolver resolver, UrlGuardConfig config) {
    if (config.allowLoopback()) {
      Log.warn("platform.url-guard.allow-loopback is on: outside fetches may reach 127.0.0.0/8 and ::1. "
          + "This is for tests only.");
    }
    return new UrlGuard(resolver, config.allowLoopback());
  }

  @Produces
  @Singleton
  GuardedFetcher guardedFetcher(UrlGuard guard, UrlGuardConfig config) {
    return new GuardedFetcher(guard, config.maxRedirects(), config.connectTimeout(), config.readTimeout(),
        config.deadline());
  }
}
