package dev.videoautomation.clone.videos;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.ffmpeg.MediaInfo;
import dev.videoautomation.platform.ffmpeg.MediaTools;

/**
 * Gives a render its source's soundtrack: the render's video stream copied as it is, the source's first audio stream
 * mapped in (AAC), and both cut to the shorter of the two so picture and sound end together.
 */
@ApplicationScoped
public class Muxer {
  private final MediaTools tools;

  public Muxer(MediaTools tools) {
    this.tools = tools;
  }

  public MediaInfo mux(Path render, Path source, Path out) {
    var video = tools.requireProbe(render, "resultUrl");
    var audio = tools.requireProbe(source, "sourceVideoUrl");
    var arguments = new ArrayList<>(List.of("-i", render.toString()));
    if (audio.hasAudio()) {
      arguments.addAll(List.of("-i", source.toString(), "-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy", "-c:a", "aac",
          "-b:a", "192k"));
      var length = shorter(video.durationSeconds(), audio.durationSeconds());
      if (length != null) {
        arguments.addAll(List.of("-t", String.format(Locale.ROOT, "%.3f", length)));
      }
    } else {
      arguments.addAll(List.of("-map", "0:v:0", "-c:v", "copy"));
    }
    arguments.addAll(List.of("-movflags", "+faststart", out.toString()));
    tools.ffmpeg(arguments);
    return tools.requireProbe(out, "resultUrl");
  }

  private static Double shorter(Double a, Double b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : Math.min(a, b);
  }
}
