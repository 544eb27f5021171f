package dev.videoautomation.scrape.imports;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A post's video stored on the CDN: media's object, the platform, and the post URL as {@code sourceUrl}. */
@RegisterForReflection
public record ImportedVideo(String id, String url, String platform, String sourceUrl, Double durationSeconds,
    Integer width, Integer height, Long sizeBytes, String contentType) {
}
