package dev.videoautomation.scrape.publicdata;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.scrape.staging.StagingMeta;

/**
 * A scrape answer: the provider's JSON untouched in {@code data} (any JSON value: the schema ScrapeProviderData of
 * META-INF/openapi.yaml, which has no type); {@code meta} only when download_media was true. The one schema of every
 * scrape operation's 200 answer.
 */
@RegisterForReflection
@Schema(name = "ScrapeResult", description = "A scrape answer: the data provider's JSON in `data`, and what "
    + "`download_media` staged in `meta` (only when it was true).")
public record ScrapeResult(
    @Schema(required = true, ref = "ScrapeProviderData", description = "The data provider's answer, passed "
        + "through as it came: its shape varies per endpoint and per platform, and may change when the provider's "
        + "does. With `download_media: true` its media URLs are CDN URLs (or null where a file could not be "
        + "staged).") JsonNode data,
    @JsonInclude(JsonInclude.Include.NON_NULL) StagingMeta meta) {
}
