package dev.videoautomation.suite.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.suite.LocalDatabase;
import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.Suite;

/**
 * {@code bench/media/run.sh}: what media-service adds to ffmpeg. Overlay and extract of a 30 s 720p clip through the
 * API (gateway, key, limits, storage, probing, records) against the same ffmpeg commands run by hand on the same
 * file, median of a few runs each; then a 1 GiB upload through the gateway with media-service's resident memory
 * sampled. Writes its section of docs/benchmarks.md.
 */
public final class MediaBench {
  private static final String OPERATOR_TOKEN = "bench-" + UUID.randomUUID();
  private static final String FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
  private static final String TEXT = "Wait for it…\nPart 2";
  private static final int FRAMES = 10;

  private MediaBench() {
  }

  public static void main(String[] args) throws Exception {
    var root = Path.of(System.getProperty("suite.root", ".")).toAbsolutePath().normalize();
    var runs = Integer.parseInt(System.getProperty("bench.runs", "3"));
    var dataDir = Files.createTempDirectory("vas-media-bench");
    var work = Files.createDirectories(dataDir.resolve("raw"));
    var clip = dataDir.resolve("clip-720p-30s.mp4");
    System.out.println("Making a 30 s 720p clip ...");
    run(List.of("ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i",
        "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "30",
        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
        clip.toString()));
    try (var database = LocalDatabase.start(dataDir.resolve("postgres"), BenchSupport.freePort())) {
      var suite = Suite.builder(root, dataDir, database.address()).freePorts()
          .javaOptions(List.of("-Xmx512m"))
          .env(Service.BILLING, "BILLING_ADMIN_OPERATOR_TOKEN", OPERATOR_TOKEN)
          .build();
      try (suite) {
        System.out.println("Starting the suite ...");
        suite.start();
        var gateway = suite.baseUri(Service.GATEWAY);
        var key = BenchSupport.subscribedKeys(suite, 1, OPERATOR_TOKEN).getFirst();
        var mediaId = uploadFile(gateway, key, clip).get("id").asText();

        var textFile = work.resolve("text.txt");
        Files.writeString(textFile, TEXT);
        var overlayBody = BenchSupport.JSON.writeValueAsString(java.util.Map.of("videoUrl", mediaId, "text", TEXT));
        var extractBody = BenchSupport.JSON.writeValueAsString(java.util.Map.of("videoUrl", mediaId,
            "frames", java.util.Map.of("count", FRAMES), "audio", java.util.Map.of("format", "m4a")));

        System.out.println("Warming up ...");
        timeApi(gateway, key, "/v1/overlay", overlayBody);
        timeApi(gateway, key, "/v1/extract", extractBody);
        rawOverlay(clip, textFile, work);
        rawExtract(clip, work);

        System.out.println("Measuring overlay and extract (" + runs + " runs each) ...");
        // Interleaved, so anything else the machine does weighs on both sides alike.
        var overlay = interleaved(runs, () -> timeApi(gateway, key, "/v1/overlay", overlayBody),
            () -> rawOverlay(clip, textFile, work));
        var extract = interleaved(runs, () -> timeApi(gateway, key, "/v1/extract", extractBody),
            () -> rawExtract(clip, work));
        var apiOverlay = overlay[0];
        var rawOverlay = overlay[1];
        var apiExtract = extract[0];
        var rawExtract = extract[1];

        System.out.println("Uploading 1 GiB ...");
        var upload = uploadGiB(gateway, key, suite.pid(Service.MEDIA), suite.pid(Service.GATEWAY));

        var report = String.format(Locale.ROOT, """
            ## Media (issue 6)

            Command: `%s`. Machine: this development machine (2 cores, 24 GiB); the packaged JVM services with
            `-Xmx512m`, ffmpeg %s from Debian. Input: a 30 s 1280x720 30 fps H.264/AAC clip (ffmpeg's testsrc2 and a
            tone). Each figure is the median of %d runs after a warm-up, API and by-hand runs alternating; "by hand" runs
            the same ffmpeg and ffprobe commands media-service runs, on the same file, as separate processes.

            | operation | through the API | same commands by hand | ratio (goal ≤ 1.1×) |
            |---|---|---|---|
            | `POST /v1/overlay` (two-line caption, re-encode H.264 veryfast, copy audio) | %.2f s | %.2f s | %.2f× |
            | `POST /v1/extract` (%d JPEG frames, AAC audio, metadata) | %.2f s | %.2f s | %.2f× |

            The API side adds the gateway (key, subscription, daily limit), resolving the `med_` id, storing every
            output file on the CDN with its record, and the JSON answer; it saves the source probe the by-hand extract runs,
            since the ffprobe result taken at upload is kept with the object.

            ### 1 GiB upload through the gateway

            `POST /v1/upload` with a 1 GiB WAV body made on the fly by the sender (a header, then silence): answered %d in %.1f s
            (%.0f MiB/s). media-service resident memory %d MiB before, at most %d MiB during: **%+d MiB** (goal: less
            than +64 MiB); gateway %d MiB before, at most %d MiB during (%+d MiB).
            """, "bench/media/run.sh", ffmpegVersion(), runs,
            apiOverlay, rawOverlay, apiOverlay / rawOverlay, FRAMES, apiExtract, rawExtract, apiExtract / rawExtract,
            upload.status, upload.seconds, 1024 / upload.seconds, upload.mediaBefore / 1024, upload.mediaPeak / 1024,
            (upload.mediaPeak - upload.mediaBefore) / 1024, upload.gatewayBefore / 1024, upload.gatewayPeak / 1024,
            (upload.gatewayPeak - upload.gatewayBefore) / 1024);
        System.out.println(report);
        BenchSupport.writeSection(root, "media", report);
        System.out.println("Written to docs/benchmarks.md");
      }
    }
  }

