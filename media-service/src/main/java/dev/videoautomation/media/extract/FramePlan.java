package dev.videoautomation.media.extract;

import java.util.ArrayList;
import java.util.List;

import dev.videoautomation.media.extract.ExtractDtos.FramesRequest;
import dev.videoautomation.platform.errors.ApiException;

/** Which instants to take frames at: evenly spaced ({@code count}), every {@code interval} s, or given timestamps. */
final class FramePlan {
  static final int MAX_FRAMES = 100;

  private FramePlan() {
  }

  static List<Double> timestamps(FramesRequest frames, double duration) {
    int given = (frames.count() != null ? 1 : 0) + (frames.interval() != null ? 1 : 0)
        + (frames.timestamps() != null ? 1 : 0);
    if (given != 1) {
      throw ApiException.invalidField("frames", "needs exactly one of count, interval or timestamps");
    }
    var result = new ArrayList<Double>();
    if (frames.count() != null) {
      if (frames.count() < 1 || frames.count() > MAX_FRAMES) {
        throw ApiException.invalidField("frames.count", "must be between 1 and " + MAX_FRAMES);
      }
      result.addAll(dev.videoautomation.media.inputs.MediaInputs.evenlySpaced(duration, frames.count()));
    } else if (frames.interval() != null) {
      if (!(frames.interval() > 0)) {
        throw ApiException.invalidField("frames.interval", "must be a positive number of seconds");
      }
      if (duration / frames.interval() > MAX_FRAMES) {
        throw ApiException.invalidField("frames.interval", "gives more than " + MAX_FRAMES + " frames for this "
            + duration + " s media; use a longer interval");
      }
      for (double at = 0; at < duration; at += frames.interval()) {
        result.add(round(at));
      }
    } else {
      if (frames.timestamps().isEmpty() || frames.timestamps().size() > MAX_FRAMES) {
        throw ApiException.invalidField("frames.timestamps", "must hold 1 to " + MAX_FRAMES + " values");
      }
      for (int i = 0; i < frames.timestamps().size(); i++) {
        var at = frames.timestamps().get(i);
        if (at == null || at < 0 || at >= duration) {
          throw ApiException.invalidField("frames.timestamps[" + i + "]",
              "must be at least 0 and less than the duration (" + duration + " s)");
        }
        result.add(at);
      }
    }
    return result;
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }
}
