package dev.videoautomation.scrape.staging;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.context.ThreadContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.scrape.config.ScrapeConfig;
import dev.videoautomation.scrape.media.MediaClient;
import dev.videoautomation.scrape.media.StagingRefused;

/**
 * {@code download_media}: every media file of a provider answer is staged to the CDN through media-service and its
 * URL replaced by the CDN URL; a file that cannot be staged becomes null and is listed with the reason. Identical
 * URLs are staged once. Files are staged concurrently, at most {@code scrape.staging.concurrency} at a time per
 * answer, within {@code scrape.staging.deadline} overall. Each call carries the caller's token (the request context
 * is propagated to the staging threads, so the platform's headers factory finds the caller).
 */
@ApplicationScoped
public class MediaStager {
  /** The reason given for a streaming playlist (HLS, DASH): it is not one file, so it is never sent to media. */
  static final String PLAYLIST_REASON = ErrorCode.UNSUPPORTED_MEDIA_TYPE.code();

  private final ScrapeConfig.Staging config;
  private final MediaClient media;
  private final ThreadContext context;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

  MediaStager(ScrapeConfig config, MediaClient media, ThreadContext context) {
    this.config = config.staging();
    this.media = media;
    this.context = context;
  }

  /** The answer with its files staged, and what happened. {@code data} itself is left untouched (it may be cached). */
  public Result stage(JsonNode data, String clientId, String purpose) {
    var copy = data.deepCopy();
    var found = MediaUrls.find(copy, "$.data");
    var urls = found.stream().filter(f -> f.kind() == MediaUrls.Kind.FILE).map(MediaUrls.Found::url).distinct()
        .toList();
    var outcomes = stageAll(urls, clientId, purpose);
    var unstaged = new ArrayList<StagingMeta.Unstaged>();
    for (var place : found) {
      var outcome = place.kind() == MediaUrls.Kind.PLAYLIST ? Outcome.failed(PLAYLIST_REASON)
          : outcomes.get(place.url());
      if (outcome.cdnUrl() != null) {
        place.slot().set(TextNode.valueOf(outcome.cdnUrl()));
      } else {
        place.slot().set(NullNode.getInstance());
        unstaged.add(new StagingMeta.Unstaged(place.path(), place.url(), outcome.reason()));
      }
    }
    var staged = (int) outcomes.values().stream().filter(o -> o.cdnUrl() != null).count();
    Log.debugf("Staged %d of %d files (%d places unstaged)", staged, urls.size(), unstaged.size());
    return new Result(copy, new StagingMeta(staged, unstaged));
  }

  /** The staged answer and its {@code meta}. */
  public record Result(JsonNode data, StagingMeta meta) {
  }

  private Map<String, Outcome> stageAll(java.util.List<String> urls, String clientId, String purpose) {
    var permits = new Semaphore(Math.max(1, config.concurrency()));
    var futures = new LinkedHashMap<String, Future<Outcome>>();
    for (var url : urls) {
      futures.put(url, executor.submit(context.contextualCallable(() -> {
        permits.acquire();
        try {
          return stageOne(url, clientId, purpose);
        } finally {
          permits.release();
        }
      })));
    }
    var deadline = System.nanoTime() + config.deadline().toNanos();
    var outcomes = new LinkedHashMap<String, Outcome>();
    futures.forEach((url, future) -> outcomes.put(url, await(future, deadline)));
    return outcomes;
  }

  private Outcome stageOne(String url, String clientId, String purpose) {
    try {
      return Outcome.staged(media.stage(url, clientId, purpose, null).url());
    } catch (StagingRefused e) {
      Log.debugf("Not staged (%s): %s", e.reason(), url);
      return Outcome.failed(e.reason());
    } catch (RuntimeException e) {
      Log.warnf("Staging failed unexpectedly for %s: %s", url, e.toString());
      return Outcome.failed(ErrorCode.UPSTREAM_ERROR.code());
    }
  }

  private static Outcome await(Future<Outcome> future, long deadline) {
    try {
      return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      return Outcome.failed(ErrorCode.UPSTREAM_TIMEOUT.code());
    } catch (ExecutionException e) {
      return Outcome.failed(ErrorCode.UPSTREAM_ERROR.code());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      future.cancel(true);
      return Outcome.failed(ErrorCode.UPSTREAM_TIMEOUT.code());
    }
  }

  @PreDestroy
  void close() {
    executor.shutdownNow();
  }

  private record Outcome(String cdnUrl, String reason) {
    static Outcome staged(String cdnUrl) {
      return new Outcome(cdnUrl, null);
    }

    static Outcome failed(String reason) {
      return new Outcome(null, reason);
    }
  }
}
