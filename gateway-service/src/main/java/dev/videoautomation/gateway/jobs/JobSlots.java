package dev.videoautomation.gateway.jobs;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Singleton;


import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * The bounds on what a replica holds open for callers (docs/jobs.md "Bounds"): waits and event streams, per client
 * and in all. A slot is taken before anything is held and given back exactly once when the wait or stream ends.
 */
@Singleton
public class JobSlots {
  /** Seconds a refused caller is told to wait: a wait lasts at most 60 s and most end far sooner. */
  static final int RETRY_AFTER_SECONDS = 5;

  /** What is held. */
  public enum Kind {
    WAIT(ErrorCode.TOO_MANY_WAITS, "waits (Prefer: wait)"),
    STREAM(ErrorCode.TOO_MANY_STREAMS, "event streams (GET /v1/jobs/{id}/events)");

    private final ErrorCode refusal;
    private final String what;

    Kind(ErrorCode refusal, String what) {
      this.refusal = refusal;
      this.what = what;
    }
  }

  /** One taken slot; {@link #close()} gives it back, once. */
  public static final class Slot implements AutoCloseable {
    private final Runnable giveBack;
    private final AtomicBoolean open = new AtomicBoolean(true);

    private Slot(Runnable giveBack) {
      this.giveBack = giveBack;
    }

    @Override
    public void close() {
      if (open.compareAndSet(true, false)) {
        giveBack.run();
      }
    }
  }

  private final ConcurrentHashMap<String, Integer> waitsByClient = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Integer> streamsByClient = new ConcurrentHashMap<>();
  private final AtomicInteger waits = new AtomicInteger();
  private final AtomicInteger streams = new AtomicInteger();
  private final GatewayConfig.Jobs config;

  JobSlots(GatewayConfig config) {
    this.config = config.jobs();
  }

  /** A slot of {@code kind} for {@code clientId}, or the 429 to answer. */
  public Slot take(Kind kind, String clientId) {
    var byClient = kind == Kind.WAIT ? waitsByClient : streamsByClient;
    var all = kind == Kind.WAIT ? waits : streams;
    var perClient = kind == Kind.WAIT ? config.waitsPerClient() : config.streamsPerClient();
    var perReplica = kind == Kind.WAIT ? config.waitsPerReplica() : config.streamsPerReplica();
    var admitted = new boolean[1];
    byClient.compute(clientId, (id, held) -> {
      var count = held == null ? 0 : held;
      if (count >= perClient) {
        return held;
      }
      admitted[0] = true;
      return count + 1;
    });
    if (!admitted[0]) {
      throw refused(kind, "This client already holds " + perClient + " " + kind.what + " on this gateway, the most "
          + "it may; end one, or retry in " + RETRY_AFTER_SECONDS + " s.", perClient);
    }
    if (all.incrementAndGet() > perReplica) {
      all.decrementAndGet();
      release(byClient, clientId);
      throw refused(kind, "This gateway holds " + perReplica + " " + kind.what + " already, the most it may; "
          + "retry in " + RETRY_AFTER_SECONDS + " s.", perReplica);
    }
    return new Slot(() -> {
      all.decrementAndGet();
      release(byClient, clientId);
    });
  }

  /** How many of {@code kind} this replica holds (tests). */
  public int held(Kind kind) {
    return kind == Kind.WAIT ? waits.get() : streams.get();
  }

  private static void release(ConcurrentHashMap<String, Integer> byClient, String clientId) {
    byClient.computeIfPresent(clientId, (id, held) -> held <= 1 ? null : held - 1);
  }

  private static ApiException refused(Kind kind, String message, int limit) {
    return new ApiException(ApiError.of(kind.refusal, message).with("limit", limit)
        .with("retryAfter", RETRY_AFTER_SECONDS));
  }
}
