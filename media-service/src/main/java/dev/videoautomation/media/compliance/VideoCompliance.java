package dev.videoautomation.media.compliance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.checks.CheckDtos.CheckRequest;
import dev.videoautomation.media.checks.CheckDtos.CheckResult;
import dev.videoautomation.media.checks.CheckService;
import dev.videoautomation.media.checks.ProbedSpecSource;
import dev.videoautomation.media.common.Bounds;
import dev.videoautomation.media.compliance.ComplianceScan.Category;
import dev.videoautomation.media.compliance.ComplianceScan.CheckRun;
import dev.videoautomation.media.inputs.MediaInputs;
import dev.videoautomation.media.provider.TranscriptionClient;
import dev.videoautomation.media.transcribe.Transcriber;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Scans a video against platform terms: its transcript (when transcription is configured) and caption through the
 * rules and the moderation provider, sampled frames through image moderation (when configured), and its technical
 * spec through the platform's check rules.
 */
@ApplicationScoped
public class VideoCompliance {
  static final int DEFAULT_FRAMES = 6;
  static final int MAX_FRAMES = 16;
  static final String TRANSCRIPT = "transcript";
  static final String TECHNICAL = "technical";
  private static final String SCAN = "A video compliance scan";
  private final MediaInputs inputs;
  private final MediaTools tools;
  private final ComplianceScanner scanner;
  private final Transcriber transcriber;
  private final TranscriptionClient transcription;
  private final CheckService checks;
  private final CurrentCaller caller;
  private final DryRuns dryRuns;

  public VideoCompliance(MediaInputs inputs, MediaTools tools, ComplianceScanner scanner, Transcriber transcriber,
      TranscriptionClient transcription, CheckService checks, CurrentCaller caller, DryRuns dryRuns) {
    this.inputs = inputs;
    this.tools = tools;
    this.scanner = scanner;
    this.transcriber = transcriber;
    this.transcription = transcription;
    this.checks = checks;
    this.caller = caller;
    this.dryRuns = dryRuns;
  }

  /** The body of {@code POST /v1/compliance/video}. */
  @RegisterForReflection
  @Schema(name = "ComplianceVideoRequest", description = "A video (`videoUrl` or `mediaId`) and what to scan it for.")
  public record VideoRequest(
      @Schema(description = "A CDN URL, an outside http(s) URL or a `med_` id.", example = "med_4Yb2kQ9sT1vXw8")
      @Size(max = Bounds.URL) String videoUrl,
      @Schema(description = "The id of one of your media files (instead of videoUrl).")
      @Size(max = Bounds.MEDIA_ID) String mediaId,
      @Schema(enumeration = {"shortvideo", "photo"}, defaultValue = "shortvideo", description = "Whose terms and "
          + "check rules apply.") String platform,
      @Schema(maxLength = ComplianceResource.MAX_TEXT, description = "The caption to scan with the speech.")
      String caption,
      @Schema(format = "int32", minimum = "0", maximum = "" + MAX_FRAMES, defaultValue = "" + DEFAULT_FRAMES,
          description = "Frames sampled for image moderation (0: none).") Integer frames) {
  }

  /**
   * @param passed neither the content flagged nor an error-severity technical rule failed
   * @param transcript the text that was scanned, when there was one
   */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "ComplianceVideoResult", description = "What the scan found, which checks ran, and the technical "
      + "check.")
  public record VideoResult(
      @Schema(required = true, description = "Nothing was flagged and no error-level technical rule failed.")
      boolean passed,
      @Schema(required = true, description = "A category of severity high or medium was found.") boolean flagged,
      @Schema(required = true, description = "Each category found in the speech, caption and frames.")
      List<Category> categories,
      @Schema(required = true, maxItems = ComplianceScan.MAX_CHECKS, description = "transcript, rules, moderation "
          + "and technical: whether each ran, and why not.") List<CheckRun> checks,
      @Schema(required = true, description = "The platform's check rules over the video's technical spec (your custom "
          + "rules included).") CheckResult technical,
      @Schema(description = "The speech that was scanned; left out when there was none.") String transcript) {
  }

  public VideoResult scan(VideoRequest request) {
    if (request == null || (request.videoUrl() == null && request.mediaId() == null)) {
      throw ApiException.invalidField("videoUrl", "is required");
    }
    var platform = request.platform() == null ? "shortvideo" : request.platform();
    if (!ComplianceRules.PLATFORMS.contains(platform)) {
      throw ApiException.invalidField("platform", "must be one of " + String.join(", ", ComplianceRules.PLATFORMS));
    }
    int frameCount = request.frames() == null ? DEFAULT_FRAMES : request.frames();
    if (frameCount < 0 || frameCount > MAX_FRAMES) {
      throw ApiException.invalidField("frames", "must be between 0 and " + MAX_FRAMES);
    }
    if (request.caption() != null && request.caption().length() > ComplianceResource.MAX_TEXT) {
      throw ApiException.invalidField("caption", "must be at most " + ComplianceResource.MAX_TEXT + " characters");
    }
    var clientId = caller.requireClientId();
    if (dryRuns.requested()) {
      inputs.judgeVideo(request.videoUrl(), request.mediaId(), SCAN);
      dryRuns.stopIfRequested(SpendingOperation.SCAN_VIDEO_COMPLIANCE);
    }
    try (var work = tools.workDir()) {
      var source = inputs.resolveVideo(request.videoUrl(), request.mediaId(), work, SCAN);
      var info = source.info();
      var runs = new ArrayList<CheckRun>();
      String transcript = null;
      if (!transcription.configured()) {
        runs.add(new CheckRun(TRANSCRIPT, false, "Transcription is not configured (MEDIA_TRANSCRIPTION_API_KEY); "
            + "speech was not scanned."));
      } else if (!info.hasAudio()) {
        runs.add(new CheckRun(TRANSCRIPT, false, "The video has no audio track."));
      } else {
        transcript = transcriber.transcribe(source, work, null, null).text();
        runs.add(new CheckRun(TRANSCRIPT, true, null));
      }
      var frames = new ArrayList<byte[]>();
      if (frameCount > 0) {
        var timestamps = MediaInputs.evenlySpaced(info.durationSeconds(), frameCount);
        for (var file : tools.frames(source.file(), timestamps, "jpg", 512, work)) {
          frames.add(Files.readAllBytes(file));
        }
      }
      var text = String.join("\n", nonBlank(request.caption(), transcript));
      var content = scanner.scan(text.isBlank() ? null : text, frames, platform);
      var technical = checks.check(clientId, new CheckRequest(platform, ProbedSpecSource.of(info), null, null,
          request.caption(), true));
      runs.addAll(content.checks());
      runs.add(new CheckRun(TECHNICAL, true, null));
      return new VideoResult(!content.flagged() && technical.passed(), content.flagged(), content.categories(), runs,
          technical, transcript);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> nonBlank(String... texts) {
    var result = new ArrayList<String>();
    for (var text : texts) {
      if (text != null && !text.isBlank()) {
        result.add(text);
      }
    }
    return result;
  }
}
