package dev.videoautomation.gateway.jobs;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import jakarta.inject.Singleton;


import io.vertx.core.Context;

import dev.videoautomation.gateway.events.ChangeEvents;
import dev.videoautomation.gateway.events.ChangeEvents.JobChange;

/**
 * Who follows which job on this replica (waits, streams, MCP progress), woken by {@code job_events}. A follower is
 * called on the Vert.x context it registered from, never on the listener's thread. When the listener reconnects,
 * every follower is told to {@link Follower#resync()} (events may have been missed while it was away).
 */
@Singleton
public class JobWatch {
  /** What a follower does with a change of its job, and after the listener reconnected. */
  public interface Follower {
    void changed(JobChange change);

    default void resync() {
    }
  }

  /** One follower of one job; {@link #close()} stops it (idempotent). */
  public final class Registration implements AutoCloseable {
    private final String jobId;
    private final Context context;
    private final Follower follower;

    private Registration(String jobId, Context context, Follower follower) {
      this.jobId = jobId;
      this.context = context;
      this.follower = follower;
    }

    @Override
    public void close() {
      followers.computeIfPresent(jobId, (id, set) -> {
        set.remove(this);
        return set.isEmpty() ? null : set;
      });
    }
  }

  /**
   * The header with which a caller inside this replica (an MCP tool call with a progressToken) asks to learn the id of
   * the job its creating POST makes, before a {@code Prefer: wait} on that job ends. Never forwarded to owners; a value
   * is an unguessable token valid only on this replica while that call runs.
   */
  public static final String CREATION_HEADER = "X-Gateway-Follow";

  /** A wish to learn a created job's id, sent as {@link #CREATION_HEADER}; {@link #close()} withdraws it. */
  public final class Expectation implements AutoCloseable {
    private final String token = UUID.randomUUID().toString();

    public String token() {
      return token;
    }

    @Override
    public void close() {
      expected.remove(token);
    }
  }

  private final Map<String, Set<Registration>> followers = new ConcurrentHashMap<>();
  private final Map<String, Consumer<String>> expected = new ConcurrentHashMap<>();
  private final ChangeEvents events;

  JobWatch(ChangeEvents events) {
    this.events = events;
    events.onJobEvent(this::changed);
    events.onReconnect(this::resyncAll);
  }

  /** Follows {@code jobId} from now on; register before reading the job's state, so no change falls between. */
  public Registration follow(String jobId, Context context, Follower follower) {
    var registration = new Registration(jobId, context, follower);
    followers.computeIfAbsent(jobId, id -> ConcurrentHashMap.newKeySet()).add(registration);
    return registration;
  }

  /** Tells {@code created} the id of the job that the request carrying the expectation's token creates. */
  public Expectation expectCreation(Consumer<String> created) {
    var expectation = new Expectation();
    expected.put(expectation.token(), created);
    return expectation;
  }

  /** The request that carried {@code token} (null when none) created job {@code jobId}, and is about to wait on it. */
  public void created(String token, String jobId) {
    var created = token == null ? null : expected.remove(token);
    if (created != null) {
      created.accept(jobId);
    }
  }

  /** Whether job changes are arriving; while not, followers read the owner on their own timers. */
  public boolean listening() {
    return events.listening();
  }

  /** How many followers this replica holds (metrics and tests). */
  public int size() {
    return followers.values().stream().mapToInt(Set::size).sum();
  }

  void changed(JobChange change) {
    var set = followers.get(change.jobId());
    if (set == null) {
      return;
    }
    for (var registration : set) {
      registration.context.runOnContext(ignored -> registration.follower.changed(change));
    }
  }

  private void resyncAll() {
    for (var set : followers.values()) {
      for (var registration : set) {
        registration.context.runOnContext(ignored -> registration.follower.resync());
      }
    }
  }
}
