package dev.videoautomation.media.checks;

import java.util.Set;

import io.quarkus.test.junit.QuarkusTestProfile;

/** Replaces the ffprobe spec source with {@link FixedSpecSource}, so check tests need no media files. */
public class FixedProbe implements QuarkusTestProfile {
  @Override
  public Set<Class<?>> getEnabledAlternatives() {
    return Set.of(FixedSpecSource.class);
  }
}
