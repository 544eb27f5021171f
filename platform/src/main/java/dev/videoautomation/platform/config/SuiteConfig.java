package dev.videoautomation.platform.config;

import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithName;

/**
 * The settings every service shares, under their suite-wide names (not under one service's prefix): they are public
 * (docs/operations.md and deploy/ name their environment variables), so the names stay exactly as they are.
 */
@ConfigMapping(prefix = "")
public interface SuiteConfig {
  /**
   * The gateway's public address, the start of every absolute URL a service hands out (claim links, checkout pages,
   * CDN URLs). Env PUBLIC_BASE_URL; its default is in platform's microprofile-config.properties.
   */
  @WithName("public-base-url")
  String publicBaseUrl();

  /** This service's name ({@code auth-service}, …): the {@code service} metrics tag and the internal token's subject. */
  @WithName("quarkus.application.name")
  String serviceName();

  /** The public base URL of media's S3 storage, when media stores in S3: a second CDN base of the suite's own media. */
  @WithName("media.storage.s3.public-base-url")
  Optional<String> s3PublicBaseUrl();

  /** Where media-service answers platform's internal media calls, in the services that call it. */
  @WithName("quarkus.rest-client.media-client.url")
  Optional<String> mediaServiceUrl();

  /**
   * The suite webhook key, base64 of at least 32 random bytes, that every webhook secret is derived from
   * (webhooks/WebhookSecrets). Env SUITE_WEBHOOK_KEY; unset, webhooks answer 503 provider_not_configured.
   */
  @WithName("suite.webhook-key")
  Optional<String> webhookKey();
}