  /** The ffmpeg command media-service runs for the overlay request above (see overlay/Overlays and DrawText). */
  private static double rawOverlay(Path clip, Path textFile, Path work) {
    return timed(() -> run(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i",
        clip.toString(), "-map", "0:v:0", "-map", "0:a?", "-vf", "drawtext=fontfile=" + FONT + ":textfile="
            + textFile + ":expansion=none:fontsize=48:fontcolor=white:borderw=2:bordercolor=black:line_spacing=12"
            + ":x=(w-text_w)/2:y=h-text_h-h*0.08", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
        "-pix_fmt", "yuv420p", "-c:a", "copy", "-movflags", "+faststart", work.resolve("overlay.mp4").toString())));
  }

  /** The ffprobe and ffmpeg commands media-service runs for the extract request above. */
  private static double rawExtract(Path clip, Path work) {
    return timed(() -> {
      run(List.of("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams",
          clip.toString()));
      var frames = new ArrayList<String>(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y"));
      for (int i = 0; i < FRAMES; i++) {
        frames.addAll(List.of("-ss", String.format(Locale.ROOT, "%.3f", 30.0 * (i + 0.5) / FRAMES), "-i",
            clip.toString()));
      }
      for (int i = 0; i < FRAMES; i++) {
        frames.addAll(List.of("-map", i + ":v:0", "-frames:v", "1", "-q:v", "2",
            work.resolve("frame-" + i + ".jpg").toString()));
      }
      run(frames);
      run(List.of("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams",
          work.resolve("frame-0.jpg").toString()));
      run(List.of("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", clip.toString(), "-vn",
          "-map", "0:a:0", "-c:a", "aac", "-b:a", "160k", work.resolve("audio.m4a").toString()));
      run(List.of("ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams",
          work.resolve("audio.m4a").toString()));
    });
  }

  private static double timeApi(URI gateway, String key, String path, String body) {
    return timed(() -> {
      try {
        var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(gateway.resolve(path))
            .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
          throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    });
  }

  private static JsonNode uploadFile(URI gateway, String key, Path file) throws Exception {
    var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(gateway.resolve("/v1/upload"))
        .header("Authorization", "Bearer " + key).header("Content-Type", "video/mp4")
        .POST(HttpRequest.BodyPublishers.ofFile(file)).build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException("upload answered " + response.statusCode() + ": " + response.body());
    }
    return BenchSupport.JSON.readTree(response.body());
  }

  private record Upload(int status, double seconds, long mediaBefore, long mediaPeak, long gatewayBefore,
      long gatewayPeak) {
  }

  /**
   * A 1 GiB WAV (a valid header, then silence made on the fly, so the sender holds nothing either) streamed to
   * {@code /v1/upload} while both processes' resident memory is sampled every 50 ms.
   */
  private static Upload uploadGiB(URI gateway, String key, long mediaPid, long gatewayPid) throws Exception {
    long size = 1L << 30;
    var mediaBefore = BenchSupport.rssKib(mediaPid);
    var gatewayBefore = BenchSupport.rssKib(gatewayPid);
    var mediaPeak = new AtomicLong(mediaBefore);
    var gatewayPeak = new AtomicLong(gatewayBefore);
    var sampling = new AtomicBoolean(true);
    var sampler = Thread.ofPlatform().daemon().start(() -> {
      while (sampling.get()) {
        mediaPeak.accumulateAndGet(BenchSupport.rssKib(mediaPid), Math::max);
        gatewayPeak.accumulateAndGet(BenchSupport.rssKib(gatewayPid), Math::max);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    var started = System.nanoTime();
    var response = BenchSupport.HTTP.send(HttpRequest.newBuilder(gateway.resolve("/v1/upload?filename=silence.wav"))
        .header("Authorization", "Bearer " + key).header("Content-Type", "audio/wav")
        .POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> wav(size)),
            size)).build(), HttpResponse.BodyHandlers.ofString());
    var seconds = (System.nanoTime() - started) / 1e9;
    sampling.set(false);
    sampler.join();
    if (response.statusCode() != 200) {
      throw new IllegalStateException("1 GiB upload answered " + response.statusCode() + ": " + response.body());
    }
    return new Upload(response.statusCode(), seconds, mediaBefore, mediaPeak.get(), gatewayBefore,
        gatewayPeak.get());
  }

  /** A PCM WAV of exactly {@code size} bytes: 16-bit stereo 48 kHz silence. */
  private static InputStream wav(long size) {
    var header = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN);
    header.put("RIFF".getBytes(StandardCharsets.US_ASCII)).putInt((int) (size - 8))
        .put("WAVE".getBytes(StandardCharsets.US_ASCII)).put("fmt ".getBytes(StandardCharsets.US_ASCII))
        .putInt(16).putShort((short) 1).putShort((short) 2).putInt(48_000).putInt(48_000 * 4).putShort((short) 4)
        .putShort((short) 16).put("data".getBytes(StandardCharsets.US_ASCII)).putInt((int) (size - 44));
    var head = header.array();
    return new InputStream() {
      long position;

      @Override
      public int read() {
        if (position >= size) {
          return -1;
        }
        return position < head.length ? head[(int) position++] & 0xff : zero();
      }

      private int zero() {
        position++;
        return 0;
      }

      @Override
      public int read(byte[] buffer, int offset, int length) {
        if (position >= size) {
          return -1;
        }
        int n = (int) Math.min(length, size - position);
        for (int i = 0; i < n; i++) {
          long at = position + i;
          buffer[offset + i] = at < head.length ? head[(int) at] : 0;
        }
        position += n;
        return n;
      }
    };
  }

  /** Medians of {@code runs} alternating runs of the two measurements: {api, raw}. */
  private static double[] interleaved(int runs, Supplier<Double> api, Supplier<Double> raw) {
    var apiTimes = new double[runs];
    var rawTimes = new double[runs];
    for (int i = 0; i < runs; i++) {
      apiTimes[i] = api.get();
      rawTimes[i] = raw.get();
    }
    Arrays.sort(apiTimes);
    Arrays.sort(rawTimes);
    return new double[] {apiTimes[runs / 2], rawTimes[runs / 2]};
  }

  private static double timed(Runnable action) {
    var started = System.nanoTime();
    action.run();
    return (System.nanoTime() - started) / 1e9;
  }

  private static String ffmpegVersion() {
    var output = run(List.of("ffmpeg", "-version"));
    var first = output.lines().findFirst().orElse("");
    var parts = first.split(" ");
    return parts.length > 2 ? parts[2] : "?";
  }

  private static String run(List<String> command) {
    try {
      var process = new ProcessBuilder(command).redirectErrorStream(true).start();
      var output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException(command.getFirst() + " failed: " + output);
      }
      return output;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
