package dev.videoautomation.gateway.jobs;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;

/**
 * The shapes of the job answers, for the OpenAPI document only: the gateway relays the owners' JSON as they answer
 * it (docs/jobs.md, docs/internal-api.md §3.13), so these records are never built.
 */
final class JobDocs {
  /** 9999-12-31T23:59:59.999Z, as every epoch-millisecond field of the API is bounded. */
  private static final String EPOCH_MS_MAX = "253402300799999";
  private JobDocs() {
  }

  @Schema(name = "JobLinks", description = "Where to read more of the job.")
  record Links(
      @Schema(required = true, maxLength = 100, example = "/v1/jobs/vid_6Qm0aZ9bC1dE2fG3hI4jK5") String self,
      @Schema(required = true, maxLength = 100, description = "The job's event stream (text/event-stream).",
          example = "/v1/jobs/vid_6Qm0aZ9bC1dE2fG3hI4jK5/events") String events,
      @Schema(required = true, maxLength = 100, description = "The kind's own endpoint.",
          example = "/v1/clones/video/vid_6Qm0aZ9bC1dE2fG3hI4jK5") String resource) {
  }

  @Schema(name = "Job", description = "One piece of asynchronous work, whatever its kind (docs/jobs.md).")
  record View(
      @Schema(required = true, maxLength = 64, pattern = "^(vid|img|trk|acc|pst)_[0-9A-Za-z]+$",
          example = "vid_6Qm0aZ9bC1dE2fG3hI4jK5") String id,
      @Schema(required = true, enumeration = {"clone.video", "image", "music", "account.verify", "post.publish"})
      String kind,
      @Schema(required = true, enumeration = {"pending", "running", "succeeded", "failed", "canceled"})
      String status,
      @Schema(nullable = true, format = "int32", minimum = "0", maximum = "100", example = "40") Integer progress,
      @Schema(required = true, format = "int64", minimum = "0", maximum = EPOCH_MS_MAX, example = "1763700000000")
      long createdAt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = EPOCH_MS_MAX, example = "1763700060000")
      long updatedAt,
      @Schema(nullable = true, format = "int64", minimum = "0", maximum = EPOCH_MS_MAX, example = "1763700010000")
      Long startedAt,
      @Schema(nullable = true, format = "int64", minimum = "0", maximum = EPOCH_MS_MAX) Long finishedAt,
      @Schema(nullable = true, format = "int64", minimum = "0", maximum = EPOCH_MS_MAX, example = "1763703600000")
      Long deadlineAt,
      @Schema(required = true, format = "int64", minimum = "0", maximum = "2147483647", example = "40")
      long creditsCharged,
      @Schema(required = true, format = "int64", minimum = "0", maximum = "2147483647", example = "0")
      long creditsRefunded,
      @Schema(nullable = true, maxProperties = 20, description = "The kind's output once succeeded (docs/jobs.md).")
      Map<String, Object> result,
      // Written out rather than a $ref to a named schema: a nullable allOf is not read as nullable by validators.
      @Schema(nullable = true, type = SchemaType.OBJECT, additionalProperties = Schema.False.class,
          description = "Why a job failed or was canceled; null otherwise.",
          requiredProperties = {"error", "message"}, properties = {
              @SchemaProperty(name = "error", type = SchemaType.STRING, maxLength = 64, example = "deadline_exceeded"),
              @SchemaProperty(name = "message", type = SchemaType.STRING, maxLength = 2000,
                  example = "The job passed its deadline.")})
      Object error,
      @Schema(required = true) Links links) {
  }

  @Schema(name = "JobList", description = "A page of the caller's jobs, newest first.")
  record Page(
      @Schema(required = true, maxItems = 200) List<View> data,
      @Schema(nullable = true, maxLength = 200, description = "Pass as `cursor` for the next page; null on the last.")
      String nextCursor) {
  }
}
