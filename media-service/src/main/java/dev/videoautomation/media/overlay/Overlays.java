package dev.videoautomation.media.overlay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.inputs.MediaInputs;
import dev.videoautomation.media.library.Incoming;
import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.media.overlay.OverlayDtos.OverlayRequest;
import dev.videoautomation.media.overlay.OverlayDtos.OverlayResponse;
import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/** Burns text onto a video with ffmpeg's drawtext, keeping the sound track as it was. */
@ApplicationScoped
public class Overlays {
  static final int MAX_TEXT = 1000;
  private static final String OVERLAY = "An overlay";
  private final MediaInputs inputs;
  private final MediaTools tools;
  private final MediaLibrary library;
  private final OverlayConfig config;
  private final CurrentCaller caller;
  private final DryRuns dryRuns;

  public Overlays(MediaInputs inputs, MediaTools tools, MediaLibrary library, OverlayConfig config,
      CurrentCaller caller, DryRuns dryRuns) {
    this.inputs = inputs;
    this.tools = tools;
    this.library = library;
    this.config = config;
    this.caller = caller;
    this.dryRuns = dryRuns;
  }

  public OverlayResponse overlay(OverlayRequest request) {
    if (request == null || (request.videoUrl() == null && request.mediaId() == null)) {
      throw ApiException.invalidField("videoUrl", "is required");
    }
    if (request.text() == null || request.text().isBlank()) {
      throw ApiException.invalidField("text", "is required");
    }
    if (request.text().length() > MAX_TEXT) {
      throw ApiException.invalidField("text", "must be at most " + MAX_TEXT + " characters");
    }
    double fontSize = bounded(request.fontSize(), 48, 6, 500, "fontSize");
    double stroke = bounded(request.strokeThickness(), 2, 0, 50, "strokeThickness");
    if (request.start() != null && request.start() < 0) {
      throw ApiException.invalidField("start", "must be 0 or more seconds");
    }
    if (request.end() != null && request.end() <= (request.start() == null ? 0 : request.start())) {
      throw ApiException.invalidField("end", "must be after start");
    }
    if (!Files.isReadable(config.fontFile())) {
      throw new ApiException(ApiError.of(ErrorCode.SERVICE_UNAVAILABLE, "The overlay font is not installed.")
          .withSetup("Install fonts-dejavu-core or set MEDIA_OVERLAY_FONT_FILE to a TrueType font."));
    }
    var clientId = caller.requireClientId();
    if (dryRuns.requested()) {
      inputs.judgeVideo(request.videoUrl(), request.mediaId(), OVERLAY);
      dryRuns.stopIfRequested(SpendingOperation.OVERLAY_TEXT);
    }
    try (var work = tools.workDir()) {
      var source = inputs.resolveVideo(request.videoUrl(), request.mediaId(), work, OVERLAY);
      var textFile = work.file("text.txt");
      Files.writeString(textFile, normalizeNewlines(request.text()), StandardCharsets.UTF_8);
      var filter = DrawText.filter(textFile, config.fontFile(), request.position(), fontSize, stroke, request.color(),
          request.strokeColor(), request.start(), request.end());
      var out = work.file("overlay.mp4");
      var arguments = new ArrayList<>(List.of("-i", source.file().toString(), "-map", "0:v:0", "-map", "0:a?",
          "-vf", filter, "-c:v", "libx264", "-preset", config.preset(), "-crf", String.valueOf(config.crf()),
          "-pix_fmt", "yuv420p", "-c:a", "copy", "-movflags", "+faststart", out.toString()));
      tools.ffmpeg(arguments);
      var info = rendered(source.info());
      var stored = library.store(new Incoming(clientId, "derived", out, "overlay.mp4", List.of(), null), info);
      return new OverlayResponse(stored.id, library.publicUrl(stored), stored.contentType, stored.sizeBytes,
          stored.durationSeconds, stored.width, stored.height);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What the render is, known without probing it: the source's duration and displayed size (ffmpeg applies the
   * rotation while re-encoding), H.264 in MP4, and the source's sound copied unchanged.
   */
  static MediaInfo rendered(MediaInfo source) {
    return new MediaInfo("video/mp4", "mov,mp4,m4a,3gp,3g2,mj2", source.durationSeconds(), null, null,
        source.displayWidth(), source.displayHeight(), source.fps(), "h264", source.audioCodec(), 0,
        source.sampleRate(), source.channels(), true, source.hasAudio(), false);
  }

  /** drawtext breaks lines on \n only; a stray \r would draw as a box. */
  static String normalizeNewlines(String text) {
    return text.replace("\r\n", "\n").replace('\r', '\n');
  }

  private static double bounded(Double value, double fallback, double min, double max, String field) {
    if (value == null) {
      return fallback;
    }
    if (value.isNaN() || value < min || value > max) {
      throw ApiException.invalidField(field, "must be between " + (long) min + " and " + (long) max);
    }
    return value;
  }
}
