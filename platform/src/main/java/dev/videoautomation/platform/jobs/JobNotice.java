package dev.videoautomation.platform.jobs;

import java.util.LinkedHashMap;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One {@code job_events} notification (docs/internal-api.md §2):
 * {@code {"v":1,"event":"job.changed","jobId":…,"clientId":…,"status":…,"seq":…,"at":…}}. Owners send it
 * through {@code events/Outbox}; the gateway reads it with {@link #parse(String)}. It is a trigger only: the state
 * itself is read from the owner.
 */
public record JobNotice(String jobId, String clientId, JobStatus status, long seq, long at) {
  public static final String CHANNEL = "job_events";
  public static final String EVENT = "job.changed";
  // Maps and trees only, so nothing here needs reflection in a native image.
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The notification's payload, well under PostgreSQL's 8000-byte limit (ids are at most 64 characters). */
  public String toJson() {
    var payload = new LinkedHashMap<String, Object>();
    payload.put("v", 1);
    payload.put("event", EVENT);
    payload.put("jobId", jobId);
    payload.put("clientId", clientId);
    payload.put("status", status.wire());
    payload.put("seq", seq);
    payload.put("at", at);
    try {
      return JSON.writeValueAsString(payload);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A map of strings and numbers always serializes", e);
    }
  }

  /**
   * The notice in {@code payload}; empty when it is not a version-1 {@code job.changed} with a job id and a known
   * status (a listener ignores what it cannot read rather than failing the connection).
   */
  public static Optional<JobNotice> parse(String payload) {
    JsonNode node;
    try {
      node = JSON.readTree(payload);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return Optional.empty();
    }
    if (node == null || node.path("v").asInt() != 1 || !EVENT.equals(node.path("event").asText())
        || !node.path("jobId").isTextual()) {
      return Optional.empty();
    }
    return JobStatus.fromWire(node.path("status").asText()).map(status -> new JobNotice(
        node.get("jobId").asText(), node.path("clientId").isTextual() ? node.get("clientId").asText() : null,
        status, node.path("seq").asLong(), node.path("at").asLong()));
  }
}
