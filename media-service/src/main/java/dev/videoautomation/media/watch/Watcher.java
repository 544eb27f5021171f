package dev.videoautomation.media.watch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.videoautomation.media.inputs.MediaInputs;
import dev.videoautomation.media.provider.TranscriptionClient;
import dev.videoautomation.media.provider.VisionClient;
import dev.videoautomation.media.provider.VisionConfig;
import dev.videoautomation.media.transcribe.Transcriber;
import dev.videoautomation.media.watch.WatchDtos.Usage;
import dev.videoautomation.media.watch.WatchDtos.WatchRequest;
import dev.videoautomation.media.watch.WatchDtos.WatchResponse;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/** "Watching" a video: evenly sampled frames (and the transcript, when transcription is set up) put to a vision model. */
@ApplicationScoped
public class Watcher {
  private static final Logger LOG = Logger.getLogger(Watcher.class);
  static final int MAX_PROMPT = 4000;
  private static final String WATCHING = "Watching";
  private final MediaInputs inputs;
  private final MediaTools tools;
  private final VisionClient vision;
  private final VisionConfig config;
  private final Transcriber transcriber;
  private final TranscriptionClient transcription;
  private final DryRuns dryRuns;

  public Watcher(MediaInputs inputs, MediaTools tools, VisionClient vision, VisionConfig config,
      Transcriber transcriber, TranscriptionClient transcription, DryRuns dryRuns) {
    this.inputs = inputs;
    this.tools = tools;
    this.vision = vision;
    this.config = config;
    this.transcriber = transcriber;
    this.transcription = transcription;
    this.dryRuns = dryRuns;
  }

  public WatchResponse watch(WatchRequest request) {
    if (request == null || (request.videoUrl() == null && request.mediaId() == null)) {
      throw ApiException.invalidField("videoUrl", "is required");
    }
    if (request.prompt() == null || request.prompt().isBlank()) {
      throw ApiException.invalidField("prompt", "is required: what to look for or answer about the video");
    }
    if (request.prompt().length() > MAX_PROMPT) {
      throw ApiException.invalidField("prompt", "must be at most " + MAX_PROMPT + " characters");
    }
    int count = request.frames() == null ? config.defaultFrames() : request.frames();
    if (count < 1 || count > config.maxFrames()) {
      throw ApiException.invalidField("frames", "must be between 1 and " + config.maxFrames());
    }
    inputs.check(request.videoUrl(), request.mediaId());
    vision.requireConfigured();
    if (dryRuns.requested()) {
      inputs.judgeVideo(request.videoUrl(), request.mediaId(), WATCHING);
      dryRuns.stopIfRequested(SpendingOperation.WATCH_VIDEO);
    }
    try (var work = tools.workDir()) {
      var source = inputs.resolveVideo(request.videoUrl(), request.mediaId(), work, WATCHING);
      var info = source.info();
      var timestamps = MediaInputs.evenlySpaced(info.durationSeconds(), count);
      var frames = new ArrayList<byte[]>();
      for (var file : tools.frames(source.file(), timestamps, "jpg", config.frameWidth(), work)) {
        frames.add(Files.readAllBytes(file));
      }
      String transcript = null;
      boolean wantTranscript = request.includeTranscript() == null || request.includeTranscript();
      if (wantTranscript && transcription.configured() && info.hasAudio()) {
        try {
          transcript = transcriber.transcribe(source, work, null, null).text();
        } catch (ApiException e) {
          // The frames alone still answer; say so in transcriptUsed rather than failing the whole call.
          LOG.warnf("Watch went on without a transcript: %s", e.getMessage());
        }
      }
      var answer = vision.ask(request.prompt(), frames, timestamps, transcript);
      return new WatchResponse(answer.text(), answer.model(), frames.size(), List.copyOf(timestamps),
          transcript != null, answer.usage() == null ? null
          : new Usage(answer.usage().promptTokens(), answer.usage().completionTokens()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
