package dev.videoautomation.platform.openapi;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;

import io.quarkus.smallrye.openapi.OpenApiFilter;

import dev.videoautomation.platform.spending.CreditHeaders;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Declares the spend headers on every operation that charges credits, at build time in every owner (issue 32): the
 * {@code Max-Credits} request header ({@code #/components/parameters/MaxCredits}) and {@code Credits-Remaining} on
 * each 2xx answer ({@code #/components/headers/CreditsRemaining}), both from the platform fragment. Which operations
 * charge is {@link SpendingOperation}'s table, by operationId, the same table {@link CreditHeaders} serves them by,
 * so the document and the behaviour cannot drift apart.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class SpendHeaders implements OASFilter {
  static final String MAX_CREDITS = "#/components/parameters/MaxCredits";
  static final String CREDITS_REMAINING = "#/components/headers/CreditsRemaining";

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().values().forEach(item -> item.getOperations().values().stream()
        .filter(SpendHeaders::charges).forEach(SpendHeaders::declare));
  }

  private static boolean charges(Operation operation) {
    return operation.getOperationId() != null && SpendingOperation.byOperationId(operation.getOperationId())
        .flatMap(SpendingOperation::billing).isPresent();
  }

  private static void declare(Operation operation) {
    var declared = operation.getParameters() != null && operation.getParameters().stream()
        .anyMatch(p -> MAX_CREDITS.equals(p.getRef()) || CreditHeaders.MAX_CREDITS.equalsIgnoreCase(p.getName()));
    if (!declared) {
      operation.addParameter(OASFactory.createParameter().ref(MAX_CREDITS));
    }
    if (operation.getResponses() == null || operation.getResponses().getAPIResponses() == null) {
      return;
    }
    operation.getResponses().getAPIResponses().forEach((status, response) -> {
      if (status.startsWith("2") && response.getRef() == null) {
        response.addHeader(CreditHeaders.CREDITS_REMAINING, OASFactory.createHeader().ref(CREDITS_REMAINING));
      }
    });
  }
}
