package dev.videoautomation.platform.events;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A job's kept events after a position, the answer of {@code GET /internal/jobs/{id}/events} as it is
 * (docs/internal-api.md §3.15): {@code {"data":[{"seq","type","at","job"}],"complete"}}.
 */
@RegisterForReflection
public record EventLog(List<Event> data, boolean complete) {

  /** One kept event: its place in the job's sequence, its type, when it happened, and the job view it carried. */
  @RegisterForReflection
  public record Event(long seq, String type, long at, JsonNode job) {
  }
}
