package dev.videoautomation.media.provider;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The OpenAI-compatible chat model that looks at sampled frames for {@code /v1/watch} (OpenAI, or any server speaking
 * the chat completions API with image inputs). Configured when an API key or a base URL is set.
 */
@ConfigMapping(prefix = "media.vision")
public interface VisionConfig {
  /** Base URL up to and including the version; OpenAI's when only a key is set. */
  Optional<String> baseUrl();

  /** API key, sent as a bearer token. Env MEDIA_VISION_API_KEY. */
  Optional<String> apiKey();

  /** A chat model that accepts images. */
  @WithDefault("gpt-4o-mini")
  String model();

  /** Frames sampled when the caller does not say. */
  @WithDefault("8")
  int defaultFrames();

  /** Most frames one call may send. */
  @WithDefault("16")
  int maxFrames();

  /** Width the frames are scaled to (pixels); small frames keep the token bill low. */
  @WithDefault("512")
  int frameWidth();

  /** Longest answer, in tokens. */
  @WithDefault("800")
  int maxTokens();

  /** Time allowed for one provider call. */
  @WithDefault("120s")
  Duration timeout();
}
