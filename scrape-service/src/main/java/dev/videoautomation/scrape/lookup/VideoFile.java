package dev.videoautomation.scrape.lookup;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A post's video file as the provider offers it (docs/internal-api.md §3.10). */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VideoFile(String platform, String sourceUrl, String videoUrl, String contentType,
    Double durationSeconds, Integer width, Integer height, Boolean hasWatermark, Long expiresAt) {
}
