package dev.videoautomation.media.provider;

import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.platform.providers.MultipartBody.Part;
import dev.videoautomation.platform.providers.Provider;
import dev.videoautomation.platform.providers.ProviderBody;
import dev.videoautomation.platform.providers.ProviderErrors;
import dev.videoautomation.platform.providers.ProviderHttp;
import dev.videoautomation.platform.providers.ProviderRequest;

/** One call to an OpenAI-compatible {@code POST /audio/transcriptions} with word and segment timestamps. */
@ApplicationScoped
public class TranscriptionClient {
  private static final String KEY_VARIABLE = "MEDIA_TRANSCRIPTION_API_KEY";
  private static final Provider PROVIDER = Provider.of("transcription", KEY_VARIABLE, "Set " + KEY_VARIABLE + " (OpenAI by "
      + "default; for Groq also MEDIA_TRANSCRIPTION_BASE_URL=https://api.groq.com/openai/v1 and "
      + "MEDIA_TRANSCRIPTION_MODEL=whisper-large-v3), or MEDIA_TRANSCRIPTION_BASE_URL for a self-hosted Whisper "
      + "server.");
  private static final String OPENAI = "https://api.openai.com/v1";
  private final TranscriptionConfig config;
  private final ProviderHttp http;

  public TranscriptionClient(TranscriptionConfig config, ProviderHttp http) {
    this.config = config;
    this.http = http;
  }

  /** One chunk's transcript, with times relative to the chunk. */
  public record ChunkTranscript(String text, String language, Double duration, List<TimedText> segments,
      List<TimedText> words) {
  }

  /** A segment or a word of a transcript, in seconds from the start of the chunk. */
  public record TimedText(String text, double start, double end) {
  }

  public boolean configured() {
    return config.apiKey().isPresent() || config.baseUrl().isPresent();
  }

  public String model() {
    return config.model();
  }

  public void requireConfigured() {
    if (!configured()) {
      throw ProviderErrors.notConfigured("Transcription", PROVIDER.setup());
    }
  }

  @Timeout(value = 330, unit = ChronoUnit.SECONDS)
  @CircuitBreaker(requestVolumeThreshold = 8, failureRatio = 0.5, delay = 30, delayUnit = ChronoUnit.SECONDS)
  public ChunkTranscript transcribe(Path audio, String language, String prompt) {
    var parts = new ArrayList<>(List.of(Part.file("file", audio, "audio/mpeg"), Part.text("model", config.model()),
        Part.text("response_format", "verbose_json"), Part.text("timestamp_granularities[]", "word"),
        Part.text("timestamp_granularities[]", "segment")));
    if (language != null) {
      parts.add(Part.text("language", language));
    }
    if (prompt != null) {
      parts.add(Part.text("prompt", prompt));
    }
    var request = ProviderRequest.post(ProviderRequest.url(config.baseUrl().orElse(OPENAI), "/audio/transcriptions"),
        ProviderBody.multipart(parts)).bearer(config.apiKey().orElse(null)).timeout(config.timeout());
    return parse(http.json(PROVIDER, request));
  }

  static ChunkTranscript parse(JsonNode body) {
    var segments = new ArrayList<TimedText>();
    for (var segment : body.path("segments")) {
      segments.add(new TimedText(segment.path("text").asText("").strip(), segment.path("start").asDouble(),
          segment.path("end").asDouble()));
    }
    var words = new ArrayList<TimedText>();
    for (var word : body.path("words")) {
      words.add(new TimedText(word.path("word").asText("").strip(), word.path("start").asDouble(),
          word.path("end").asDouble()));
    }
    var duration = body.path("duration");
    return new ChunkTranscript(body.path("text").asText("").strip(), body.path("language").asText(null),
        duration.isNumber() || duration.isTextual() ? duration.asDouble() : null, segments, words);
  }
}
