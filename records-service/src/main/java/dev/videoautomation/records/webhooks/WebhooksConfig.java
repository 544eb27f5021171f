package dev.videoautomation.records.webhooks;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Webhook delivery settings ({@code records.webhooks.*}; docs/records-service.md). The suite webhook key itself is
 * platform configuration ({@code SUITE_WEBHOOK_KEY}, platform {@code WebhookSecrets}).
 */
@ConfigMapping(prefix = "records.webhooks")
public interface WebhooksConfig {
  /** How often each replica's delivery worker looks for due deliveries ({@code off} stops it). */
  @WithDefault("1s")
  String every();

  /** One attempt's limit: connecting, sending and reading the answer. */
  @WithDefault("PT10S")
  Duration timeout();

  /** The first pause after a failed attempt; doubled after each further failure, with jitter. */
  @WithDefault("PT5S")
  Duration initialBackoff();

  /** The longest pause between two attempts. */
  @WithDefault("PT1H")
  Duration maxBackoff();

  /** How long a delivery is retried; the last attempt is made at the end of it, then the endpoint is disabled. */
  @WithDefault("PT24H")
  Duration retryFor();

  /** How long the previous secret keeps signing, beside the new one, after a rotation. */
  @WithDefault("PT24H")
  Duration rotationOverlap();

  /** At most this many attempts of one replica run at once (each endpoint also has at most four in flight). */
  @WithDefault("16")
  int concurrency();

  /** Events and their deliveries are deleted this long after records received them. */
  @WithDefault("P30D")
  Duration keep();
}
