package dev.videoautomation.clone.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.ffmpeg.MediaTools;
import dev.videoautomation.platform.ffmpeg.WorkDir;

/**
 * Hard cuts, found by ffmpeg's scene detection: frames whose scene score ({@code scene}, 0..1, how different a frame
 * is from the one before) passes the threshold, listed by {@code metadata=print} into a file. Frames are scaled down
 * first: the score needs no detail and decoding stays cheap.
 */
@ApplicationScoped
public class SceneCuts {
  private static final Pattern PTS_TIME = Pattern.compile("pts_time:([0-9.]+)");
  private final MediaTools tools;

  public SceneCuts(MediaTools tools) {
    this.tools = tools;
  }

  /** The times (seconds) where a new shot starts. */
  public List<Double> find(Path video, double threshold, WorkDir work) {
    var report = work.file("scenes.txt");
    var filter = String.format(Locale.ROOT, "scale=320:-2,select='gt(scene\\,%.3f)',metadata=print:file=%s",
        threshold, report.toString().replace("\\", "/").replace(":", "\\:"));
    tools.ffmpeg(List.of("-i", video.toString(), "-map", "0:v:0", "-vf", filter, "-an", "-f", "null", "-"));
    var cuts = new ArrayList<Double>();
    try {
      if (Files.exists(report)) {
        for (var line : Files.readAllLines(report)) {
          var match = PTS_TIME.matcher(line);
          if (match.find()) {
            cuts.add(Math.round(Double.parseDouble(match.group(1)) * 1000) / 1000.0);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return cuts;
  }
}
