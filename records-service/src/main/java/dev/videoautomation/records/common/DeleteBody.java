package dev.videoautomation.records.common;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The optional body of a collection-level DELETE, as the document shows it. The resources read the body as text
 * ({@link CollectionIds#fromDeleteBody}) because it may be absent or sent with any content type.
 */
@Schema(name = "RecordDeleteBody", additionalProperties = Schema.False.class,
    description = "Names the record to delete (or archive) when `?id=` is not used.")
public record DeleteBody(
    @Schema(nullable = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.RECORD_ID) String id) {
}
