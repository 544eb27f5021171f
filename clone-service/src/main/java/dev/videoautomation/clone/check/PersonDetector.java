package dev.videoautomation.clone.check;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.ProviderHttp;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Asks an OpenAI-compatible vision model ({@code POST {base}/chat/completions} with one frame as an image input)
 * whether exactly one person is clearly in frame. Configured when {@code clone.vision.api-key} or
 * {@code clone.vision.base-url} is set; otherwise the check does not run and the answer says so.
 */
@ApplicationScoped
public class PersonDetector {
  static final String KEY_VARIABLE = "CLONE_VISION_API_KEY";
  private static final String OPENAI = "https://api.openai.com/v1";
  static final String QUESTION = "Is exactly one real person (or one human-like character) clearly visible in this "
      + "frame, large enough to be animated? Answer only with JSON: {\"person\": true|false, \"reason\": \"...\"}.";

  private final CloneConfig config;
  private final ProviderHttp http;
  private final ObjectMapper json;

  public PersonDetector(CloneConfig config, ProviderHttp http, ObjectMapper json) {
    this.config = config;
    this.http = http;
    this.json = json;
  }

  public record Verdict(boolean person, String reason) {
  }

  public boolean configured() {
    return config.vision().apiKey().isPresent() || config.vision().baseUrl().isPresent();
  }

  @Timeout(value = 90, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  public Verdict look(Path jpeg) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(jpeg);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    var content = List.of(Map.of("type", "text", "text", QUESTION), Map.of("type", "image_url", "image_url",
        Map.of("url", "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(bytes), "detail", "low")));
    var body = new LinkedHashMap<String, Object>();
    body.put("model", config.vision().model());
    body.put("messages", List.of(Map.of("role", "user", "content", content)));
    body.put("max_tokens", 100);
    var auth = config.vision().apiKey().map(k -> "Bearer " + k).orElse(null);
    var base = config.vision().baseUrl().orElse(OPENAI).replaceAll("/+$", "");
    var answer = http.send(new ProviderHttp.Provider("vision", auth, KEY_VARIABLE), "POST", base + "/chat/completions",
        body, config.vision().timeout());
    var text = answer.path("choices").path(0).path("message").path("content").asText("");
    var start = text.indexOf('{');
    var end = text.lastIndexOf('}');
    try {
      var node = json.readTree(start >= 0 && end > start ? text.substring(start, end + 1) : text);
      return new Verdict(node.path("person").asBoolean(false), node.path("reason").asText(""));
    } catch (java.io.IOException e) {
      var lower = text.toLowerCase(java.util.Locale.ROOT);
      if (lower.startsWith("yes") || lower.startsWith("no")) {
        return new Verdict(lower.startsWith("yes"), text);
      }
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The vision provider answered something that "
          + "is not a verdict."));
    }
  }
}
