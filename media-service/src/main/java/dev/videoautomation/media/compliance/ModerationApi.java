package dev.videoautomation.media.compliance;

import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The provider's {@code POST /moderations} (OpenAI's shape); built by {@link ModerationCalls} with the base URL. */
@Path("/moderations")
interface ModerationApi {

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  Answer moderate(@HeaderParam("Authorization") String authorization, Request request);

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
