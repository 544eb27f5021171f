package dev.videoautomation.platform.ffmpeg;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The local media tools (ffmpeg and ffprobe) media- and clone-service run, and where their work files go. */
@ConfigMapping(prefix = "media.tools")
public interface ToolsConfig {
  /** The ffmpeg executable (a name on PATH or an absolute path). */
  @WithDefault("ffmpeg")
  String ffmpeg();

  /** The ffprobe executable. */
  @WithDefault("ffprobe")
  String ffprobe();

  /** The longest one ffmpeg or ffprobe run may take before it is stopped. */
  @WithDefault("10m")
  Duration timeout();

  /**
   * How many ffmpeg runs one replica does at once; more wait for a turn. Each run holds its own memory (a 720p
   * re-encode takes a few hundred MiB), so this, not the request count, bounds what the pod needs.
   */
  @WithDefault("4")
  int maxConcurrent();

  /** How long an ffmpeg run waits for a turn before the request is answered 503 with {@code retryAfter}. */
  @WithDefault("60s")
  Duration queueTimeout();

  /** Where work files go (incoming uploads, frames, renders); each request deletes its own. Default: the system temp dir. */
  Optional<Path> workDir();
}
