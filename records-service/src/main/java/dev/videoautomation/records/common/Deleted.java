package dev.videoautomation.records.common;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The answer to a DELETE: the id and {@code deleted: true}. */
@RegisterForReflection
public record Deleted(String id, boolean deleted) {
  public static Deleted of(String id) {
    return new Deleted(id, true);
  }
}
