package dev.videoautomation.media.checks;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.media.inputs.MediaInputs;
import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;

/** The spec of a video named by URL or {@code med_} id, read with ffprobe. */
@ApplicationScoped
public class ProbedSpecSource implements SpecSource {
  private final MediaInputs inputs;
  private final MediaTools tools;

  public ProbedSpecSource(MediaInputs inputs, MediaTools tools) {
    this.inputs = inputs;
    this.tools = tools;
  }

  @Override
  public VideoSpec probe(String videoUrlOrMediaId) {
    try (var work = tools.workDir()) {
      return of(inputs.resolve(videoUrlOrMediaId, field(videoUrlOrMediaId), work).info());
    }
  }

  @Override
  public void judge(String videoUrlOrMediaId) {
    inputs.judge(videoUrlOrMediaId, field(videoUrlOrMediaId));
  }

  private static String field(String videoUrlOrMediaId) {
    return videoUrlOrMediaId != null && videoUrlOrMediaId.startsWith("med_") ? "mediaId" : "videoUrl";
  }

  /** The facts the check rules read, as the video displays (rotation applied). */
  public static VideoSpec of(MediaInfo info) {
    return new VideoSpec(info.durationSeconds(), info.displayWidth(), info.displayHeight(), info.fps(),
        info.sizeBytes(), info.videoCodec(), info.audioCodec(), info.hasAudio(), info.bitrate(), null, List.of());
  }
}
