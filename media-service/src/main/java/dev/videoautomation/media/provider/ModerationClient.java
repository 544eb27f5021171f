package dev.videoautomation.media.provider;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.providers.ProviderErrors;

/**
 * The OpenAI-compatible moderations provider: text and JPEG images in, the categories it flags out, with the provider's
 * names and scores. Every failure is an {@link ApiException} with the suite's codes (502 provider_auth_failed or
 * upstream_error, 504 upstream_timeout, 503 provider_not_configured).
 */
@ApplicationScoped
public class ModerationClient {
  /** Why moderation does not run when no key is configured; {@code checks[].reason} says it. */
  public static final String NOT_CONFIGURED = ModerationCalls.KEY_VARIABLE + " is not set";

  private final ModerationConfig config;
  private final ModerationCalls calls;

  ModerationClient(ModerationConfig config, ModerationCalls calls) {
    this.config = config;
    this.calls = calls;
  }

  /** A category the provider flagged: its name, the images it was found in (none for text) and its score. */
  public record Flag(String category, List<String> matches, Double score) {
  }

  /** Whether a provider key is configured. */
  public boolean configured() {
    return config.apiKey().filter(k -> !k.isBlank()).isPresent();
  }

  /** The categories the provider flags in {@code text}; matches are empty (the provider names no spans). */
  public List<Flag> moderateText(String text) {
    requireConfigured();
    return categories(call(text), null, new LinkedHashMap<>());
  }

  /**
   * The categories the provider flags in JPEG images, one provider call per image; a category's matches name the
   * images ({@code "image[2]"}, by index in {@code jpegs}) and its score is the highest among them.
   *
   * @throws ApiException 503 provider_not_configured without a key (check {@link #configured()} first)
   */
  public List<Flag> moderateImages(List<byte[]> jpegs) {
    requireConfigured();
    var found = new LinkedHashMap<String, Flag>();
    for (var i = 0; i < jpegs.size(); i++) {
      var part = ModerationBodies.ImagePart.jpeg(Base64.getEncoder().encodeToString(jpegs.get(i)));
      categories(call(List.of(part)), "image[" + i + "]", found);
    }
    return List.copyOf(found.values());
  }

  private void requireConfigured() {
    if (!configured()) {
      throw ProviderErrors.notConfigured("Moderation", ModerationCalls.PROVIDER.setup());
    }
  }

  private ModerationBodies.Answer call(Object input) {
    try {
      return calls.moderate(input);
    } catch (TimeoutException e) {
      throw ProviderErrors.timedOut(ModerationCalls.PROVIDER);
    } catch (CircuitBreakerOpenException e) {
      throw ProviderErrors.paused(ModerationCalls.PROVIDER);
    }
  }

  private static List<Flag> categories(ModerationBodies.Answer answer, String match, Map<String, Flag> found) {
    if (answer == null || answer.results() == null || answer.results().isEmpty()) {
      throw new ApiException(ErrorCode.UPSTREAM_ERROR, "The moderation provider answered without results; retry "
          + "shortly.");
    }
    for (var result : answer.results()) {
      var flags = result.categories() == null ? Map.<String, Boolean>of() : result.categories();
      var scores = result.categoryScores() == null ? Map.<String, Double>of() : result.categoryScores();
      flags.forEach((name, flagged) -> {
        if (Boolean.TRUE.equals(flagged)) {
          found.merge(name, new Flag(name, match == null ? List.of() : List.of(match), scores.get(name)),
              ModerationClient::combine);
        }
      });
    }
    return List.copyOf(found.values());
  }

  private static Flag combine(Flag a, Flag b) {
    var matches = new ArrayList<>(a.matches());
    b.matches().stream().filter(m -> !matches.contains(m)).forEach(matches::add);
    var score = a.score() == null ? b.score() : b.score() == null ? a.score() : Math.max(a.score(), b.score());
    return new Flag(a.category(), List.copyOf(matches), score);
  }
}
