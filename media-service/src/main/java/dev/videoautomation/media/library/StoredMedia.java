package dev.videoautomation.media.library;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.media.common.Bounds;

/** A stored object as the public upload endpoints describe it. */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "StoredMedia", description = "A stored object: its id and public CDN URL, and what ffprobe found in "
    + "it. Fields without a value (an image's duration, a sound's size) are left out.")
public record StoredMedia(
    @Schema(required = true, maxLength = Bounds.MEDIA_ID, pattern = Bounds.MEDIA_ID_PATTERN,
        example = "med_4Yb2kQ9sT1vXw8") String id,
    @Schema(required = true, maxLength = Bounds.URL, description = "The public CDN URL: "
        + "`<base>/cdn/m/<id>/<file name>` (or the bucket's public URL with S3 storage).",
        example = "https://api.example.com/cdn/m/med_4Yb2kQ9sT1vXw8/clip.mp4") String url,
    @Schema(required = true, maxLength = Bounds.CONTENT_TYPE, example = "video/mp4") String contentType,
    @Schema(required = true, format = "int64", minimum = "0", maximum = Bounds.INT64_MAX, example = "18342211")
    long sizeBytes,
    @Schema(minimum = "0", description = "Seconds (audio and video).", example = "14.93") Double durationSeconds,
    @Schema(format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Displayed width in pixels "
        + "(video and images).", example = "720") Integer width,
    @Schema(format = "int32", minimum = "0", maximum = Bounds.INT32_MAX, description = "Displayed height in pixels "
        + "(video and images).", example = "1280") Integer height,
    @Schema(maxLength = Bounds.URL, description = "The URL the object was fetched from (POST /v1/upload/url).")
    String sourceUrl,
    @Schema(required = true, format = "int64", minimum = "0", maximum = Bounds.INT64_MAX,
        description = "When it was stored, epoch milliseconds.", example = "1763700000000") long createdAt) {
}
