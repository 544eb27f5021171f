package dev.videoautomation.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.gateway.OpenApiSnapshot;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.spending.PriceVariant;
import dev.videoautomation.platform.spending.SpendingOperation;

/**
 * Platform's spending table against reality: the committed OpenAPI snapshot (which {@code OpenApiSnapshotIT} holds
 * equal to the live merged document) and this gateway's route table. A unit test over the snapshot rather than a
 * system test over the live document, so that a drift fails the gateway's own build in seconds, before any suite
 * runs. Metered is what the route table meters and the document declares the RateLimit headers on (a row taken out
 * of the table unmeters its route, but the snapshot still says it was metered); charging credits is what declares
 * a 402 (billing's {@code insufficient_credits}), which every credit-charging operation answers.
 */
class SpendingTableTest {
  private static final List<String> METHODS = List.of("get", "head", "post", "put", "delete", "patch");

  private static JsonNode document;
  private final RouteTable routes = new RouteTable();

  @BeforeAll
  static void readSnapshot() throws IOException {
    document = OpenApiSnapshot.read(new ObjectMapper());
  }

  @Test
  void shouldNameARealOperationOfTheDocumentInEveryRow() {
    for (var row : SpendingOperation.values()) {
      var operation = document.path("paths").path(row.path()).path(row.method().toLowerCase(Locale.ROOT));
      assertThat(operation.path("operationId").asText()).as(row + ": " + row.method() + " " + row.path())
          .isEqualTo(row.operationId());
    }
    assertThat(Arrays.stream(SpendingOperation.values()).map(SpendingOperation::operationId))
        .doesNotHaveDuplicates();
  }

  @Test
  void shouldHaveARowWithTheRoutesBucketForEveryMeteredOperation() {
    var metered = new ArrayList<String>();
    for (var operation : operations()) {
      var bucket = bucketOf(operation.method(), operation.path());
      assertThat(bucket.isPresent()).as(operation.operationId() + ": metered in the route table as in the document")
          .isEqualTo(declaresRateLimits(operation.node()));
      if (bucket.isPresent()) {
        metered.add(operation.operationId());
        assertThat(SpendingOperation.byOperationId(operation.operationId()).flatMap(SpendingOperation::bucket))
            .as(operation.operationId() + " is metered by the gateway").isEqualTo(bucket);
      }
    }
    assertThat(metered).as("the metered operations of the document").containsExactlyInAnyOrderElementsOf(
        Arrays.stream(SpendingOperation.values()).filter(r -> r.bucket().isPresent())
            .map(SpendingOperation::operationId).toList());
  }

  @Test
  void shouldMeterEveryRowWithABucketOnARouteOfItsOwnPattern() {
    for (var row : SpendingOperation.values()) {
      var route = routes.routes().stream()
          .filter(r -> r.method().equals(row.method()) && r.pattern().equals(row.routePattern())).findFirst();
      assertThat(route).as(row + " is a route of the gateway").isPresent();
      assertThat(route.get().bucket()).as(row + "'s bucket on its route").isEqualTo(row.bucket());
    }
  }

  @Test
  void shouldHaveARowWithABillingOperationForEveryOperationThatAnswers402() {
    var charging = operations().stream().filter(o -> o.node().path("responses").has("402"))
        .map(Operation::operationId).toList();
    var rowsCharging = Arrays.stream(SpendingOperation.values()).filter(r -> r.billing().isPresent())
        .map(SpendingOperation::operationId).toList();
    assertThat(rowsCharging).containsExactlyInAnyOrderElementsOf(charging);
    assertThat(charging).contains("generateImage", "generateCharacterImage", "createStartingFrame",
        "createCloneVideo", "generateMusic", "createAccount");
  }

  @Test
  void shouldPickBodyVariantsWithAFieldOfTheRequestBody() {
    for (var row : SpendingOperation.values()) {
      var field = row.variant().flatMap(PriceVariant::bodyField);
      if (field.isEmpty()) {
        continue;
      }
      var schema = document.path("paths").path(row.path()).path(row.method().toLowerCase(Locale.ROOT))
          .path("requestBody").path("content").path("application/json").path("schema");
      var ref = schema.path("$ref").asText();
      if (!ref.isEmpty()) {
        schema = document.at(ref.substring(1));
      }
      assertThat(schema.path("properties").has(field.get())).as(row + " body field " + field.get()).isTrue();
    }
    assertThat(SpendingOperation.GENERATE_IMAGE.variant().flatMap(PriceVariant::bodyField)).contains("resolution");
  }

  /** The gateway declares the RateLimit headers on the successes of exactly the metered operations. */
  private static boolean declaresRateLimits(JsonNode operation) {
    var metered = false;
    for (var answer : operation.path("responses").properties()) {
      metered |= answer.getKey().startsWith("2") && answer.getValue().path("headers").has("RateLimit-Policy");
    }
    return metered;
  }

  private Optional<LimitBucket> bucketOf(String method, String path) {
    var concrete = path.replaceAll("\\{[^/]+}", "x");
    return routes.lookup(method, concrete) instanceof RouteTable.Found found ? found.route().bucket()
        : Optional.empty();
  }

  private record Operation(String operationId, String method, String path, JsonNode node) {
  }

  private static List<Operation> operations() {
    var all = new ArrayList<Operation>();
    document.path("paths").properties().forEach(path -> METHODS.forEach(method -> {
      var node = path.getValue().path(method);
      if (node.isObject()) {
        all.add(new Operation(node.path("operationId").asText(), method.toUpperCase(Locale.ROOT), path.getKey(),
            node));
      }
    }));
    return all;
  }
}
