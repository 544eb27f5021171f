package dev.videoautomation.scrape.publicdata;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A scrape answer: the provider's JSON untouched in {@code data} (any JSON value: the schema ScrapeProviderData of
 * META-INF/openapi.yaml, which has no type); {@code normalized} only when the call asked for it (JSON null when it
 * could not be made, a note in {@code meta} saying why); {@code meta} only when there is something in it. The one
 * schema of every scrape operation's 200 answer.
 */
@RegisterForReflection
@Schema(name = "ScrapeResult", description = "A scrape answer: the data provider's JSON in `data`; with `normalize: "
    + "true` the same read into one record shape in `normalized`; and `meta` when `download_media` was true or there "
    + "is a note.")
public record ScrapeResult(
    @Schema(required = true, ref = "ScrapeProviderData", description = "The data provider's answer, passed "
        + "through as it came: its shape varies per endpoint and per platform, and may change when the provider's "
        + "does. With `download_media: true` its media URLs are CDN URLs (or null where a file could not be "
        + "staged).") JsonNode data,
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(ref = "ScrapeNormalized", description = "Only with `normalize: true`: `data` read into one record shape "
        + "per kind, the same on every platform. Null when this operation's provider path has no mapping or its "
        + "answer could not be read (`meta.notes` says which).") JsonNode normalized,
    @JsonInclude(JsonInclude.Include.NON_NULL) ScrapeMeta meta) {
}
