package dev.videoautomation.media.checks;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.arc.DefaultBean;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** Stands in until a probing {@link SpecSource} is part of the build; any other SpecSource bean replaces it. */
@DefaultBean
@ApplicationScoped
public class UnprobedSpecSource implements SpecSource {

  @Override
  public VideoSpec probe(String videoUrlOrMediaId) {
    throw new ApiException(ErrorCode.NOT_IMPLEMENTED,
        "Probing a video for /v1/check is not available in this build; send 'spec'.");
  }
}
