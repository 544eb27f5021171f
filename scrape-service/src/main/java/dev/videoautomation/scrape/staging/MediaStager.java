package dev.videoautomation.scrape.staging;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
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
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.scrape.config.ScrapeConfig;
import dev.videoautomation.scrape.normalize.NormalizedMedia;

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
  private final MediaCalls media;
  private final ThreadContext context;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

  MediaStager(ScrapeConfig config, MediaCalls media, ThreadContext context) {
    this.config = config.staging();
    this.media = media;
    this.context = context;
  }

  /**
   * The answer, and its normalized record when there is one (else null), with their files staged together, and what
   * happened. A file in both (a record's {@code media[].url} is one of the answer's URLs) is staged once and both
   * places get its CDN URL. Neither argument is changed ({@code data} may be cached).
   */
  public Result stage(JsonNode data, ObjectNode normalized, String clientId, String purpose) {
    var copy = data.deepCopy();
    var found = MediaUrls.find(copy, "$.data");
    var normalizedCopy = normalized == null ? null : normalized.deepCopy();
    if (normalizedCopy != null) {
      for (var place : NormalizedMedia.places(normalizedCopy, "$.normalized")) {
        var kind = MediaUrls.fileKind(place.url());
        if (kind != null) {
          found.add(new MediaUrls.Found(place.path(), place.url(), kind,
              new MediaUrls.Slot(place.holder(), place.field(), -1), null));
        }
      }
    }
    var files = files(found);
    var outcomes = stageAll(files.keySet(), clientId, purpose);
    var unstaged = new ArrayList<StagingMeta.Unstaged>();
    files.forEach((candidates, places) -> {
      for (var place : places) {
        var outcome = place.kind() == MediaUrls.Kind.PLAYLIST ? Outcome.failed(PLAYLIST_REASON)
            : outcomes.get(candidates);
        if (outcome.cdnUrl() != null) {
          place.slot().set(TextNode.valueOf(outcome.cdnUrl()));
        } else {
          place.slot().set(NullNode.getInstance());
          unstaged.add(new StagingMeta.Unstaged(place.path(), place.url(), outcome.reason()));
        }
      }
    });
    unstaged.sort(java.util.Comparator.comparing(StagingMeta.Unstaged::path));
    var staged = (int) outcomes.values().stream().filter(o -> o.cdnUrl() != null).count();
    Log.debugf("Staged %d of %d files (%d places unstaged)", staged, outcomes.size(), unstaged.size());
    return new Result(copy, normalizedCopy, new StagingMeta(staged, unstaged));
  }

  /**
   * The distinct files and the places each fills: one file per URL, except that the mirrors of one url_list are one
   * file with fallbacks (the first that stages serves every mirror). Playlists are kept apart: never staged.
   */
  static Map<List<String>, List<MediaUrls.Found>> files(List<MediaUrls.Found> found) {
    // A URL found alone that is also a mirror of a url_list (a normalized record names the first mirror) is that file.
    var mirrorGroup = new HashMap<String, String>();
    for (var place : found) {
      if (place.kind() == MediaUrls.Kind.FILE && place.mirrors() != null) {
        mirrorGroup.putIfAbsent(place.url(), "mirrors:" + place.mirrors());
      }
    }
    var byGroup = new LinkedHashMap<String, List<MediaUrls.Found>>();
    for (var place : found) {
      var group = place.kind() == MediaUrls.Kind.PLAYLIST ? "playlist:" + place.path()
          : place.mirrors() != null ? "mirrors:" + place.mirrors()
          : mirrorGroup.getOrDefault(place.url(), "url:" + place.url());
      byGroup.computeIfAbsent(group, g -> new ArrayList<>()).add(place);
    }
    var files = new LinkedHashMap<List<String>, List<MediaUrls.Found>>();
    byGroup.forEach((group, places) -> {
      var candidates = group.startsWith("playlist:") ? List.of(group)
          : places.stream().map(MediaUrls.Found::url).distinct().toList();
      files.computeIfAbsent(candidates, c -> new ArrayList<>()).addAll(places);
    });
    return files;
  }

  /** The staged answer, its staged normalized record (null when none was given) and {@code meta}. */
  public record Result(JsonNode data, ObjectNode normalized, StagingMeta meta) {
  }

  private Map<List<String>, Outcome> stageAll(java.util.Collection<List<String>> files, String clientId,
      String purpose) {
    var permits = new Semaphore(Math.max(1, config.concurrency()));
    var futures = new LinkedHashMap<List<String>, Future<Outcome>>();
    for (var candidates : files) {
      if (candidates.getFirst().startsWith("playlist:")) {
        continue;
      }
      futures.put(candidates, executor.submit(context.contextualCallable(() -> {
        permits.acquire();
        try {
          return stageFirst(candidates, clientId, purpose);
        } finally {
          permits.release();
        }
      })));
    }
    var deadline = System.nanoTime() + config.deadline().toNanos();
    var outcomes = new LinkedHashMap<List<String>, Outcome>();
    futures.forEach((candidates, future) -> outcomes.put(candidates, await(future, deadline)));
    return outcomes;
  }

  /** The first of a file's mirrors that stages; the first refusal's reason when none does. */
  private Outcome stageFirst(List<String> candidates, String clientId, String purpose) {
    Outcome first = null;
    for (var url : candidates) {
      var outcome = stageOne(url, clientId, purpose);
      if (outcome.cdnUrl() != null) {
        return outcome;
      }
      first = first == null ? outcome : first;
    }
    return first;
  }

  private Outcome stageOne(String url, String clientId, String purpose) {
    try {
      return Outcome.staged(media.stageUrl(StageUrl.of(url, clientId, purpose)).url());
    } catch (OwnerRefusal e) {
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
