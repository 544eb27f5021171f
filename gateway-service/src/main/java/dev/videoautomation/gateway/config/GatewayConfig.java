package dev.videoautomation.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where the owners live and how long the gateway waits for them. */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {
  /** Base URL of each owner service by name ({@code auth}, {@code billing}, …), e.g. {@code GATEWAY_OWNERS_AUTH}. */
  Map<String, URI> owners();

  Upstream upstream();

  Idempotency idempotency();

  /**
   * Proxies in front of the gateway whose {@code X-Forwarded-For} is believed, as CIDRs (env
   * {@code GATEWAY_TRUSTED_PROXIES}); none by default, so the TCP peer is the client.
   */
  Optional<List<String>> trustedProxies();

  interface Idempotency {
    /** Bodies of POSTs with an {@code Idempotency-Key} are read whole to compare them, up to this size. */
    @WithDefault("1048576")
    long maxBodyBytes();

    /** A first request still running after this long is presumed lost; its key may then be taken over. */
    @WithDefault("PT5M")
    Duration lock();
  }

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
