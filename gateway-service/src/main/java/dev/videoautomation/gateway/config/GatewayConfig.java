package dev.videoautomation.gateway.config;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

/** Where the owners live, how long the gateway waits for them, and the largest request it takes. */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {
  /** Base URL of each owner service by name ({@code auth}, {@code billing}, …), e.g. {@code GATEWAY_OWNERS_AUTH}. */
  Map<String, URI> owners();

  Upstream upstream();

  /**
   * The largest body of a route that takes documents (JSON, forms), in bytes (env {@code GATEWAY_MAX_BODY_BYTES}):
   * 413 {@code payload_too_large} past it. Also the largest body of any {@code POST} with an
   * {@code Idempotency-Key}, which is read whole to compare it with the first one.
   */
  @WithDefault("1048576")
  long maxBodyBytes();

  /**
   * The largest body of a route that takes media files ({@code POST /v1/upload}), in bytes (env
   * {@code GATEWAY_MAX_UPLOAD_BYTES}); the same default as media-service's {@code MEDIA_STORAGE_MAX_BYTES}.
   */
  @WithDefault("2147483648")
  long maxUploadBytes();

  /**
   * The longest request target (path and query string) in bytes (env {@code GATEWAY_MAX_URI_BYTES}): 414
   * {@code uri_too_long} past it. Below the owners' request-line limit (4,096 bytes), so what passes here passes
   * there.
   */
  @WithDefault("4000")
  int maxUriBytes();

  /**
   * The largest header block ({@code name: value} lines together) in bytes (env {@code GATEWAY_MAX_HEADER_BYTES}):
   * 431 {@code headers_too_large} past it. Below the owners' limit (20 KiB) with room for the headers the gateway
   * adds (internal token, forwarding headers).
   */
  @WithDefault("16384")
  int maxHeaderBytes();

  Idempotency idempotency();

  /** The gateway's own internal API (docs/internal-api.md §3.19.4). */
  Internal internal();

  /**
   * The environment this gateway serves, as the OpenAPI document's server entry names it (env
   * {@code GATEWAY_ENVIRONMENT}, e.g. {@code Staging}); by default "Local run" when {@code PUBLIC_BASE_URL} is a
   * loopback address and "Production" otherwise.
   */
  Optional<String> environment();

  /**
   * Proxies in front of the gateway whose {@code X-Forwarded-For} is believed, as CIDRs (env
   * {@code GATEWAY_TRUSTED_PROXIES}); none by default, so the TCP peer is the client.
   */
  Optional<List<String>> trustedProxies();

  Mcp mcp();

  Jobs jobs();

  Units units();

  /**
   * How the daily units of metered calls reach the database (issue 34): in batches, each one statement and one
   * commit for every call waiting when it starts (limits/UnitBatches).
   */
  interface Units {
    /** Batches in the database at once; calls arriving meanwhile wait for the next (GATEWAY_UNITS_BATCHES_IN_FLIGHT). */
    @WithDefault("4")
    int batchesInFlight();

    /** The most calls one batch carries (GATEWAY_UNITS_BATCH_SIZE). */
    @WithDefault("64")
    int batchSize();

    /**
     * How long a bucket the database found used up refuses its client's next calls from memory (limits/SpentBuckets;
     * GATEWAY_UNITS_REFUSALS_REMEMBERED_FOR, 0 to ask the database every time): the longest a unit given back on
     * another replica can go unseen here.
     */
    @WithDefault("1s")
    java.time.Duration refusalsRememberedFor();
  }

  /** Waits ({@code Prefer: wait=N}) and event streams on jobs (docs/jobs.md), both served from {@code job_events}. */
  interface Jobs {
    /** Waits one client may hold on one replica at once; past it, 429 {@code too_many_waits}. */
    @WithDefault("20")
    int waitsPerClient();

    /** Waits one replica holds at once, all clients together. */
    @WithDefault("500")
    int waitsPerReplica();

    /** Event streams one client may hold on one replica at once; past it, 429 {@code too_many_streams}. */
    @WithDefault("5")
    int streamsPerClient();

    /** Event streams one replica holds at once, all clients together. */
    @WithDefault("500")
    int streamsPerReplica();

    /** How often an idle stream gets a {@code : keep-alive} comment (below the gateway's 120 s idle timeout). */
    @WithDefault("PT15S")
    Duration streamHeartbeat();

    /** How long a stream lasts before it ends with a {@code timeout} event. */
    @WithDefault("PT10M")
    Duration streamLimit();

    /**
     * How long one read of a job from its owner may take (one retry on a failed connection or a 502/504), so that a
     * wait whose owner is gone answers within N + 5 s.
     */
    @WithDefault("PT2S")
    Duration ownerTimeout();
  }

  /** The MCP endpoint's tools, read from the merged OpenAPI document. */
  interface Mcp {
    /** How often the tools are read again from the merged document (which caches it for a minute itself). */
    @WithDefault("PT30S")
    Duration refreshEvery();

    /** How soon they are read again while the document is partial (a service did not answer). */
    @WithDefault("PT2S")
    Duration retryEvery();

    /**
     * The most bytes of JSON a tool result carries (about 25,000 tokens): a list past it answers fewer items, any
     * other answer a truncated envelope linking to the whole answer (docs/gateway-service.md, "Capped results").
     */
    @WithDefault("102400")
    int resultCapBytes();

    /** How long a whole answer behind a truncated result's {@code vas://results/{id}} link can be read. */
    @WithDefault("PT10M")
    Duration resultKeep();

    /** The largest whole answer kept behind such a link; a larger one is refused as {@code payload_too_large}. */
    @WithDefault("10485760")
    int resultStoreBytes();
  }

  /**
   * The suite's database as Quarkus' datasource names it ({@code quarkus.datasource.*}), for the one connection the
   * change events hold outside the pool.
   */
  @ConfigMapping(prefix = "quarkus.datasource")
  interface Database {
    @WithName("jdbc.url")
    String jdbcUrl();

    Optional<String> username();

    Optional<String> password();
  }

  interface Internal {
    /**
     * The internal-token subjects that may read what each key took today ({@code GET /internal/usage/keys/{id}}),
     * env {@code GATEWAY_INTERNAL_USAGE_CALLERS}.
     */
    @WithDefault("service:auth-service")
    List<String> usageCallers();
  }

  interface Idempotency {
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

    /** Connections kept per owner by each event loop (each loop forwards on connections of its own). */
    @WithDefault("200")
    int maxConnections();
  }
}
