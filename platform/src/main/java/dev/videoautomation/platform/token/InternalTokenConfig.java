package dev.videoautomation.platform.token;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The suite's internal tokens (design §12). Keys come from SmallRye JWT's own settings. */
@ConfigMapping(prefix = "internal-token")
public interface InternalTokenConfig {
  /** Whether requests must carry a valid internal token; only the gateway, the public entry, turns this off. */
  @WithDefault("true")
  boolean required();

  /** The {@code iss} every token carries and every service expects. */
  @WithDefault("video-automation")
  String issuer();

  /** The {@code aud} every token carries and every service checks. */
  @WithDefault("video-automation-internal")
  String audience();

  /** How long a minted token lives; services refuse any token that claims to live longer than five minutes. */
  @WithDefault("PT2M")
  Duration lifespan();
}
