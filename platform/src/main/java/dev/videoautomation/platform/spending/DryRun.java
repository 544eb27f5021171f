package dev.videoautomation.platform.spending;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The answer to a dry run ({@code dryRun=true}, issue 32 §1): what the call would cost and whether it would run,
 * with nothing spent. An owner fills {@code cost.credits}, {@code balance} (when it quoted billing), {@code wouldRun}
 * and {@code refusal}; the gateway completes {@code cost.units}, {@code remaining} and a limit's refusal
 * (docs/internal-api.md §3.19.3). Fields an owner cannot know are left out, never guessed.
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DryRun(boolean dryRun, boolean wouldRun, Cost cost, Balance balance, Map<String, Integer> remaining,
    @JsonInclude(JsonInclude.Include.ALWAYS) Map<String, Object> refusal) {

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Cost(int credits, Map<String, Integer> units) {
  }

  @RegisterForReflection
  public record Balance(int credits) {
  }

  /** An operation that charges no credits would run, as far as its owner can tell. */
  public static DryRun free() {
    return new DryRun(true, true, new Cost(0, null), null, null, null);
  }

  /** A charging operation, as billing's quote judged it. */
  public static DryRun quoted(int credits, int balance, boolean wouldCharge, Map<String, Object> refusal) {
    return new DryRun(true, wouldCharge, new Cost(credits, null), new Balance(balance), null,
        wouldCharge ? null : refusal);
  }
}
