package dev.videoautomation.media.library;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A stored object as the public upload endpoints describe it. */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StoredMedia(String id, String url, String contentType, long sizeBytes, Double durationSeconds,
    Integer width, Integer height, String sourceUrl, long createdAt) {
}
