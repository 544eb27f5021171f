package dev.videoautomation.suite.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.videoautomation.suite.Service;

/**
 * kill -9 of media-service while agents upload: while it is down the gateway answers typed 502/503/504 errors
 * (never a hang, never a 500), every upload that was acknowledged before, during or after the crash is still there
 * with its bytes, and the daily upload units charged equal the uploads acknowledged (failed ones are given back).
 */
@ExtendWith(ReliabilitySuite.class)
class ServiceCrashIT {
  private record Attempt(long at, HttpResponse<String> response) {
  }

  @Test
  void shouldLoseNoAcknowledgedUploadWhenMediaIsKilled() throws Exception {
    var suite = ReliabilitySuite.suite();
    var keys = ReliabilitySuite.subscribedKeys(3);
    var image = Files.createTempFile("crash", ".jpg");
    var ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i",
        "testsrc2=size=160x120", "-frames:v", "1", image.toString()).inheritIO().start();
    assertThat(ffmpeg.waitFor()).isZero();
    var bytes = Files.readAllBytes(image);

    var attempts = Collections.synchronizedList(new ArrayList<Attempt>());
    var stop = new AtomicBoolean();
    var uploaders = Executors.newFixedThreadPool(3);
    var running = new ArrayList<Future<?>>();
    for (var key : keys) {
      running.add(uploaders.submit(() -> {
        while (!stop.get()) {
          var response = ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/upload?filename=frame.jpg")
              .header("Content-Type", "image/jpeg").POST(HttpRequest.BodyPublishers.ofByteArray(bytes)));
          attempts.add(new Attempt(System.nanoTime(), response));
          Thread.sleep(100);
        }
        return null;
      }));
    }
    Thread.sleep(2_000);
    var killedAt = System.nanoTime();
    suite.kill(Service.MEDIA);
    Thread.sleep(3_000);
    var restartFrom = System.nanoTime();
    suite.restart(Service.MEDIA);
    var backAt = System.nanoTime();
    Thread.sleep(2_000);
    stop.set(true);
    uploaders.shutdown();
    assertThat(uploaders.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    for (var uploader : running) {
      uploader.get(); // an answer the OpenAPI snapshot disagrees with fails the test here
    }

    var acknowledged = new ArrayList<String>();
    var refused = 0;
    List<Attempt> all;
    synchronized (attempts) {
      all = List.copyOf(attempts);
    }
    for (var attempt : all) {
      if (attempt.response().statusCode() == 200) {
        acknowledged.add(ReliabilitySuite.json(attempt.response()).path("url").asText());
      } else {
        Answers.assertTypedError(attempt.response(), Set.of(502, 503, 504));
        refused++;
      }
    }
    assertThat(refused).as("uploads refused while media was down").isPositive();
    assertThat(all.stream().filter(a -> a.at() > backAt && a.response().statusCode() == 200).count())
        .as("uploads acknowledged after the restart").isPositive();
    assertThat(all.stream().filter(a -> a.at() < killedAt && a.response().statusCode() == 200).count())
        .as("uploads acknowledged before the kill").isPositive();

    for (var url : acknowledged) {
      var download = ReliabilitySuite.HTTP.send(HttpRequest.newBuilder(java.net.URI.create(url)).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      assertThat(download.statusCode()).as(url).isEqualTo(200);
      assertThat(download.body()).as(url).isEqualTo(bytes);
    }
    var charged = 0;
    for (var key : keys) {
      var usage = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/usage")));
      charged += usage.at("/usage/upload/limit").asInt() - usage.at("/usage/upload/remaining").asInt();
    }
    assertThat(charged).as("upload units charged = uploads acknowledged").isEqualTo(acknowledged.size());

    ReliabilitySuite.figure("crash-media", String.format(Locale.ROOT,
        "kill -9 of media-service during uploads (3 agents): %d uploads acknowledged, all downloadable "
            + "byte-for-byte afterwards; %d refused with typed 502/503/504 while it was down (%.1f s until the "
            + "restart was ready); upload units charged %d = acknowledged.",
        acknowledged.size(), refused, (backAt - restartFrom) / 1e9, charged));
  }
}
