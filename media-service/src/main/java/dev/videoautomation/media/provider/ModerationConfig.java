package dev.videoautomation.media.provider;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The OpenAI-compatible moderations provider behind the compliance checks. Without a key, rules run alone. */
@ConfigMapping(prefix = "media.moderation")
public interface ModerationConfig {

  /** Base URL of an OpenAI-compatible API; {@code /moderations} is appended (env MEDIA_MODERATION_BASE_URL). */
  @WithDefault("https://api.openai.com/v1")
  String baseUrl();

  /** Bearer key of the provider (env MEDIA_MODERATION_API_KEY); unset = in-process rules only. Never logged. */
  Optional<String> apiKey();

  /** Moderation model (env MEDIA_MODERATION_MODEL); omni-moderation models also take images. */
  @WithDefault("omni-moderation-latest")
  String model();

  /** Connect timeout of the provider's HTTP client. */
  @WithDefault("PT5S")
  Duration connectTimeout();

  /** Read timeout of the provider's HTTP client; the fault-tolerance @Timeout of each call (20 s) is shorter. */
  @WithDefault("PT30S")
  Duration readTimeout();
}
