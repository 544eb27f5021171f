package dev.videoautomation.clone.check;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

public final class CheckDtos {
  private CheckDtos() {
  }

  @RegisterForReflection
  public record CheckRequest(String videoUrl, String mediaId) {
  }

  /**
   * One check: whether it ran, whether it passed ({@code null} when it did not run or reached no verdict), the
   * measured value and the rule.
   */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Check(boolean ran, Boolean passed, Object value, String rule, String detail) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Metadata(String mediaId, String url, Double durationSeconds, Integer width, Integer height, Double fps,
      boolean hasAudio, String videoCodec, String audioCodec, Long sizeBytes, Integer sceneCuts, List<Double> cutsAt) {
  }

  @RegisterForReflection
  public record CheckResult(boolean cloneable, List<String> reasons, Metadata metadata, Map<String, Check> checks) {
  }
}
