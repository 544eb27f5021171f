package dev.videoautomation.scrape.endpoints;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.scrape.staging.StagingMeta;

/** A scrape answer: the provider's JSON untouched in {@code data}; {@code meta} only when download_media was true. */
@RegisterForReflection
public record ScrapeResult(JsonNode data, @JsonInclude(JsonInclude.Include.NON_NULL) StagingMeta meta) {
}
