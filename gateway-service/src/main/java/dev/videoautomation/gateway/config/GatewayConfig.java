package dev.videoautomation.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where the owners live and how long the gateway waits for them. */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {
  /** Base URL of each owner service by name ({@code auth}, {@code billing}, …), e.g. {@code GATEWAY_OWNERS_AUTH}. */
  Map<String, URI> owners();

  Upstream upstream();

  interface Upstream {
    /** How long to wait for a connection to an owner before answering 502. */
    @WithDefault("PT2S")
    Duration connectTimeout();

    /** How long an owner may stay silent (no byte either way) before the gateway answers 504. */
    @WithDefault("PT120S")
    Duration idleTimeout();

    /** Connections kept per owner. */
    @WithDefault("200")
    int maxConnections();
  }
}
