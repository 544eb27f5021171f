package dev.videoautomation.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.junit.jupiter.api.Test;

/** Where the dry run is declared: only on the spending table's operations, in the shape the issue gives. */
class DryRunDocsTest {

  private static Operation operation(String operationId, String successStatus) {
    return OASFactory.createOperation().operationId(operationId).responses(OASFactory.createAPIResponses()
        .addAPIResponse(successStatus, OASFactory.createAPIResponse().description("Done.")
            .content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType()
                .schema(OASFactory.createSchema().ref("#/components/schemas/Real"))))));
  }

  private static OpenAPI document(Operation... operations) {
    var paths = OASFactory.createPaths();
    for (var operation : operations) {
      paths.addPathItem("/" + operation.getOperationId(), OASFactory.createPathItem().POST(operation));
    }
    return OASFactory.createOpenAPI().paths(paths);
  }

  @Test
  void shouldMakeA200SuccessAOneOfOfTheRealBodyAndDryRun() {
    var scrape = operation("scrapePhotoProfile", "200");
    new DryRunDocs().filterOpenAPI(document(scrape));
    assertThat(scrape.getParameters()).extracting(p -> p.getRef()).containsExactly(DryRunDocs.PARAMETER);
    var schema = scrape.getResponses().getAPIResponse("200").getContent().getMediaType("application/json")
        .getSchema();
    assertThat(schema.getOneOf()).extracting(s -> s.getRef())
        .containsExactly("#/components/schemas/Real", DryRunDocs.SCHEMA);
    assertThat(scrape.getResponses().getAPIResponse("200").getDescription()).startsWith("Done. ")
        .contains("`dryRun=true`");
  }

  @Test
  void shouldAddASeparate200ToA201Or202Success() {
    var image = operation("generateImage", "202");
    var account = operation("createAccount", "201");
    new DryRunDocs().filterOpenAPI(document(image, account));
    for (var op : new Operation[] {image, account}) {
      assertThat(op.getResponses().getAPIResponses()).containsKey("200");
      assertThat(op.getResponses().getAPIResponse("200").getContent().getMediaType("application/json").getSchema()
          .getRef()).isEqualTo(DryRunDocs.SCHEMA);
      assertThat(op.getParameters()).extracting(p -> p.getRef()).containsExactly(DryRunDocs.PARAMETER);
    }
    assertThat(image.getResponses().getAPIResponse("202").getContent().getMediaType("application/json")
        .getSchema().getRef()).isEqualTo("#/components/schemas/Real");
  }

  @Test
  void shouldLeaveOperationsThatSpendNothingAlone() {
    var list = operation("listAccounts", "200");
    new DryRunDocs().filterOpenAPI(document(list));
    assertThat(list.getParameters()).isNull();
    assertThat(list.getResponses().getAPIResponse("200").getContent().getMediaType("application/json").getSchema()
        .getOneOf()).isNull();
  }

  @Test
  void shouldDeclareItOnceWhenRunTwice() {
    var scrape = operation("scrapePhotoProfile", "200");
    var doc = document(scrape);
    new DryRunDocs().filterOpenAPI(doc);
    new DryRunDocs().filterOpenAPI(doc);
    assertThat(scrape.getParameters()).hasSize(1);
    assertThat(scrape.getResponses().getAPIResponse("200").getContent().getMediaType("application/json").getSchema()
        .getOneOf()).hasSize(2);
  }
}
