package dev.videoautomation.billing.budgets;

import java.util.List;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.billing.config.BillingConfig;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Per-key credit budgets for auth, which owns the keys (docs/internal-api.md §3.19.2): set when a sub-key is created
 * or its budget changed, read for {@code GET /v1/api_keys}. Only the named callers ({@code billing.internal.
 * budget-callers}, {@code service:auth-service}) may call it: a budget is the key owner's decision, never the key's.
 */
@Path("/internal/budgets")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BudgetsResource {
  /** The largest budget: a billion credits, far above any plan, well inside an int. */
  static final int MAX_BUDGET = 1_000_000_000;

  private final Budgets budgets;
  private final CurrentCaller currentCaller;
  private final List<String> callers;

  BudgetsResource(Budgets budgets, CurrentCaller currentCaller, BillingConfig config) {
    this.budgets = budgets;
    this.currentCaller = currentCaller;
    this.callers = config.internal().budgetCallers();
  }

  /** {@code creditBudget} null (or absent) removes the budget. */
  @RegisterForReflection
  public record PutBody(String clientId, Integer creditBudget) {
  }

  @RegisterForReflection
  public record Listed(String keyId, Integer creditBudget, int creditsSpent) {
  }

  @RegisterForReflection
  public record Listing(List<Listed> data) {
  }

  @PUT
  @Path("/{keyId}")
  @Operation(hidden = true)
  public Budget put(@PathParam("keyId") String keyId, PutBody body) {
    // the caller first, so nothing about the request is judged for one who may not make it
    requireCaller();
    requireKeyId(keyId);
    if (body == null) {
      throw ApiException.invalidField("body", "is required: send {\"clientId\", \"creditBudget\"}");
    }
    requireClientId(body.clientId());
    if (body.creditBudget() != null && (body.creditBudget() < 0 || body.creditBudget() > MAX_BUDGET)) {
      throw ApiException.invalidField("creditBudget", "must be between 0 and " + MAX_BUDGET + ", or null for none");
    }
    return budgets.put(keyId, body.clientId(), body.creditBudget());
  }

  @GET
  @Operation(hidden = true)
  public Listing list(@QueryParam("clientId") String clientId) {
    requireCaller();
    requireClientId(clientId);
    return new Listing(budgets.ofClient(clientId).stream()
        .map(b -> new Listed(b.keyId(), b.creditBudget(), b.creditsSpent())).toList());
  }

  private void requireCaller() {
    var subject = currentCaller.require().subject();
    if (!callers.contains(subject)) {
      throw new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "Budgets are set and read by " + callers + " only.");
    }
  }

  private static void requireKeyId(String keyId) {
    if (!Ids.looksLike(IdPrefix.KEY, keyId)) {
      throw ApiException.invalidField("keyId", "must be a key id (key_...)");
    }
  }

  private static void requireClientId(String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
  }
}
