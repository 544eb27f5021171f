package dev.videoautomation.clone.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.logging.Log;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;

/**
 * Asks an OpenAI-compatible vision model ({@code POST {base}/chat/completions} with one frame as an image input)
 * whether exactly one person is clearly in frame, asking for structured output ({@code response_format} with a JSON
 * schema). A server that refuses {@code response_format} (400 or 422) is asked once more without it. An answer that is
 * still no verdict is reported as not determined, with the reason, rather than failing the whole check. Configured
 * when {@code clone.vision.api-key} or {@code clone.vision.base-url} is set; otherwise the check does not run.
 */
@ApplicationScoped
public class PersonDetector {
  public static final String KEY_VARIABLE = "CLONE_VISION_API_KEY";
  static final Provider PROVIDER = Provider.of("vision", KEY_VARIABLE, "Check " + KEY_VARIABLE + " (and "
      + "CLONE_VISION_BASE_URL for a server other than OpenAI).");
  private static final String OPENAI = "https://api.openai.com/v1";
  static final String QUESTION = "Is exactly one real person (or one human-like character) clearly visible in this "
      + "frame, large enough to be animated? Answer only with JSON: {\"person\": true|false, \"reason\": \"...\"}.";
  /** The verdict's shape, as OpenAI-compatible structured output takes it. */
  static final Map<String, Object> RESPONSE_FORMAT = Map.of("type", "json_schema", "json_schema", Map.of(
      "name", "person_in_frame", "strict", true, "schema", Map.of("type", "object",
          "properties", Map.of("person", Map.of("type", "boolean"), "reason", Map.of("type", "string")),
          "required", List.of("person", "reason"), "additionalProperties", false)));
  /** How servers that do not know {@code response_format} refuse it. */
  private static final Set<Integer> REFUSED = Set.of(400, 422);
  private static final int QUOTED = 200;

  private final CloneConfig config;
  private final ProviderHttp http;
  private final ObjectMapper json;

  public PersonDetector(CloneConfig config, ProviderHttp http, ObjectMapper json) {
    this.config = config;
    this.http = http;
    this.json = json;
  }

  /** {@code person} is null when the model's answer was no verdict; {@code reason} then says why. */
  public record Verdict(Boolean person, String reason) {
    public boolean determined() {
      return person != null;
    }
  }

  public boolean configured() {
    return config.vision().apiKey().isPresent() || config.vision().baseUrl().isPresent();
  }

  @Timeout(value = 90, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  public Verdict look(Path jpeg) {
    var image = "data:image/jpeg;base64," + Base64.getEncoder().encodeToString(read(jpeg));
    JsonNode answer;
    try {
      answer = ask(image, true);
    } catch (ApiException e) {
      if (!refusedStructuredOutput(e)) {
        throw e;
      }
      Log.debugf("The vision provider refused structured output (%s); asking once more without it",
          e.error().getMessage());
      answer = ask(image, false);
    }
    return verdict(answer);
  }

  private JsonNode ask(String image, boolean structured) {
    var content = List.of(Map.of("type", "text", "text", QUESTION),
        Map.of("type", "image_url", "image_url", Map.of("url", image, "detail", "low")));
    var body = new LinkedHashMap<String, Object>();
    body.put("model", config.vision().model());
    body.put("messages", List.of(Map.of("role", "user", "content", content)));
    body.put("max_tokens", 150);
    if (structured) {
      body.put("response_format", RESPONSE_FORMAT);
    }
    var request = ProviderRequest.post(ProviderRequest.url(config.vision().baseUrl().orElse(OPENAI),
        "/chat/completions"), ProviderBody.json(json, body)).bearer(config.vision().apiKey().orElse(null));
    return http.json(PROVIDER, request.timeout(config.vision().timeout()));
  }

  private static boolean refusedStructuredOutput(ApiException e) {
    return ErrorCode.UPSTREAM_ERROR.code().equals(e.error().getError())
        && e.error().extra().get("upstreamStatus") instanceof Integer status && REFUSED.contains(status);
  }

  /** The verdict in the model's answer: the schema's JSON, JSON within prose, or a bare yes/no. */
  Verdict verdict(JsonNode answer) {
    var message = answer.path("choices").path(0).path("message");
    var refusal = message.path("refusal").asText("");
    if (!refusal.isBlank()) {
      return new Verdict(null, "the vision model declined to answer (\"" + quote(refusal) + "\")");
    }
    var text = message.path("content").asText("").strip();
    if (text.isEmpty()) {
      var finish = answer.path("choices").path(0).path("finish_reason").asText("");
      return new Verdict(null, "the vision model answered nothing" + (finish.isEmpty() ? "" : " (" + finish + ")"));
    }
    var start = text.indexOf('{');
    var end = text.lastIndexOf('}');
    if (start >= 0 && end > start) {
      try {
        var node = json.readTree(text.substring(start, end + 1));
        if (node.path("person").isBoolean()) {
          return new Verdict(node.path("person").asBoolean(), node.path("reason").asText(""));
        }
      } catch (IOException e) {
        // not JSON after all: judged as prose below
      }
    }
    var lower = text.toLowerCase(Locale.ROOT);
    if (lower.matches("(?s)^(yes|no)\\b.*")) {
      return new Verdict(lower.startsWith("yes"), text);
    }
    return new Verdict(null, "the vision model's answer is not a verdict (\"" + quote(text) + "\")");
  }

  private static String quote(String text) {
    var line = text.replaceAll("\\s+", " ").strip();
    return line.length() > QUOTED ? line.substring(0, QUOTED) + "…" : line;
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
