package dev.videoautomation.clone.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import dev.videoautomation.clone.check.CheckDtos.Check;
import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.clone.provider.PersonDetector;
import dev.videoautomation.clone.sources.Sources;
import dev.videoautomation.platform.calls.StoredMedia;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Cloneability: ffprobe's duration, resolution, frame rate and audio against the configured window, ffmpeg's scene
 * detection for a single continuous shot, and (when a vision provider is configured) a person in frame. Every check
 * is reported; the clip is cloneable when no check failed (one that did not run, or ran without reaching a verdict,
 * has {@code passed: null} and does not count).
 */
@ApplicationScoped
public class CheckService {
  private final Sources sources;
  private final MediaTools tools;
  private final SceneCuts scenes;
  private final PersonDetector persons;
  private final CloneConfig config;
  private final DryRuns dryRuns;

  public CheckService(Sources sources, MediaTools tools, SceneCuts scenes, PersonDetector persons,
      CloneConfig config, DryRuns dryRuns) {
    this.sources = sources;
    this.tools = tools;
    this.scenes = scenes;
    this.persons = persons;
    this.config = config;
    this.dryRuns = dryRuns;
  }

  public CheckDtos.CheckResult check(String clientId, CheckDtos.CheckRequest request) {
    if (request == null) {
      throw new ApiException(ErrorCode.INVALID_REQUEST, "The request body must be a JSON object.");
    }
    boolean url = request.videoUrl() != null && !request.videoUrl().isBlank();
    boolean id = request.mediaId() != null && !request.mediaId().isBlank();
    if (url == id) {
      throw ApiException.invalidField(url ? "mediaId" : "videoUrl", url ? "must not be given with videoUrl; send one"
          : "or mediaId is required");
    }
    var field = url ? "videoUrl" : "mediaId";
    if (id && !dev.videoautomation.platform.ids.Ids.looksLike(dev.videoautomation.platform.ids.IdPrefix.MED,
        request.mediaId())) {
      throw ApiException.invalidField("mediaId", "must be a media id (med_...)");
    }
    var source = sources.check(url ? request.videoUrl() : request.mediaId(), field);
    var own = sources.own(source, field, clientId);
    // Staging an outside URL and reading the clip are the work; a dry run ends before either.
    dryRuns.stopIfRequested(SpendingOperation.CHECK_CLONEABILITY);
    var stored = own.orElseGet(() -> sources.stage(source, field, clientId, List.of("video/*")));
    try (var work = tools.workDir()) {
      var file = sources.localFile(stored, work, "source");
      var info = tools.requireProbe(file, field);
      if (!info.isVideo()) {
        throw new ApiException(ApiError.of(ErrorCode.NO_VIDEO, "The media in '" + field + "' has no video stream; "
            + "clone sources are videos.").with("field", field));
      }
      return judge(stored, info, file, work);
    }
  }

  private CheckDtos.CheckResult judge(StoredMedia stored, MediaInfo info, java.nio.file.Path file, WorkDir work) {
    var rules = config.check();
    var checks = new LinkedHashMap<String, Check>();
    var duration = info.durationSeconds();
    checks.put("duration", new Check(true, duration != null && duration >= rules.minDurationSeconds()
        && duration <= rules.maxDurationSeconds(), duration,
        range(rules.minDurationSeconds(), rules.maxDurationSeconds()) + " s", null));
    var width = info.displayWidth();
    var height = info.displayHeight();
    boolean sizeOk = width != null && height != null && Math.min(width, height) >= rules.minShortSide()
        && Math.max(width, height) <= rules.maxLongSide();
    checks.put("resolution", new Check(true, sizeOk, width + "x" + height, "shorter side at least "
        + rules.minShortSide() + " px, longer side at most " + rules.maxLongSide() + " px", null));
    var fps = info.fps();
    checks.put("fps", new Check(true, fps != null && fps >= rules.minFps() && fps <= rules.maxFps(), fps,
        range(rules.minFps(), rules.maxFps()) + " frames per second", null));
    checks.put("audio", new Check(true, info.hasAudio(), info.hasAudio(), "an audio track (the render keeps the "
        + "source's soundtrack)", null));
    var cuts = scenes.find(file, rules.sceneThreshold(), work);
    checks.put("singleShot", new Check(true, cuts.size() <= rules.maxCuts(), cuts.size(), "at most "
        + rules.maxCuts() + " scene cuts (ffmpeg scene score above " + rules.sceneThreshold() + ")",
        cuts.isEmpty() ? null : "cuts at " + cuts + " s"));
    checks.put("personInFrame", person(file, duration, work));
    var reasons = new ArrayList<String>();
    checks.forEach((name, check) -> {
      if (Boolean.FALSE.equals(check.passed())) {
        reasons.add(reason(name, check));
      }
    });
    var metadata = new CheckDtos.Metadata(stored.id(), stored.url(), duration, width, height, fps, info.hasAudio(),
        info.videoCodec(), info.audioCodec(), info.sizeBytes(), cuts.size(), cuts);
    return new CheckDtos.CheckResult(reasons.isEmpty(), reasons, metadata, checks);
  }

  private Check person(java.nio.file.Path file, Double duration, WorkDir work) {
    var rule = "exactly one person clearly in frame";
    if (!persons.configured()) {
      return new Check(false, null, null, rule, "Not run: no vision provider is configured (set "
          + PersonDetector.KEY_VARIABLE + ", and CLONE_VISION_BASE_URL for a server other than OpenAI).");
    }
    var at = duration == null ? 0.0 : Math.min(duration / 2, Math.max(0, duration - 0.1));
    var frame = tools.frames(file, List.of(at), "jpg", 512, work).getFirst();
    try {
      var verdict = persons.look(frame);
      if (!verdict.determined()) {
        return new Check(true, null, null, rule, "Not determined: " + verdict.reason() + ". This check does not "
            + "count; look at the clip yourself or run the check again.");
      }
      return new Check(true, verdict.person(), verdict.person(), rule, verdict.reason());
    } catch (TimeoutException | CircuitBreakerOpenException e) {
      throw new ApiException(ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, "The vision provider did not answer in time; "
          + "try again later."));
    }
  }

  private static String reason(String name, Check check) {
    return switch (name) {
      case "duration" -> "The clip is " + check.value() + " s long; clone renders take " + check.rule() + ".";
      case "resolution" -> "The clip is " + check.value() + "; needed: " + check.rule() + ".";
      case "fps" -> "The clip runs at " + check.value() + " fps; needed: " + check.rule() + ".";
      case "audio" -> "The clip has no audio track; the render keeps the source's soundtrack, so one is needed.";
      case "singleShot" -> "The clip is not one continuous shot: " + check.value() + " hard cut(s) ("
          + check.detail() + "). Trim it to a single shot.";
      case "personInFrame" -> "No single person is clearly in frame"
          + (check.detail() == null || check.detail().isBlank() ? "." : ": " + check.detail());
      default -> name + " failed.";
    };
  }

  private static String range(double min, double max) {
    return String.format(Locale.ROOT, "%s to %s", trim(min), trim(max));
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }
}
