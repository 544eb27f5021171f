package dev.videoautomation.platform.calls;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bodies of billing's charge and refund (docs/internal-api.md §3.4.1–3.4.2). */
public final class Credits {
  private Credits() {
  }

  /**
   * A charge keyed by the task id it pays for; a retried charge with the same operationId charges once. {@code keyId}
   * is the agent's key (its budget is taken too) and {@code maxCredits} its {@code Max-Credits} cap, both optional
   * (§3.19.2).
   */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Charge(String clientId, String operationId, String operation, Integer quantity,
      Map<String, String> attributes, String keyId, Integer maxCredits) {
  }

  /** {@code remaining}: the balance, or the lower of it and the key's budget left; null from an older billing. */
  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Charged(String operationId, String status, int creditsCharged, int balance, Integer remaining,
      boolean replayed, Long chargedAt) {
  }

  /** A charge's body without an operationId: what billing's quote judges, writing nothing (§3.19.2). */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record QuoteRequest(String clientId, String operation, Integer quantity, Map<String, String> attributes,
      String keyId, Integer maxCredits) {
  }

  /** {@code refusal}: the error body the charge would answer, or null when it would charge. */
  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Quote(int credits, int balance, int remaining, boolean wouldCharge, Map<String, Object> refusal) {
  }

  /** A refund of the charge with this operationId; at most one per operationId, whatever the retries. */
  @RegisterForReflection
  public record Refund(String clientId, String operationId, String reason) {
  }

  @RegisterForReflection
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Refunded(String operationId, String status, int creditsRefunded, int balance, boolean replayed) {
  }
}
