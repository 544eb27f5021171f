package dev.videoautomation.platform.ffmpeg;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Runs one external tool to completion, with a time limit, keeping its output and the tail of its error stream. */
final class Processes {
  private static final int STDERR_TAIL_BYTES = 4096;

  private Processes() {
  }

  record Result(int exitCode, byte[] stdout, String stderrTail) {
  }

  static Result run(List<String> command, Duration timeout) {
    Process process;
    try {
      process = new ProcessBuilder(command).start();
      // The tools get no input: an empty, closed stdin means nothing can ever wait on it.
      process.getOutputStream().close();
    } catch (IOException e) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE,
          "The media tool '" + command.get(0) + "' could not be started.")
          .withSetup("Install ffmpeg (it provides ffmpeg and ffprobe), or point MEDIA_TOOLS_FFMPEG and "
              + "MEDIA_TOOLS_FFPROBE at the executables."));
    }
    var stdout = new ByteArrayOutputStream();
    var stderr = new TailBuffer(STDERR_TAIL_BYTES);
    var outReader = Thread.ofVirtual().start(() -> drain(process.getInputStream(), stdout::write));
    var errReader = Thread.ofVirtual().start(() -> drain(process.getErrorStream(), stderr::write));
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE,
            "Processing the media took longer than " + timeout.toSeconds() + " s and was stopped."));
      }
      outReader.join();
      errReader.join();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "Processing was interrupted; try again.");
    }
    return new Result(process.exitValue(), stdout.toByteArray(), stderr.toString());
  }

  private interface Sink {
    void write(byte[] bytes, int offset, int length);
  }

  private static void drain(InputStream in, Sink sink) {
    var buffer = new byte[8192];
    try (in) {
      int read;
      while ((read = in.read(buffer)) >= 0) {
        sink.write(buffer, 0, read);
      }
    } catch (IOException e) {
      // The process ended or was killed; what was read is what there is.
    }
  }

  /** Keeps only the last bytes written, so a chatty tool cannot grow memory. */
  private static final class TailBuffer {
    private final byte[] ring;
    private long written;

    TailBuffer(int size) {
      ring = new byte[size];
    }

    synchronized void write(byte[] bytes, int offset, int length) {
      for (int i = 0; i < length; i++) {
        ring[(int) (written++ % ring.length)] = bytes[offset + i];
      }
    }

    @Override
    public synchronized String toString() {
      int size = (int) Math.min(written, ring.length);
      var out = new byte[size];
      long start = written - size;
      for (int i = 0; i < size; i++) {
        out[i] = ring[(int) ((start + i) % ring.length)];
      }
      return new String(out, java.nio.charset.StandardCharsets.UTF_8).strip();
    }
  }
}
