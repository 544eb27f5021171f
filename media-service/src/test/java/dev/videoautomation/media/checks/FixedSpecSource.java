package dev.videoautomation.media.checks;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

import dev.videoautomation.platform.errors.ApiException;

/** A probe for tests that {@link FixedProbe} switches on: a fixed 1080x1920, 45 s spec for any video, 404 for {@code med_missing}. */
@Alternative
@ApplicationScoped
public class FixedSpecSource implements SpecSource {
  static final VideoSpec FIXED = new VideoSpec(45.0, 1080, 1920, 30.0, 12_000_000L, "hevc", "aac", true,
      2_100_000L, "probe captions are ignored", List.of());

  private final List<String> probed = new CopyOnWriteArrayList<>();

  /** What was probed, in order (a method: fields of a client proxy are not the bean's). */
  public List<String> probed() {
    return probed;
  }

  @Override
  public VideoSpec probe(String videoUrlOrMediaId) {
    probed.add(videoUrlOrMediaId);
    judge(videoUrlOrMediaId);
    return FIXED.withCaption(null, null);
  }

  @Override
  public void judge(String videoUrlOrMediaId) {
    if ("med_missing".equals(videoUrlOrMediaId)) {
      throw ApiException.notFound("Media file med_missing");
    }
  }
}
