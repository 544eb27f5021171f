package dev.videoautomation.scrape.normalize;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Something the caller should know about an answer that is not an error: why {@code normalized} is null. */
@RegisterForReflection
@Schema(name = "ScrapeNote", description = "Something to know about this answer that is not an error, such as why "
    + "`normalized` is null.")
public record Note(
    @Schema(required = true, description = "`normalize_unmapped`: the provider path this operation is configured "
        + "with has no normalized mapping (an operator changed it); `normalize_failed`: the provider's answer did "
        + "not have the shape its mapping reads. In both, `data` is the provider's answer as it came.",
        enumeration = {"normalize_unmapped", "normalize_failed"}) String code,
    @Schema(required = true, description = "The same in a sentence.", maxLength = 500) String message) {

  static final String UNMAPPED = "normalize_unmapped";
  static final String FAILED = "normalize_failed";

  static Note unmapped(String route, String upstreamPath) {
    return new Note(UNMAPPED, "No normalized mapping exists for the provider path " + upstreamPath + " that "
        + route + " is configured with, so normalized is null; data is the provider's answer as it came.");
  }

  static Note unreadable(String route, String upstreamPath) {
    return new Note(FAILED, "The provider's answer for " + route + " (" + upstreamPath + ") did not have the shape "
        + "its normalized mapping reads, so normalized is null; data is the provider's answer as it came.");
  }
}
