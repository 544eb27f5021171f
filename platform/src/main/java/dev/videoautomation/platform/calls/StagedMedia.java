package dev.videoautomation.platform.calls;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Media's answer to staging: the stored object ({@code med_…}) and its public CDN URL. */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record StagedMedia(String id, String url, String contentType, Long sizeBytes, Double durationSeconds,
    Integer width, Integer height, String sourceUrl, Long createdAt) {
}
