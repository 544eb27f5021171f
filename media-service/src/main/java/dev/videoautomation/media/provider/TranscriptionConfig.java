package dev.videoautomation.media.provider;

import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The OpenAI-compatible {@code audio/transcriptions} provider (OpenAI, Groq, or a self-hosted Whisper server). It is
 * configured when an API key is set (OpenAI's base URL is then the default) or a base URL is (self-hosted servers may
 * need no key).
 */
@ConfigMapping(prefix = "media.transcription")
public interface TranscriptionConfig {
  /** Base URL up to and including the version, e.g. {@code https://api.groq.com/openai/v1}. */
  Optional<String> baseUrl();

  /** API key, sent as a bearer token. Env MEDIA_TRANSCRIPTION_API_KEY. */
  Optional<String> apiKey();

  /** Model name: {@code whisper-1} (OpenAI), {@code whisper-large-v3} (Groq), ... */
  @WithDefault("whisper-1")
  String model();

  /** Largest audio file sent in one call; longer audio is split. OpenAI and Groq refuse files over 25 MB. */
  @WithDefault("24000000")
  long maxUploadBytes();

  /** Time allowed for one provider call. */
  @WithDefault("300s")
  Duration timeout();
}
