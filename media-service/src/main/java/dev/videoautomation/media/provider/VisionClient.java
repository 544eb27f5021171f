package dev.videoautomation.media.provider;

import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderErrors;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;

/** One OpenAI-compatible {@code POST /chat/completions} call with JPEG frames as image inputs. */
@ApplicationScoped
public class VisionClient {
  private static final String KEY_VARIABLE = "MEDIA_VISION_API_KEY";
  private static final Provider PROVIDER = Provider.of("vision", KEY_VARIABLE, "Set " + KEY_VARIABLE + " (OpenAI by default) "
      + "and optionally MEDIA_VISION_MODEL, or MEDIA_VISION_BASE_URL for another OpenAI-compatible server.");
  private static final String OPENAI = "https://api.openai.com/v1";
  private static final String SYSTEM_PROMPT = "You are watching a video through frames sampled in order at the timestamps "
      + "given, plus its transcript when one is given. Answer the user's request about the video. Say when the "
      + "frames do not show enough to be sure.";

  private final VisionConfig config;
  private final ProviderHttp http;
  private final ObjectMapper json;

  public VisionClient(VisionConfig config, ProviderHttp http, ObjectMapper json) {
    this.config = config;
    this.http = http;
    this.json = json;
  }

  /** The model's answer; {@code usage} is null when the provider counted no tokens. */
  public record Answer(String text, String model, TokenUsage usage) {
  }

  public record TokenUsage(int promptTokens, int completionTokens) {
  }

  public boolean configured() {
    return config.apiKey().isPresent() || config.baseUrl().isPresent();
  }

  public void requireConfigured() {
    if (!configured()) {
      throw ProviderErrors.notConfigured("Video understanding", PROVIDER.setup());
    }
  }

  @Timeout(value = 150, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  public Answer ask(String prompt, List<byte[]> jpegFrames, List<Double> timestamps, String transcript) {
    var content = new ArrayList<Map<String, Object>>();
    var text = new StringBuilder(prompt).append("\n\nFrame timestamps (seconds): ").append(timestamps);
    if (transcript != null && !transcript.isBlank()) {
      text.append("\n\nTranscript:\n").append(transcript);
    }
    content.add(Map.of("type", "text", "text", text.toString()));
    for (var frame : jpegFrames) {
      content.add(Map.of("type", "image_url", "image_url", Map.of("url",
          "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(frame), "detail", "low")));
    }
    var body = new LinkedHashMap<String, Object>();
    body.put("model", config.model());
    body.put("messages", List.of(Map.of("role", "system", "content", SYSTEM_PROMPT),
        Map.of("role", "user", "content", content)));
    body.put("max_tokens", config.maxTokens());
    var request = ProviderRequest.post(ProviderRequest.url(config.baseUrl().orElse(OPENAI), "/chat/completions"),
        ProviderBody.json(json, body)).bearer(config.apiKey().orElse(null)).timeout(config.timeout());
    var answer = http.json(PROVIDER, request);
    var message = answer.path("choices").path(0).path("message").path("content");
    if (!message.isTextual()) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_ERROR, "The vision provider answered without a message."));
    }
    var usage = answer.path("usage");
    return new Answer(message.asText().strip(), answer.path("model").asText(config.model()),
        usage.isMissingNode() ? null : new TokenUsage(usage.path("prompt_tokens").asInt(),
            usage.path("completion_tokens").asInt()));
  }
}
