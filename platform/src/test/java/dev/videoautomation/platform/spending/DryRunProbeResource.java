package dev.videoautomation.platform.spending;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Test-only owners of two table operations: overlayText (free) and generateMusic (charging). Each validates its body,
 * stops a dry run at its point of no return, and otherwise counts the work it would do.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DryRunProbeResource {
  static final AtomicInteger WORK_DONE = new AtomicInteger();

  public record Body(@NotBlank String prompt) {
  }

  private final DryRuns dryRuns;

  DryRunProbeResource(DryRuns dryRuns) {
    this.dryRuns = dryRuns;
  }

  @POST
  @Path("/overlay")
  public Map<String, Object> overlay(@NotNull @Valid Body body) {
    dryRuns.stopIfRequested(SpendingOperation.OVERLAY_TEXT);
    return Map.of("done", WORK_DONE.incrementAndGet());
  }

  @POST
  @Path("/music")
  public Map<String, Object> music(@NotNull @Valid Body body) {
    dryRuns.stopIfRequested("cli_test", SpendingOperation.GENERATE_MUSIC, 1, Map.of("model", "v4"));
    return Map.of("done", WORK_DONE.incrementAndGet());
  }
}
