package dev.videoautomation.records.jobs;

import java.time.Instant;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.jobs.JobKind;
import dev.videoautomation.platform.jobs.JobStatus;

/**
 * The job view of an account or a post (docs/jobs.md), the same JSON as every owner's: the internal job API answers
 * it and every outbox row carries it. {@code progress} is always null here: neither a verification nor a publish
 * reports how far it got.
 */
@RegisterForReflection
public record JobView(String id, String kind, String status, Integer progress, long createdAt, long updatedAt,
    Long startedAt, Long finishedAt, long deadlineAt, int creditsCharged, int creditsRefunded,
    Map<String, Object> result, Error error, Links links) {

  /** Why a job failed or was canceled: a code and the message an agent can act on. */
  @RegisterForReflection
  public record Error(String error, String message) {
  }

  /** The job itself, its event stream, and the kind's own resource. */
  @RegisterForReflection
  public record Links(String self, String events, String resource) {
  }

  /** What a kind knows of one of its jobs; the rest of the view follows from it. */
  public record Facts(JobKind kind, String id, JobStatus status, Instant createdAt, Instant updatedAt,
      Instant startedAt, Instant finishedAt, Instant deadlineAt, int creditsCharged, int creditsRefunded,
      Map<String, Object> result, Error error, String resource) {
  }

  public static JobView of(Facts facts) {
    var self = "/v1/jobs/" + facts.id();
    return new JobView(facts.id(), facts.kind().wire(), facts.status().wire(), null, facts.createdAt().toEpochMilli(),
        facts.updatedAt().toEpochMilli(), millis(facts.startedAt()), millis(facts.finishedAt()),
        facts.deadlineAt().toEpochMilli(), facts.creditsCharged(), facts.creditsRefunded(),
        facts.status() == JobStatus.SUCCEEDED ? facts.result() : null,
        facts.status() == JobStatus.FAILED || facts.status() == JobStatus.CANCELED ? facts.error() : null,
        new Links(self, self + "/events", facts.resource()));
  }

  private static Long millis(Instant instant) {
    return instant == null ? null : instant.toEpochMilli();
  }
}
