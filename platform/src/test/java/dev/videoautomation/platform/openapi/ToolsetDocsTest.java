package dev.videoautomation.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.junit.jupiter.api.Test;

/** Which set each operation is written into, by the table of tags. */
class ToolsetDocsTest {

  private static Operation operation(String operationId, String... tags) {
    return OASFactory.createOperation().operationId(operationId).tags(List.of(tags));
  }

  private static OpenAPI document(Operation... operations) {
    var paths = OASFactory.createPaths();
    for (var operation : operations) {
      paths.addPathItem("/" + operation.getOperationId(), OASFactory.createPathItem().POST(operation));
    }
    return OASFactory.createOpenAPI().paths(paths);
  }

  private static Object toolset(Operation operation) {
    return operation.getExtensions() == null ? null : operation.getExtensions().get(Toolset.EXTENSION);
  }

  @Test
  void shouldWriteEachToolsSetByItsTags() {
    var register = operation("registerAgent", "Agent registration");
    var pricing = operation("getPricing", "Billing");
    var rotate = operation("rotateApiKey", "API keys");
    var job = operation("getJob", "Jobs");
    var webhook = operation("createWebhook", "Records: webhooks");
    var scrape = operation("scrapePhotoProfile", "Scrape");
    var importVideo = operation("importVideo", "Video import");
    var stage = operation("stageMediaFromUrl", "Media");
    var clone = operation("createCloneVideo", "Clone");
    var account = operation("listAccounts", "Records: accounts");
    new ToolsetDocs().filterOpenAPI(document(register, pricing, rotate, job, webhook, scrape, importVideo, stage,
        clone, account));

    assertThat(List.of(register, pricing, rotate, job, webhook, scrape, importVideo, stage, clone, account))
        .extracting(ToolsetDocsTest::toolset)
        .containsExactly("start", "start", "keys", "jobs", "jobs", "scrape", "scrape", "media", "create", "records");
  }

  @Test
  void shouldLeaveOperationsThatAreNoToolsAndUnknownTagsWithoutASet() {
    var cdn = operation("getCdnObject", "CDN").addExtension("x-mcp", false);
    var page = operation("showCheckoutPage", "Billing").addExtension("x-mcp", "false");
    var stray = operation("somethingNew", "Not a tag of the contract");
    new ToolsetDocs().filterOpenAPI(document(cdn, page, stray));

    assertThat(List.of(cdn, page, stray)).extracting(ToolsetDocsTest::toolset).containsOnlyNulls();
  }

  @Test
  void shouldNameEverySetOnceWithAPurpose() {
    assertThat(Toolset.values()).extracting(Toolset::id)
        .containsExactly("start", "keys", "jobs", "scrape", "media", "create", "records");
    assertThat(Toolset.values()).allSatisfy(set -> assertThat(set.purpose()).isNotBlank().doesNotContain("\n"));
    assertThat(Toolset.byId("media")).contains(Toolset.MEDIA);
    assertThat(Toolset.byId("Media")).isEmpty();
  }
}
