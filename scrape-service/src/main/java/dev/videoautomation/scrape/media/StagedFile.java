package dev.videoautomation.scrape.media;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Media's answer to {@code staging/url}: the stored object and its public CDN URL. */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record StagedFile(String id, String url, String contentType, Long sizeBytes, Double durationSeconds,
    Integer width, Integer height, String sourceUrl, Long createdAt) {
}
