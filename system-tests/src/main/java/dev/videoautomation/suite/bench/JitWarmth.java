package dev.videoautomation.suite.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Warms a measured path until the gateway's JIT has settled on it, rather than for a fixed time. On a slow 2-core
 * machine a fixed warm-up left C2 compiling through the measurement (async-profiler put 42 % of the gateway's samples
 * in C2 during the metered row after a 15 s warm-up, 12 % in the MCP row), so the rows measured the compiler beside
 * the gateway. The JIT's own count of its compile time ({@code jstat -compiler}, the JDK's tool for it) says when it
 * is done: a warm-up runs in slices until one slice adds less than {@link #SETTLED_SHARE} of a core's time in
 * compiling, within a floor and a cap.
 */
final class JitWarmth {
  /** Seconds of a warm-up slice. */
  static final int SLICE_SECONDS = 5;
  /** A slice whose compiling took less than this share of its time (on one core) leaves the JIT settled. */
  static final double SETTLED_SHARE = 0.05;
  /** The longest warm-up, in slices past the floor: the bench ends in bounded time on any machine. */
  static final int MAX_EXTRA_SLICES = 8;

  private JitWarmth() {
  }

  /** One warm-up run of {@code seconds}. */
  interface Warmer {
    void run(int seconds) throws Exception;
  }

  /**
   * Runs {@code warmer} for {@code floorSeconds}, then in slices until the process {@code pid} compiles for less than
   * {@link #SETTLED_SHARE} of a slice, or {@link #MAX_EXTRA_SLICES} slices have run. The seconds warmed.
   */
  static int warm(String what, long pid, int floorSeconds, Warmer warmer) throws Exception {
    warmer.run(floorSeconds);
    var warmed = floorSeconds;
    for (int slice = 0; slice < MAX_EXTRA_SLICES; slice++) {
      var before = compileSeconds(pid);
      warmer.run(SLICE_SECONDS);
      warmed += SLICE_SECONDS;
      var compiling = compileSeconds(pid) - before;
      if (Double.isNaN(compiling) || compiling < SETTLED_SHARE * SLICE_SECONDS) {
        System.out.printf(Locale.ROOT, "%s warmed for %d s; the JIT compiled for %.2f s in the last %d s%n", what,
            warmed, compiling, SLICE_SECONDS);
        return warmed;
      }
    }
    System.out.printf(Locale.ROOT, "%s warmed for %d s, the most it is; the JIT was still compiling%n", what, warmed);
    return warmed;
  }

  /** The JIT's total compile time in {@code pid} so far, in seconds; NaN when jstat cannot tell. */
  static double compileSeconds(long pid) {
    var jstat = Path.of(System.getProperty("java.home"), "bin", "jstat");
    if (!Files.isExecutable(jstat)) {
      return Double.NaN;
    }
    try {
      var process = new ProcessBuilder(jstat.toString(), "-compiler", Long.toString(pid)).redirectErrorStream(true)
          .start();
      var output = new String(process.getInputStream().readAllBytes());
      process.waitFor();
      return parse(output);
    } catch (Exception e) {
      return Double.NaN;
    }
  }

  /** The {@code Time} column of {@code jstat -compiler}'s answer: {@code Compiled Failed Invalid Time ...}. */
  static double parse(String jstatOutput) {
    var lines = jstatOutput.strip().split("\\R");
    if (lines.length < 2 || !lines[0].contains("Time")) {
      return Double.NaN;
    }
    var columns = lines[1].strip().split("\\s+");
    try {
      return Double.parseDouble(columns[3].replace(',', '.'));
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }
}
