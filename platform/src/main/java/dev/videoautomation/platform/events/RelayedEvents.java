package dev.videoautomation.platform.events;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bodies of records' {@code POST /internal/events} (docs/internal-api.md §3.17), shared by sender and owner. */
public final class RelayedEvents {
  private RelayedEvents() {
  }

  /** The request: at most {@link OutboxRelay#BATCH} events, oldest first. */
  @RegisterForReflection
  public record Batch(List<Event> events) {
  }

  /**
   * One event as raised: {@code jobId}, {@code seq} and {@code webhookUrl} are null for an event about no job;
   * {@code timestamp} is epoch ms; {@code data} the job view (or the event's own data).
   */
  @RegisterForReflection
  public record Event(String id, String type, String clientId, String jobId, Long seq, String webhookUrl,
      long timestamp, JsonNode data) {
  }

  /** The answer: how many events records now holds (events it already knew count too). */
  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Accepted(int accepted) {
  }
}
