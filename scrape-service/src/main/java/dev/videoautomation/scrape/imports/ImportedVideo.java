package dev.videoautomation.scrape.imports;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.scrape.common.ScrapeLimits;

/** A post's video stored on the CDN: media's object, the platform, and the post URL as {@code sourceUrl}. */
@RegisterForReflection
@Schema(name = "ImportedVideo", description = "A post's video, stored on the CDN as one of your media files.")
public record ImportedVideo(
    @Schema(required = true, description = "The media file's id.", maxLength = 64, pattern = "^med_[0-9A-Za-z]+$",
        example = "med_4Yb2Lm9Qx1Rt7Zc3Vn8Ke0") String id,
    @Schema(required = true, description = "The file's CDN URL.", maxLength = ScrapeLimits.URL) String url,
    @Schema(required = true, enumeration = {"shortvideo", "photo"}) String platform,
    @Schema(required = true, description = "The post URL that was imported.", maxLength = ScrapeLimits.URL)
    String sourceUrl,
    @Schema(required = true, nullable = true, description = "Length in seconds; null when neither the file nor "
        + "the provider tells it.", minimum = "0") Double durationSeconds,
    @Schema(required = true, nullable = true, description = "Width in pixels; null when unknown.", minimum = "0",
        maximum = "2147483647") Integer width,
    @Schema(required = true, nullable = true, description = "Height in pixels; null when unknown.", minimum = "0",
        maximum = "2147483647") Integer height,
    @Schema(required = true, description = "Size of the stored file in bytes.", minimum = "0",
        maximum = "9223372036854775807") Long sizeBytes,
    @Schema(required = true, description = "The stored file's media type.", maxLength = 255, example = "video/mp4")
    String contentType) {
}
