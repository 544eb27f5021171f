package dev.videoautomation.gateway.entitlements;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Billing's answer to {@code GET /internal/credits/balance/{clientId}} (docs/internal-api.md §3.4.3). */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record CreditBalance(String clientId, long balance, Long asOf) {
}
