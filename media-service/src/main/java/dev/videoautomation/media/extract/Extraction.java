package dev.videoautomation.media.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.extract.ExtractDtos.Audio;
import dev.videoautomation.media.extract.ExtractDtos.AudioRequest;
import dev.videoautomation.media.extract.ExtractDtos.ExtractRequest;
import dev.videoautomation.media.extract.ExtractDtos.ExtractResponse;
import dev.videoautomation.media.extract.ExtractDtos.Frame;
import dev.videoautomation.media.extract.ExtractDtos.FramesRequest;
import dev.videoautomation.media.extract.ExtractDtos.Metadata;
import dev.videoautomation.media.extract.ExtractDtos.Source;
import dev.videoautomation.media.inputs.MediaInputs;
import dev.videoautomation.media.inputs.MediaSource;
import dev.videoautomation.media.library.Incoming;
import dev.videoautomation.media.library.MediaLibrary;
import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/** Frames, the audio track and metadata of one media file, with ffmpeg and ffprobe. */
@ApplicationScoped
public class Extraction {
  static final String PURPOSE = "derived";
  static final int MIN_WIDTH = 16;
  static final int MAX_WIDTH = 3840;

  private final MediaInputs inputs;
  private final MediaTools tools;
  private final MediaLibrary library;
  private final CurrentCaller caller;
  private final DryRuns dryRuns;

  public Extraction(MediaInputs inputs, MediaTools tools, MediaLibrary library, CurrentCaller caller,
      DryRuns dryRuns) {
    this.inputs = inputs;
    this.tools = tools;
    this.library = library;
    this.caller = caller;
    this.dryRuns = dryRuns;
  }

  public ExtractResponse extract(ExtractRequest request) {
    if (request == null) {
      throw ApiException.invalidField("videoUrl", "is required");
    }
    var frameFormat = request.frames() == null ? null : frameFormat(request.frames());
    var audioFormat = request.audio() == null ? null : audioFormat(request.audio());
    if (request.frames() != null && request.frames().width() != null
        && (request.frames().width() < MIN_WIDTH || request.frames().width() > MAX_WIDTH)) {
      throw ApiException.invalidField("frames.width", "must be between " + MIN_WIDTH + " and " + MAX_WIDTH
          + " pixels");
    }
    var clientId = caller.requireClientId();
    if (dryRuns.requested()) {
      inputs.judgeRequest(request.videoUrl(), request.mediaId());
      dryRuns.stopIfRequested(SpendingOperation.EXTRACT_MEDIA);
    }
    try (var work = tools.workDir()) {
      var source = inputs.fromRequest(request.videoUrl(), request.mediaId(), work);
      boolean wantMetadata = request.metadata() == null ? true : request.metadata();
      var frames = request.frames() == null ? null : frames(source, request.frames(), frameFormat, clientId, work);
      var audio = audioFormat == null ? null : audio(source, audioFormat, clientId, work);
      return new ExtractResponse(new Source(source.mediaId(), source.url()), wantMetadata ? metadata(source) : null,
          frames, audio);
    }
  }

  static Metadata metadata(MediaSource source) {
    var info = source.info();
    return new Metadata(info.contentType(), info.durationSeconds(), info.displayWidth(), info.displayHeight(),
        info.fps(), info.videoCodec(), info.audioCodec(), info.bitrate(), info.rotation(), info.hasAudio(),
        info.hasVideo(), info.sampleRate(), info.channels(), info.sizeBytes());
  }

  private List<Frame> frames(MediaSource source, FramesRequest request, String format, String clientId,
      WorkDir work) {
    var info = source.info();
    if (!info.isVideo() || info.durationSeconds() == null) {
      throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE,
          "Frames can only be taken from a video; this media is " + info.contentType() + ".").with("field", "frames"));
    }
    var timestamps = FramePlan.timestamps(request, info.durationSeconds());
    var files = tools.frames(source.file(), timestamps, format, request.width(), work);
    var first = tools.requireProbe(files.get(0), "frames");
    var result = new ArrayList<Frame>();
    for (int i = 0; i < files.size(); i++) {
      var name = String.format(Locale.ROOT, "frame-%06d.%s", Math.round(timestamps.get(i) * 1000), format);
      var stored = library.store(new Incoming(clientId, PURPOSE, files.get(i), name, List.of(), null), first);
      result.add(new Frame(timestamps.get(i), stored.id, library.publicUrl(stored), stored.contentType, stored.width,
          stored.height));
    }
    return result;
  }

  private Audio audio(MediaSource source, String format, String clientId, WorkDir work) {
    if (!source.info().hasAudio()) {
      throw new ApiException(ApiError.of(ErrorCode.UNPROCESSABLE, "This media has no audio track.")
          .with("field", "audio"));
    }
    var out = work.file("audio." + format);
    var arguments = new ArrayList<>(List.of("-i", source.file().toString(), "-vn", "-map", "0:a:0"));
    arguments.addAll(switch (format) {
      case "mp3" -> List.of("-c:a", "libmp3lame", "-q:a", "4");
      case "wav" -> List.of("-c:a", "pcm_s16le");
      default -> List.of("-c:a", "aac", "-b:a", "160k");
    });
    arguments.add(out.toString());
    tools.ffmpeg(arguments);
    MediaInfo info = tools.requireProbe(out, "audio");
    var stored = library.store(new Incoming(clientId, PURPOSE, out, "audio." + format, List.of(), null), info);
    return new Audio(stored.id, library.publicUrl(stored), stored.contentType, stored.durationSeconds,
        stored.sizeBytes);
  }

  private static String frameFormat(FramesRequest frames) {
    var format = frames.format() == null ? "jpg" : frames.format().toLowerCase(Locale.ROOT);
    return switch (format) {
      case "jpg", "jpeg" -> "jpg";
      case "png" -> "png";
      default -> throw ApiException.invalidField("frames.format", "must be jpg or png");
    };
  }

  private static String audioFormat(AudioRequest audio) {
    var format = audio.format() == null ? "m4a" : audio.format().toLowerCase(Locale.ROOT);
    if (!List.of("m4a", "mp3", "wav").contains(format)) {
      throw ApiException.invalidField("audio.format", "must be m4a, mp3 or wav");
    }
    return format;
  }
}
