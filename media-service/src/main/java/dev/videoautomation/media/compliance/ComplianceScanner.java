package dev.videoautomation.media.compliance;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;

import dev.videoautomation.media.compliance.ComplianceScan.Category;
import dev.videoautomation.media.compliance.ComplianceScan.CheckRun;
import dev.videoautomation.media.provider.ModerationClient;
import dev.videoautomation.platform.errors.ApiException;

/**
 * Scans content against platform terms: the in-process rules always, the moderation provider too when configured.
 * {@code /v1/compliance/prompt} scans text; video compliance calls {@link #scan(String, List, String)} with a
 * transcript and sampled frames.
 */
@ApplicationScoped
public class ComplianceScanner {
  private final ModerationClient moderation;

  ComplianceScanner(ModerationClient moderation) {
    this.moderation = moderation;
  }

  /**
   * Scans text with the rules and, when configured, the moderation provider.
   *
   * @param platform {@code shortvideo}, {@code photo} or null (both share the rules today)
   * @throws ApiException 400 for an unknown platform; the provider's failures as {@link ModerationClient} says
   */
  public ComplianceScan scanText(String text, String platform) {
    return scan(text, List.of(), platform);
  }

  /**
   * Scans a video's text (a transcript, caption or prompt; may be null) and sampled JPEG frames. The rules read the
   * text; the moderation provider, when configured, reads the text and each frame (matches name them
   * {@code image[i]}). Without a provider, {@code checks} says moderation did not run and why.
   */
  public ComplianceScan scan(String text, List<byte[]> jpegFrames, String platform) {
    requireKnownPlatform(platform);
    var categories = new ArrayList<Category>(ComplianceRules.scan(text));
    var checks = new ArrayList<CheckRun>();
    checks.add(new CheckRun(ComplianceScan.RULES, true, null));
    if (moderation.configured()) {
      if (text != null && !text.isBlank()) {
        categories.addAll(flagged(moderation.moderateText(text)));
      }
      if (jpegFrames != null && !jpegFrames.isEmpty()) {
        categories.addAll(flagged(moderation.moderateImages(jpegFrames)));
      }
      checks.add(new CheckRun(ComplianceScan.MODERATION, true, null));
    } else {
      checks.add(new CheckRun(ComplianceScan.MODERATION, false, ModerationClient.NOT_CONFIGURED));
    }
    var scan = ComplianceScan.of(categories, checks);
    Log.debugf("Compliance scan: flagged=%s, %d categories, moderation %s", scan.flagged(), categories.size(),
        moderation.configured() ? "ran" : "not configured");
    return scan;
  }

  /** The provider's categories keep its names and scores; whatever it flags counts as high severity. */
  private static List<Category> flagged(List<ModerationClient.Flag> flags) {
    return flags.stream().map(flag -> new Category(flag.category(), ComplianceScan.HIGH, ComplianceScan.MODERATION,
        flag.matches(), flag.score())).toList();
  }

  static void requireKnownPlatform(String platform) {
    if (platform != null && !ComplianceRules.PLATFORMS.contains(platform)) {
      throw ApiException.invalidField("platform", "must be one of " + String.join(", ", ComplianceRules.PLATFORMS));
    }
  }
}
