package dev.videoautomation.platform.ffmpeg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * ffprobe and ffmpeg, run locally: every probe, frame, audio track, overlay and mux of the suite goes through here.
 * At most {@link ToolsConfig#maxConcurrent()} ffmpeg runs at once per replica (first come, first served), so a burst
 * of requests queues instead of starting one memory-hungry process each; ffprobe runs are small and not counted.
 */
@ApplicationScoped
public class MediaTools {
  /** What a caller turned away for want of a turn is told to wait before trying again. */
  static final int RETRY_AFTER_SECONDS = 10;

  private final ToolsConfig config;
  private final ObjectMapper json;
  private final Semaphore turns;

  public MediaTools(ToolsConfig config, ObjectMapper json) {
    if (config.maxConcurrent() < 1) {
      throw new IllegalArgumentException("MEDIA_TOOLS_MAX_CONCURRENT must be at least 1, not "
          + config.maxConcurrent());
    }
    this.config = config;
    this.json = json;
    this.turns = new Semaphore(config.maxConcurrent(), true);
    // vas_media_tools_turns{state}: how many ffmpeg runs hold a turn and how many wait for one, per replica.
    Metrics.gauge("vas.media.tools.turns", Tags.of("state", "running"), turns,
        t -> config.maxConcurrent() - t.availablePermits());
    Metrics.gauge("vas.media.tools.turns", Tags.of("state", "waiting"), turns, Semaphore::getQueueLength);
  }

  /** What the file is, or empty when ffprobe cannot read it as audio, video or an image. */
  public Optional<MediaInfo> probe(Path file) {
    var result = Processes.run(List.of(config.ffprobe(), "-v", "error", "-print_format", "json", "-show_format",
        "-show_streams", file.toString()), config.timeout());
    if (result.exitCode() != 0) {
      return Optional.empty();
    }
    try {
      var info = ProbeParser.parse(json.readTree(result.stdout()));
      return info.contentType() == null ? Optional.empty() : Optional.of(info);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Like {@link #probe} for a file the caller expects to be media: a 415 naming {@code field} when it is not. */
  public MediaInfo requireProbe(Path file, String field) {
    return probe(file).orElseThrow(() -> new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        "The media given in '" + field + "' is not a readable audio, video or image file.").with("field", field)));
  }

  /**
   * Runs ffmpeg with these arguments (after {@code -nostdin -hide_banner -loglevel error -y}). A failure is a 422
   * carrying the tail of ffmpeg's own message, since it is nearly always the media or the options that were given.
   */
  public void ffmpeg(List<String> arguments) {
    var command = new ArrayList<String>();
    command.add(config.ffmpeg());
    command.addAll(List.of("-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
    command.addAll(arguments);
    var result = inTurn(command);
    if (result.exitCode() != 0) {
      throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE, "ffmpeg could not process the media.")
          .with("detail", result.stderrTail()));
    }
  }

  private Processes.Result inTurn(List<String> command) {
    boolean granted;
    try {
      granted = turns.tryAcquire(config.queueTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "Processing was interrupted; try again.");
    }
    if (!granted) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "Media processing is busy: every turn of "
          + "this replica stayed taken for " + config.queueTimeout().toSeconds() + " s. Try again shortly.")
          .with("retryAfter", RETRY_AFTER_SECONDS));
    }
    try {
      return Processes.run(command, config.timeout());
    } finally {
      turns.release();
    }
  }

  /** Inputs per ffmpeg run: one process seeks to many instants, sparing a process start per frame. */
  private static final int FRAMES_PER_RUN = 16;

  /**
   * One frame per timestamp, as {@code jpg} or {@code png} files in {@code work}, scaled to {@code width} when given.
   * Each instant is its own input with a fast seek before it, so no frame before it is decoded.
   */
  public List<Path> frames(Path source, List<Double> timestamps, String format, Integer width, WorkDir work) {
    var files = new ArrayList<Path>();
    for (int start = 0; start < timestamps.size(); start += FRAMES_PER_RUN) {
      var batch = timestamps.subList(start, Math.min(timestamps.size(), start + FRAMES_PER_RUN));
      var arguments = new ArrayList<String>();
      for (var at : batch) {
        arguments.addAll(List.of("-ss", String.format(java.util.Locale.ROOT, "%.3f", at), "-i", source.toString()));
      }
      for (int i = 0; i < batch.size(); i++) {
        var out = work.file(String.format(java.util.Locale.ROOT, "frame-%03d.%s", start + i, format));
        arguments.addAll(List.of("-map", i + ":v:0", "-frames:v", "1"));
        if (width != null) {
          arguments.addAll(List.of("-vf", "scale=" + width + ":-2"));
        }
        if (format.equals("jpg")) {
          arguments.addAll(List.of("-q:v", "2"));
        }
        arguments.add(out.toString());
        files.add(out);
      }
      ffmpeg(arguments);
    }
    return files;
  }

  /** A fresh private directory for one request's work files; closing it deletes everything inside. */
  public WorkDir workDir() {
    try {
      var base = config.workDir().orElse(Path.of(System.getProperty("java.io.tmpdir")));
      Files.createDirectories(base);
      return new WorkDir(Files.createTempDirectory(base, "media-"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
