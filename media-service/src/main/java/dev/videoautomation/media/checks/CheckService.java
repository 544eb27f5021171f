package dev.videoautomation.media.checks;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;

import dev.videoautomation.media.checks.CheckDtos.CheckRequest;
import dev.videoautomation.media.checks.CheckDtos.CheckResult;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/** {@code POST /v1/check}: resolves the spec (sent or probed), the rules in force, and judges one against the other. */
@ApplicationScoped
public class CheckService {
  private final SpecSource specs;
  private final CheckRulesService customRules;
  private final DryRuns dryRuns;

  CheckService(SpecSource specs, CheckRulesService customRules, DryRuns dryRuns) {
    this.specs = specs;
    this.customRules = customRules;
    this.dryRuns = dryRuns;
  }

  /** Checks a video for {@code clientId}, with the client's custom rules unless the request turns them off. */
  public CheckResult check(String clientId, CheckRequest request) {
    var platform = request.platform();
    var builtIns = BuiltInRules.forPlatform(platform).orElseThrow(() -> ApiException.invalidField("platform",
        "must be one of " + String.join(", ", BuiltInRules.PLATFORMS)));
    var toProbe = videoToProbe(request);
    if (dryRuns.requested()) {
      // checkVideo's dry run: the probe (a download and ffprobe) is its work. A compliance scan never gets here in one.
      if (toProbe != null) {
        specs.judge(toProbe);
      }
      dryRuns.stopIfRequested(SpendingOperation.CHECK_VIDEO);
    }
    var spec = withCaption(toProbe == null ? request.spec() : specs.probe(toProbe), request.caption());
    Integer customVersion = null;
    var rules = builtIns;
    if (!Boolean.FALSE.equals(request.useCustomRules())) {
      var document = customRules.load(clientId);
      customVersion = document.version();
      rules = CheckEngine.effectiveRules(builtIns,
          document.rules().stream().filter(r -> platform.equals(r.platform())).toList());
    }
    var results = CheckEngine.evaluate(rules, spec);
    var passed = CheckEngine.passed(results);
    Log.debugf("Checked a video for %s on %s: passed=%s with %d rules", clientId, platform, passed, results.size());
    return new CheckResult(passed, platform, BuiltInRules.ruleSetName(platform), customVersion, spec, results);
  }

  /** The video to probe (a URL or {@code med_} id), or null when the request sends its spec. */
  private static String videoToProbe(CheckRequest request) {
    var url = request.videoUrl();
    var mediaId = request.mediaId();
    if (url != null && url.isBlank()) {
      throw ApiException.invalidField("videoUrl", "must not be blank");
    }
    if (mediaId != null && mediaId.isBlank()) {
      throw ApiException.invalidField("mediaId", "must not be blank");
    }
    if (request.spec() != null) {
      if (url != null || mediaId != null) {
        throw ApiException.invalidField(url != null ? "videoUrl" : "mediaId",
            "cannot be sent together with 'spec'; send the spec, or a video to probe");
      }
      return null;
    }
    if (url != null && mediaId != null) {
      throw ApiException.invalidField("mediaId", "cannot be sent together with 'videoUrl'; send one of them");
    }
    if (url == null && mediaId == null) {
      throw ApiException.invalidField("spec", "is required unless 'videoUrl' or 'mediaId' names a video to probe");
    }
    return url != null ? url : mediaId;
  }

  /** The caption the rules see (the request's, else the spec's) and its hashtags (the spec's, else counted). */
  private static VideoSpec withCaption(VideoSpec spec, String requestCaption) {
    var caption = requestCaption != null ? requestCaption : spec.caption();
    List<String> hashtags = spec.hashtags() != null ? spec.hashtags() : CheckEngine.hashtags(caption);
    return spec.withCaption(caption, hashtags);
  }
}
