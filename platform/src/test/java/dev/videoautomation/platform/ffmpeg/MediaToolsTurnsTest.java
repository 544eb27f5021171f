package dev.videoautomation.platform.ffmpeg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import dev.videoautomation.platform.errors.ApiException;

/**
 * ffmpeg runs take turns: never more at once than MEDIA_TOOLS_MAX_CONCURRENT, and a run that waits past the queue
 * timeout is a 503 with {@code retryAfter}. A shell script stands in for ffmpeg and logs when each run starts and ends.
 */
class MediaToolsTurnsTest {
  @TempDir
  Path dir;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeEach
  void collectMetrics() {
    Metrics.addRegistry(registry);
  }

  @AfterEach
  void stopCollecting() {
    // The next test's MediaTools registers its own gauges, not this one's.
    Metrics.globalRegistry.find("vas.media.tools.turns").meters().forEach(Metrics.globalRegistry::remove);
    Metrics.removeRegistry(registry);
    registry.close();
  }

  private double turns(String state) {
    return registry.get("vas.media.tools.turns").tag("state", state).gauge().value();
  }

  @Test
  void shouldRunNoMoreThanTheConfiguredNumberAtOnce() throws Exception {
    var log = dir.resolve("runs.log");
    var tools = new MediaTools(config(slowTool(log, "0.4"), 2, Duration.ofSeconds(30)), new ObjectMapper());
    var pool = Executors.newFixedThreadPool(6);
    try {
      var runs = new ArrayList<Future<?>>();
      for (int i = 0; i < 6; i++) {
        runs.add(pool.submit(() -> tools.ffmpeg(List.of("-i", "in.mp4", "out.mp4"))));
      }
      for (var run : runs) {
        run.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(mostAtOnce(log)).as("two turns, six runs: two at a time").isEqualTo(2);
  }

  @Test
  void shouldAnswerBusyWhenNoTurnFreesInTime() throws Exception {
    var tools = new MediaTools(config(slowTool(dir.resolve("runs.log"), "2"), 1, Duration.ofMillis(200)),
        new ObjectMapper());
    var pool = Executors.newSingleThreadExecutor();
    try {
      var first = pool.submit(() -> tools.ffmpeg(List.of("first")));
      Thread.sleep(300); // the first run holds the only turn
      assertThat(turns("running")).isEqualTo(1.0);
      assertThat(turns("waiting")).isZero();
      var started = System.nanoTime();
      assertThatThrownBy(() -> tools.ffmpeg(List.of("second"))).isInstanceOfSatisfying(ApiException.class, e -> {
        assertThat(e.error().status()).isEqualTo(503);
        assertThat(e.error().getError()).isEqualTo("service_unavailable");
        assertThat(e.error().getMessage()).contains("busy");
        assertThat(e.error().extra()).containsEntry("retryAfter", MediaTools.RETRY_AFTER_SECONDS);
      });
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1500));
      first.get(30, TimeUnit.SECONDS);
      assertThat(turns("running")).isZero();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void shouldRefuseFewerThanOneTurn() {
    assertThatThrownBy(() -> new MediaTools(config("ffmpeg", 0, Duration.ofSeconds(1)), new ObjectMapper()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("MEDIA_TOOLS_MAX_CONCURRENT");
  }

  /** A stand-in ffmpeg that logs "start" and "end" with a nanosecond clock around a sleep. */
  private Path slowTool(Path log, String seconds) throws IOException {
    var script = dir.resolve("ffmpeg");
    Files.writeString(script, "#!/bin/sh\necho \"start $(date +%s%N)\" >> " + log + "\nsleep " + seconds
        + "\necho \"end $(date +%s%N)\" >> " + log + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }

  private static int mostAtOnce(Path log) throws IOException {
    var events = Files.readAllLines(log).stream().map(line -> line.split(" "))
        // At the same instant an end counts before a start: the turn was given back first.
        .sorted(Comparator.<String[]>comparingLong(e -> Long.parseLong(e[1])).thenComparing(e -> e[0].equals("start")))
        .toList();
    assertThat(events).hasSize(12);
    int running = 0;
    int most = 0;
    for (var event : events) {
      running += event[0].equals("start") ? 1 : -1;
      most = Math.max(most, running);
    }
    return most;
  }

  private static ToolsConfig config(Object ffmpeg, int maxConcurrent, Duration queueTimeout) {
    return new ToolsConfig() {
      @Override
      public String ffmpeg() {
        return ffmpeg.toString();
      }

      @Override
      public String ffprobe() {
        return "ffprobe";
      }

      @Override
      public Duration timeout() {
        return Duration.ofSeconds(30);
      }

      @Override
      public int maxConcurrent() {
        return maxConcurrent;
      }

      @Override
      public Duration queueTimeout() {
        return queueTimeout;
      }

      @Override
      public Optional<Path> workDir() {
        return Optional.empty();
      }
    };
  }
}
