package dev.videoautomation.platform.openapi;

import java.util.List;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import io.quarkus.smallrye.openapi.OpenApiFilter;

import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Declares the dry run on every operation that spends, at build time in every owner (issue 32 §1): the
 * {@code dryRun} query parameter ({@code #/components/parameters/DryRun}) and its answer,
 * {@code #/components/schemas/DryRun}. Where the real call succeeds with 200, that answer's schema becomes a
 * {@code oneOf} of the real body and {@code DryRun} (told apart by {@code dryRun}); where it succeeds with 201 or
 * 202, a separate 200 carries {@code DryRun}. Which operations spend is {@link SpendingOperation}'s table, the same
 * one {@link DryRuns} and the gateway serve by.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class DryRunDocs implements OASFilter {
  static final String PARAMETER = "#/components/parameters/DryRun";
  static final String SCHEMA = "#/components/schemas/DryRun";
  private static final String JSON = "application/json";

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().values().forEach(item -> item.getOperations().values().stream()
        .filter(DryRunDocs::spends).forEach(DryRunDocs::declare));
  }

  private static boolean spends(Operation operation) {
    return operation.getOperationId() != null
        && SpendingOperation.byOperationId(operation.getOperationId()).isPresent();
  }

  private static void declare(Operation operation) {
    var declared = operation.getParameters() != null && operation.getParameters().stream()
        .anyMatch(p -> PARAMETER.equals(p.getRef()) || DryRuns.PARAMETER.equals(p.getName()));
    if (!declared) {
      operation.addParameter(OASFactory.createParameter().ref(PARAMETER));
    }
    var responses = operation.getResponses();
    if (responses == null || responses.getAPIResponses() == null) {
      return;
    }
    var ok = responses.getAPIResponse("200");
    if (ok != null && ok.getRef() == null) {
      alsoDryRun(ok);
    } else if (ok == null) {
      responses.addAPIResponse("200", OASFactory.createAPIResponse()
          .description("The dry run's answer (`dryRun=true`): the cost, and whether the call would run now.")
          .content(OASFactory.createContent().addMediaType(JSON, OASFactory.createMediaType()
              .schema(OASFactory.createSchema().ref(SCHEMA)))));
    }
  }

  /** The 200's JSON schema becomes {@code oneOf: [real, DryRun]}, unless it already is. */
  private static void alsoDryRun(APIResponse ok) {
    var json = ok.getContent() == null ? null : ok.getContent().getMediaType(JSON);
    if (json == null || json.getSchema() == null) {
      return;
    }
    var real = json.getSchema();
    if (real.getOneOf() != null && real.getOneOf().stream().anyMatch(s -> SCHEMA.equals(s.getRef()))) {
      return;
    }
    json.setSchema(OASFactory.createSchema().oneOf(List.of(real, OASFactory.createSchema().ref(SCHEMA))));
    var said = ok.getDescription() == null ? "" : ok.getDescription() + " ";
    ok.setDescription(said + "With `dryRun=true`, the `DryRun` answer instead.");
  }
}
