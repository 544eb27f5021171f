package dev.videoautomation.clone.jobs;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.panache.common.Parameters;
import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.tasks.JobView;
import dev.videoautomation.clone.tasks.Task;
import dev.videoautomation.clone.tasks.TaskRepository;
import dev.videoautomation.clone.tasks.TaskService;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.events.EventLog;
import dev.videoautomation.platform.events.Outbox;
import dev.videoautomation.platform.jobs.JobKind;
import dev.videoautomation.platform.jobs.JobStatus;

/**
 * clone's tasks as jobs, for the gateway's {@code /v1/jobs*} (docs/internal-api.md §3.13–3.16): one job, a page of a
 * client's jobs, a job's kept events, and a cancel. A job is the client's own or absent (404), whatever its prefix.
 */
@ApplicationScoped
public class JobsService {
  static final int DEFAULT_LIMIT = 50;
  static final int MAX_LIMIT = 200;
  private final TaskRepository tasks;
  private final TaskService service;
  private final Outbox outbox;

  public JobsService(TaskRepository tasks, TaskService service, Outbox outbox) {
    this.tasks = tasks;
    this.service = service;
    this.outbox = outbox;
  }

  /** One page of jobs, newest first; {@code more} says whether older ones follow. */
  @RegisterForReflection
  public record JobPage(List<JobView> data, boolean more) {
  }

  /** What a list asks for, as checked from the query: kind and status as job values (null = any). */
  public record ListQuery(JobKind kind, JobStatus status, Position before, int limit, boolean tagged) {
  }

  /** A place in the order {@code createdAt desc, id desc}: {@code <createdAtMs>.<id>} on the wire. */
  public record Position(long createdAt, String id) {
  }

  @Transactional
  public JobView get(String id, String clientId) {
    return JobView.of(owned(id, clientId));
  }

  @Transactional
  public JobPage list(String clientId, ListQuery query) {
    var taskKind = query.kind() == null ? null : JobView.taskKind(query.kind());
    // Clone's jobs carry no tags, and the other owner's kinds are not here: nothing matches.
    if (query.tagged() || (query.kind() != null && taskKind == null)) {
      return new JobPage(List.of(), false);
    }
    var where = new StringBuilder("clientId = :client");
    var parameters = Parameters.with("client", clientId);
    if (taskKind != null) {
      where.append(" and kind = :kind");
      parameters.and("kind", taskKind);
    }
    if (query.status() != null) {
      where.append(" and status = :status");
      parameters.and("status", query.status().wire());
    }
    if (query.before() != null) {
      where.append(" and (createdAt < :at or (createdAt = :at and id < :id))");
      parameters.and("at", Instant.ofEpochMilli(query.before().createdAt())).and("id", query.before().id());
    }
    var rows = tasks.find(where + " order by createdAt desc, id desc", parameters)
        .page(0, query.limit() + 1).list();
    var more = rows.size() > query.limit();
    return new JobPage(rows.stream().limit(query.limit()).map(JobView::of).toList(), more);
  }

  /** The job's kept events after {@code after}, oldest first, and whether none of them is missing. */
  public EventLog events(String id, String clientId, long after) {
    var latest = latestSeq(id, clientId);
    return outbox.eventsAfter(id, after, latest);
  }

  /** Cancels the client's job (as {@code DELETE /v1/clones/video/{id}} does, for every kind of clone's). */
  public JobView cancel(String id, String clientId) {
    var kind = taskKind(id);
    return service.cancel(id, clientId, kind).map(JobView::of).orElseThrow(() -> notFound(id));
  }

  @Transactional
  long latestSeq(String id, String clientId) {
    return owned(id, clientId).eventSeq;
  }

  private Task owned(String id, String clientId) {
    return tasks.owned(id, clientId, taskKind(id)).orElseThrow(() -> notFound(id));
  }

  /** The task kind a job id names by its prefix; 404 for an id that is no job of clone's. */
  private static String taskKind(String id) {
    return JobKind.ofId(id).map(JobView::taskKind).orElseThrow(() -> notFound(id));
  }

  private static ApiException notFound(String id) {
    return ApiException.notFound("Job " + id);
  }
}
