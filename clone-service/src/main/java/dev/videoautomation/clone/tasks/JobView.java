package dev.videoautomation.clone.tasks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.jobs.JobKind;

/**
 * A task as a job (docs/jobs.md, "The job view"): what {@code GET /internal/jobs/{id}} answers, what the events of the
 * job carry, and what the gateway shows as {@code GET /v1/jobs/{id}}. Task statuses are the job statuses as they are.
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.ALWAYS)
public record JobView(String id, String kind, String status, Integer progress, long createdAt, long updatedAt,
    Long startedAt, Long finishedAt, long deadlineAt, int creditsCharged, int creditsRefunded,
    @JsonInclude(content = JsonInclude.Include.ALWAYS) Map<String, Object> result, Error error, Links links) {

  /** Why a job did not succeed: its error code and message ({@code canceled} after a cancel). */
  @RegisterForReflection
  public record Error(String error, String message) {
  }

  @RegisterForReflection
  public record Links(String self, String events, String resource) {
  }

  public static JobView of(Task t) {
    var kind = kind(t.kind);
    var self = "/v1/jobs/" + t.id;
    return new JobView(t.id, kind.wire(), t.status, t.progress, t.createdAt.toEpochMilli(),
        t.updatedAt.toEpochMilli(), millis(t.startedAt), millis(t.finishedAt), t.deadlineAt.toEpochMilli(),
        t.creditsCharged, t.creditsRefunded, result(t), error(t), new Links(self, self + "/events", resource(t)));
  }

  /** The job kind of a task kind: {@code video} is {@code clone.video}, the others keep their name. */
  public static JobKind kind(String taskKind) {
    return switch (taskKind) {
      case "video" -> JobKind.CLONE_VIDEO;
      case "image" -> JobKind.IMAGE;
      case "music" -> JobKind.MUSIC;
      default -> throw new IllegalArgumentException("Not a task kind: " + taskKind);
    };
  }

  /** The task kind of a job kind clone owns; null for the kinds of other owners. */
  public static String taskKind(JobKind kind) {
    return switch (kind) {
      case CLONE_VIDEO -> "video";
      case IMAGE -> "image";
      case MUSIC -> "music";
      default -> null;
    };
  }

  private static String resource(Task t) {
    return switch (t.kind) {
      case "video" -> "/v1/clones/video/" + t.id;
      case "music" -> "/v1/music/" + t.id;
      default -> "/v1/images/" + t.id;
    };
  }

  /** The kind's output once succeeded (the fields its own view has), else null. */
  private static Map<String, Object> result(Task t) {
    if (!Task.SUCCEEDED.equals(t.status)) {
      return null;
    }
    var result = new LinkedHashMap<String, Object>();
    switch (t.kind) {
      case "video" -> {
        result.put("videoId", t.id);
        result.put("resultUrl", t.resultUrl);
      }
      case "music" -> {
        result.put("trackId", t.id);
        result.put("audioUrl", t.resultUrl);
        result.put("imageUrl", t.imageUrl);
        result.put("durationSeconds", t.resultDurationSeconds);
      }
      default -> result.put("imageUrls", t.resultUrls == null ? List.of() : t.resultUrls);
    }
    return result;
  }

  private static Error error(Task t) {
    return switch (t.status) {
      case Task.CANCELED -> new Error("canceled", t.errorMessage == null ? "Canceled." : t.errorMessage);
      case Task.FAILED -> new Error(t.errorCode == null ? "upstream_error" : t.errorCode,
          t.errorMessage == null ? "The job failed." : t.errorMessage);
      default -> null;
    };
  }

  private static Long millis(java.time.Instant at) {
    return at == null ? null : at.toEpochMilli();
  }
}
