package dev.videoautomation.platform.urls;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The URL guard and its fetcher. Every key has a default: a service that sets none gets the strict guard. */
@ConfigMapping(prefix = "platform.url-guard")
public interface UrlGuardConfig {
  /**
   * Tests only: let loopback addresses (127.0.0.0/8, ::1, and the name localhost when it resolves to loopback) through
   * so that a stub on 127.0.0.1 can be fetched. Nothing else is let through. Never set in production.
   */
  @WithDefault("false")
  boolean allowLoopback();

  /** How many redirects one fetch follows; each Location is checked by the guard again. */
  @WithDefault("5")
  int maxRedirects();

  /** The time to open one connection. */
  @WithDefault("PT5S")
  Duration connectTimeout();

  /** The longest wait for the response head or for any read of the body. */
  @WithDefault("PT30S")
  Duration readTimeout();

  /** The whole fetch, redirects and body included, ends by this deadline (504 upstream_timeout past it). */
  @WithDefault("PT120S")
  Duration deadline();
}
