package dev.videoautomation.records.common;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.records.openapi.ApiDocs;

/** The answer to a DELETE: the id and {@code deleted: true}. */
@RegisterForReflection
@Schema(name = "RecordDeleted", description = "The record is gone.")
public record Deleted(
    @Schema(required = true, maxLength = ApiDocs.ID_MAX, pattern = ApiDocs.RECORD_ID) String id,
    @Schema(required = true, description = "Always true.") boolean deleted) {
  public static Deleted of(String id) {
    return new Deleted(id, true);
  }
}
