package dev.videoautomation.platform.calls;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A stored media object as in-suite readers see it (docs/internal-api.md §3.8). {@code localPath} is set for local
 * storage and usable when the reader shares media's filesystem; otherwise read {@code /internal/media/{id}/content}.
 */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record StoredMedia(String id, String clientId, String url, String contentType, Long sizeBytes,
    Double durationSeconds, Integer width, Integer height, String purpose, String storage, String storageKey,
    String localPath, String sourceUrl, Long createdAt) {
}
