package dev.videoautomation.auth.claimpage;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The claim page in JSON: the step the claim is at, and nothing else (no key, code or address). */
@RegisterForReflection
@Schema(name = "ClaimPageStatus", description = "Where a claim stands: email_needed (an anonymous registration "
    + "waits for an email), code_sent (a code was mailed), claimed, or expired.")
public record ClaimStatus(
    @Schema(required = true, enumeration = {"email_needed", "code_sent", "claimed", "expired"}) String status) {
}
