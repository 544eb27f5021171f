package dev.videoautomation.clone.check;

import java.util.List;
import java.util.Map;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.clone.openapi.ApiDocs;

public final class CheckDtos {
  /** One reason per failed check, and there are six checks. */
  static final int CHECKS = 6;

  private CheckDtos() {
  }

  @RegisterForReflection
  @Schema(name = "CloneCheckRequest", description = "The clip to check: `videoUrl` or `mediaId`, not both.")
  public record CheckRequest(
      @Schema(maxLength = ApiDocs.URL_MAX, description = "A public http(s) URL of the clip, or a CDN URL of your own "
          + "video.") @Size(max = ApiDocs.URL_MAX, message = ApiDocs.URL_TOO_LONG) String videoUrl,
      @Schema(maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.MEDIA_ID, description = "One of your media files.")
      String mediaId) {
  }

  /**
   * One check: whether it ran, whether it passed ({@code null} when it did not run or reached no verdict), the
   * measured value and the rule.
   */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "CloneCheckOutcome", description = "One check: whether it ran and passed, what was measured and "
      + "the rule it was held to.")
  public record Check(
      @Schema(required = true, description = "False only for `personInFrame` when no vision provider is configured.")
      boolean ran,
      @Schema(required = true, nullable = true, description = "null when it did not run or reached no verdict; such "
          + "a check does not count.") Boolean passed,
      @Schema(required = true, description = "What was measured, of no one type: a number (seconds, frames per "
          + "second, cuts), a `WxH` string, true or false; null when not measured.", example = "4.0") Object value,
      @Schema(required = true, maxLength = ApiDocs.TEXT_MAX, description = "The rule, from configuration.")
      String rule,
      @Schema(required = true, nullable = true, description = "More about the outcome (the cuts found, why the "
          + "person check did not run or decide); null when there is nothing to add.") String detail) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @Schema(name = "CloneCheckMetadata", description = "What the probe found; a field is null when the file does not "
      + "tell.")
  public record Metadata(
      @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.MEDIA_ID, description = "The clip as "
          + "one of your media files (a URL given is staged first).") String mediaId,
      @Schema(required = true, maxLength = ApiDocs.URL_MAX, description = "Its CDN URL.") String url,
      @Schema(required = true, nullable = true, minimum = "0") Double durationSeconds,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.INT32_MAX) Integer width,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.INT32_MAX) Integer height,
      @Schema(required = true, nullable = true, minimum = "0") Double fps,
      @Schema(required = true) boolean hasAudio,
      @Schema(required = true, nullable = true, description = "ffprobe's codec name, e.g. `h264`.") String videoCodec,
      @Schema(required = true, nullable = true, description = "ffprobe's codec name, e.g. `aac`.") String audioCodec,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.INT64_MAX) Long sizeBytes,
      @Schema(required = true, nullable = true, minimum = "0", maximum = ApiDocs.INT32_MAX) Integer sceneCuts,
      @Schema(required = true, description = "Where the hard cuts are, in seconds.")
      List<Double> cutsAt) {
  }

  @RegisterForReflection
  @Schema(name = "CloneCheckResult", description = "The verdict on a clip.")
  public record CheckResult(
      @Schema(required = true, description = "True when no check failed.") boolean cloneable,
      @Schema(required = true, maxItems = CHECKS, description = "What to fix, one sentence per failed check.")
      List<String> reasons,
      @Schema(required = true) Metadata metadata,
      @Schema(required = true, description = "Each check by name: `duration`, `resolution`, `fps`, `audio`, "
          + "`singleShot`, `personInFrame`.") Map<String, Check> checks) {
  }
}
