package dev.videoautomation.scrape.media;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The body of media's {@code staging/url}; optional fields are left out when null. */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StageUrlRequest(String url, String clientId, String purpose, Long maxBytes,
    List<String> allowedContentTypes, String filename) {
}
