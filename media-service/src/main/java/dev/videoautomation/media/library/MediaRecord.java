package dev.videoautomation.media.library;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A stored object as in-suite readers see it (docs/internal-api.md §3.8): where it lives as well as what it is. */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MediaRecord(String id, String clientId, String url, String contentType, long sizeBytes,
    Double durationSeconds, Integer width, Integer height, String purpose, String storage, String storageKey,
    String localPath, String sourceUrl, long createdAt) {
}
