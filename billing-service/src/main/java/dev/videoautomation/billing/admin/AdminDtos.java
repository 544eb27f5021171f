package dev.videoautomation.billing.admin;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The bodies of the admin API (docs/internal-api.md §3.5). */
public final class AdminDtos {
  static final String OPERATION_ID = "opr_[0-9A-Za-z]{1,60}";
  static final String OPERATION_ID_MESSAGE = "must be an operator action id (opr_ and letters or digits)";

  private AdminDtos() {
  }

  /** Grant a plan until {@code periodEnd} (default: a month from now), with the plan's monthly credits by default. */
  @RegisterForReflection
  public record GrantRequest(@NotBlank String clientId,
      @NotBlank @Pattern(regexp = OPERATION_ID, message = OPERATION_ID_MESSAGE) String operationId,
      @NotBlank String plan, Long periodEnd, Boolean grantCredits) {
  }

  /** End a subscription {@code now} (expired at once) or at {@code period_end} (canceled, works until then). */
  @RegisterForReflection
  public record EndRequest(@NotBlank @Pattern(regexp = OPERATION_ID, message = OPERATION_ID_MESSAGE) String operationId,
      @NotBlank @Pattern(regexp = "now|period_end", message = "must be now or period_end") String at,
      @NotBlank @Size(max = 200) String reason) {
  }
}
