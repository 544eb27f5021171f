package dev.videoautomation.media.provider;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The provider's {@code POST /moderations} request and answer (OpenAI's shape), sent by {@link ModerationCalls}. */
final class ModerationBodies {
  private ModerationBodies() {
  }

  /** {@code input} is a string, or a list of {@link ImagePart}. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Request(String model, Object input) {
  }

  @RegisterForReflection
  record ImagePart(String type, @JsonProperty("image_url") ImageUrl imageUrl) {
    static ImagePart jpeg(String base64) {
      return new ImagePart("image_url", new ImageUrl("data:image/jpeg;base64," + base64));
    }
  }

  @RegisterForReflection
  record ImageUrl(String url) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Answer(String id, String model, List<Result> results) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Result(boolean flagged, Map<String, Boolean> categories,
      @JsonProperty("category_scores") Map<String, Double> categoryScores) {
  }
}
