package dev.videoautomation.media;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.restassured.config.JsonConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.path.json.config.JsonPathConfig;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.TestTokens;

import static io.restassured.RestAssured.given;

/** Real media made with ffmpeg for the tests (SMPTE colour bars and a sine tone), and calls as a client. */
public final class TestMedia {
  public static final Path DIR = Path.of("target", "test-media");

  /** Decimal JSON numbers as doubles, so Hamcrest's closeTo applies. */
  private static final RestAssuredConfig DOUBLES = RestAssuredConfig.config().jsonConfig(
      JsonConfig.jsonConfig().numberReturnType(JsonPathConfig.NumberReturnType.DOUBLE));

  private TestMedia() {
  }

  /** A {@code seconds}-long H.264/AAC MP4 of colour bars and a 440 Hz tone, made once per size and length. */
  public static Path clip(double seconds, int width, int height) {
    var file = DIR.resolve(String.format(Locale.ROOT, "bars-%dx%d-%.1fs.mp4", width, height, seconds));
    if (!Files.exists(file)) {
      ffmpeg(List.of("-f", "lavfi", "-i", "smptebars=size=" + width + "x" + height + ":rate=25", "-f", "lavfi", "-i",
          "sine=frequency=440:sample_rate=44100", "-t", String.valueOf(seconds), "-c:v", "libx264", "-preset",
          "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file.toString()));
    }
    return file;
  }

  /** A tone-only audio file. */
  public static Path tone(double seconds) {
    var file = DIR.resolve(String.format(Locale.ROOT, "tone-%.1fs.m4a", seconds));
    if (!Files.exists(file)) {
      ffmpeg(List.of("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=16000", "-t", String.valueOf(seconds),
          "-c:a", "aac", file.toString()));
    }
    return file;
  }

  /** One frame at {@code seconds} as 8-bit grey pixels, row by row. */
  public static byte[] grayFrame(Path video, double seconds, int width, int height) {
    var out = DIR.resolve("gray-" + System.nanoTime() + ".raw");
    ffmpeg(List.of("-ss", String.valueOf(seconds), "-i", video.toString(), "-frames:v", "1", "-vf",
        "scale=" + width + ":" + height, "-f", "rawvideo", "-pix_fmt", "gray", out.toString()));
    try {
      var bytes = Files.readAllBytes(out);
      Files.delete(out);
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String ffprobe(Path file, String entries) {
    return run(List.of("ffprobe", "-v", "error", "-show_entries", entries, "-of", "default=nw=1:nk=1",
        file.toString()));
  }

  public static void ffmpeg(List<String> arguments) {
    var command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
    command.addAll(arguments);
    run(command);
  }

  private static String run(List<String> command) {
    try {
      Files.createDirectories(DIR);
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      var output = new String(process.getInputStream().readAllBytes());
      if (process.waitFor() != 0) {
        throw new IllegalStateException(command + " failed: " + output);
      }
      return output.strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A request as the gateway would send it for this client. */
  public static RequestSpecification as(String clientId) {
    return given().config(DOUBLES).auth().oauth2(TestTokens.forClient(clientId, Set.of("api.read", "api.write"), "pro"));
  }

  public static RequestSpecification asService(String name) {
    return given().config(DOUBLES).auth().oauth2(TestTokens.forService(name));
  }
}
