package dev.videoautomation.billing.credits;

import java.util.List;

import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.panache.common.Sort;
import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.billing.common.OperatorOnly;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.platform.lists.Cursor;
import dev.videoautomation.platform.lists.Page;
import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.token.Caller;
import dev.videoautomation.platform.token.CurrentCaller;

/**
 * Operators' credit commands (docs/internal-api.md §3.5): grant credits once per operationId and read a client's
 * ledger, so the suite can run without a payment provider.
 */
@Path("/internal/admin")
@Produces(MediaType.APPLICATION_JSON)
@OperatorOnly
public class CreditsAdminResource {
  private final LedgerRepository ledger;
  private final CreditLedger credits;
  private final CurrentCaller caller;

  CreditsAdminResource(LedgerRepository ledger, CreditLedger credits, CurrentCaller caller) {
    this.ledger = ledger;
    this.credits = credits;
    this.caller = caller;
  }

  @RegisterForReflection
  public record GrantCredits(@NotBlank String clientId,
      @NotBlank @Pattern(regexp = "opr_[0-9A-Za-z]{1,60}", message = "must be an operator action id (opr_...)")
      String operationId,
      @NotNull @Min(1) @Max(1_000_000) Integer credits, @NotBlank @Size(max = 200) String reason) {
  }

  @RegisterForReflection
  public record Granted(String operationId, int creditsGranted, int balance, boolean replayed) {
  }

  @RegisterForReflection
  public record Line(String kind, String operationId, String operation, int credits, int balanceAfter, String reason,
      String actor, long createdAt) {
  }

  @POST
  @Path("/credits/grant")
  @Consumes(MediaType.APPLICATION_JSON)
  @Transactional
  @Operation(hidden = true)
  public Granted grant(@NotNull @Valid GrantCredits request) {
    requireClientId(request.clientId());
    ledger.lockOperation(request.operationId());
    var existing = ledger.find(request.operationId(), LedgerEntry.GRANT);
    if (existing.isPresent()) {
      var entry = existing.get();
      if (!entry.clientId.equals(request.clientId()) || entry.credits != request.credits()) {
        throw new ApiException(ErrorCode.IDEMPOTENCY_KEY_MISMATCH, "This operationId was used for another grant; "
            + "choose a new one.");
      }
      return new Granted(request.operationId(), entry.credits, ledger.balance(request.clientId()), true);
    }
    var entry = credits.grant(request.clientId(), request.operationId(), request.credits(), request.reason(),
        caller.get().map(Caller::subject).orElseThrow());
    return new Granted(request.operationId(), entry.credits, entry.balanceAfter, false);
  }

  @GET
  @Path("/ledger/{clientId}")
  @Transactional
  @Operation(hidden = true)
  public Page<Line> ledger(@PathParam("clientId") String clientId, @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    requireClientId(clientId);
    var page = PageRequest.of(limit, cursor);
    List<LedgerEntry> rows = page.after()
        .map(after -> ledger.find("clientId = ?1 and id < ?2", Sort.descending("id"), clientId,
            ledgerId(after)))
        .orElseGet(() -> ledger.find("clientId", Sort.descending("id"), clientId))
        .page(0, page.fetchSize()).list();
    return Page.fromRows(rows, page, row -> new Cursor(row.createdAt.toEpochMilli(), String.valueOf(row.id)),
        row -> new Line(row.kind, row.operationId, row.operation, row.credits, row.balanceAfter, row.reason,
            row.actor, row.createdAt.toEpochMilli()));
  }

  private static long ledgerId(Cursor cursor) {
    try {
      return Long.parseLong(cursor.id());
    } catch (NumberFormatException e) {
      throw ApiException.invalidField("cursor", "is not a cursor of this list; pass nextCursor from the last page");
    }
  }

  private static void requireClientId(String clientId) {
    if (!Ids.looksLike(IdPrefix.CLI, clientId)) {
      throw ApiException.invalidField("clientId", "must be a client id (cli_...)");
    }
  }
}
