package dev.videoautomation.records.jobs;

import static jakarta.transaction.Transactional.TxType.REQUIRES_NEW;
import static jakarta.transaction.Transactional.TxType.SUPPORTS;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.transaction.Transactional;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.events.EventLog;
import dev.videoautomation.platform.jobs.JobKind;
import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.PageRequest;

/**
 * The internal job API of records (docs/internal-api.md §3.13–3.16) over its two kinds of job, each a
 * {@link JobSource}: accounts ({@code acc_}) and posts ({@code pst_}). An id of another prefix, or another client's,
 * is 404 like one that never existed.
 */
@ApplicationScoped
public class JobService {
  private final Map<JobKind, JobSource> sources = new EnumMap<>(JobKind.class);
  private final JobEvents events;

  public JobService(Instance<JobSource> sources, JobEvents events) {
    sources.forEach(source -> this.sources.put(source.kind(), source));
    this.events = events;
  }

  /** A page of jobs: {@code more} says whether older ones follow. */
  public record Page(List<JobView> data, boolean more) {
  }

  @Transactional(SUPPORTS)
  public JobView find(String clientId, String id) {
    return job(clientId, id).view();
  }

  /**
   * Newest first by {@code (createdAt, id)} over both kinds; each kind is asked for one more than the page, so the
   * merge knows whether anything older is left.
   */
  @Transactional(SUPPORTS)
  public Page list(String clientId, String kind, String status, String before, String limit,
      Map<String, String> tags) {
    var limitOnly = PageRequest.of(limit, null);
    var wantedStatus = filter("status", status, JobStatus::fromWire, "pending, running, succeeded, failed, canceled");
    var wantedKind = filter("kind", kind, JobKind::fromWire,
        "clone.video, image, music, account.verify, post.publish");
    var page = new PageRequest(limitOnly.limit(),
        before == null || before.isBlank() ? Optional.<Cursor>empty() : Optional.of(position(before)));
    var all = new ArrayList<JobView>();
    for (var source : sources.values()) {
      if (wantedKind.isEmpty() || wantedKind.get() == source.kind()) {
        all.addAll(source.page(clientId, wantedStatus, tags, page));
      }
    }
    all.sort(Comparator.comparingLong(JobView::createdAt).thenComparing(JobView::id).reversed());
    return new Page(List.copyOf(all.subList(0, Math.min(page.limit(), all.size()))), all.size() > page.limit());
  }

  /** The kept events after {@code after} ({@link EventLog}: {@code complete} false when some are gone). */
  @Transactional(SUPPORTS)
  public EventLog events(String clientId, String id, String after) {
    long afterSeq = 0;
    if (after != null && !after.isBlank()) {
      try {
        afterSeq = Long.parseLong(after.trim());
      } catch (NumberFormatException e) {
        afterSeq = -1;
      }
      if (afterSeq < 0) {
        throw ApiException.invalidField("after", "must be an event sequence number, 0 or more");
      }
    }
    var job = job(clientId, id);
    return events.after(id, afterSeq, job.eventSeq());
  }

  @Transactional(REQUIRES_NEW)
  public JobView cancel(String clientId, String id) {
    return source(id).flatMap(source -> source.cancel(clientId, id)).orElseThrow(() -> notFound(id));
  }

  private JobSource.Job job(String clientId, String id) {
    return source(id).flatMap(source -> source.find(clientId, id)).orElseThrow(() -> notFound(id));
  }

  private Optional<JobSource> source(String id) {
    return JobKind.ofId(id).map(sources::get);
  }

  private static ApiException notFound(String id) {
    return ApiException.notFound("The job " + id);
  }

  /** {@code <createdAtMs>.<id>}: the position the page starts strictly after. */
  private static Cursor position(String before) {
    var dot = before.indexOf('.');
    try {
      if (dot > 0 && dot < before.length() - 1) {
        return new Cursor(Long.parseLong(before.substring(0, dot)), before.substring(dot + 1));
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw ApiException.invalidField("before", "must be <createdAtMs>.<id>, the position of the last job seen");
  }

  private static <T> Optional<T> filter(String field, String value,
      java.util.function.Function<String, Optional<T>> parse, String allowed) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(parse.apply(value.trim()).orElseThrow(() -> ApiException.invalidField(field,
        "must be one of " + allowed)));
  }
}
