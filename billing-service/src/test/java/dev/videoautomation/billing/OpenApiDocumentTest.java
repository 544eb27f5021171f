package dev.videoautomation.billing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.PostgresResource;

/** Billing's own OpenAPI document: what agents' tool-chains read, so its shape is held here (issue 21). */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiDocumentTest {
  private static final List<String> METHODS = List.of("get", "put", "post", "delete", "patch");
  private JsonNode document;

  // Read per test instance: RestAssured knows the application's port only once Quarkus has started.
  @BeforeEach
  void readDocument() throws Exception {
    document = new ObjectMapper().readTree(given().accept("application/json").when()
        .get("/q/openapi?format=json").then().statusCode(200).extract().asString());
  }

  @Test
  void shouldGiveEveryOperationAUniqueCamelCaseIdAndADescribedTag() {
    var ids = new ArrayList<String>();
    document.path("paths").forEach(path -> path.fields().forEachRemaining(entry -> {
      if (METHODS.contains(entry.getKey())) {
        var operation = entry.getValue();
        ids.add(operation.path("operationId").asText());
        assertThat(operation.path("tags").toString()).as(operation.path("operationId").asText())
            .isEqualTo("[\"Billing\"]");
      }
    }));
    assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id.matches("^[a-z][A-Za-z]+$"))
        .containsExactlyInAnyOrder("createCheckoutSession", "getCheckoutStatus", "getPricing", "showCheckoutPage",
            "payCheckoutPage", "receiveStripeWebhook");
    assertThat(document.at("/tags/0/name").asText()).isEqualTo("Billing");
    assertThat(document.at("/tags/0/description").asText()).isNotBlank();
  }

  @Test
  void shouldListOnlySchemasNamedForWhatTheyAre() {
    var names = new ArrayList<String>();
    document.path("components").path("schemas").fieldNames().forEachRemaining(names::add);
    assertThat(names).noneMatch(name -> name.matches(".*\\d$"))
        .doesNotContain("RoutingContext", "HttpServerRequest", "ByteBuf", "Buffer", "Map", "Object")
        .contains("CheckoutSessionStarted", "CheckoutStatus", "Pricing", "StripeWebhookReceipt", "Error");
  }

  @Test
  void shouldDocumentSubscribeAs201WithItsOptionalJsonBody() {
    var subscribe = document.at("/paths/~1v1~1subscribe/post");
    assertThat(subscribe.path("responses").fieldNames()).toIterable().contains("201").doesNotContain("200");
    assertThat(subscribe.at("/responses/201/content/application~1json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/CheckoutSessionStarted");
    assertThat(subscribe.at("/requestBody/required").asBoolean(true)).isFalse();
    assertThat(subscribe.at("/requestBody/content").fieldNames()).toIterable().containsExactly("application/json");
    assertThat(subscribe.at("/requestBody/content/application~1json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/SubscribeRequest");
    assertThat(subscribe.at("/responses/400/content/application~1json/schema/$ref").asText())
        .isEqualTo("#/components/schemas/Error");
  }

  @Test
  void shouldTypeWhatTheStatusAnswersNullAsNullable() {
    var status = document.at("/components/schemas/CheckoutStatus/properties");
    for (var field : List.of("clientId", "credential")) {
      assertThat(status.path(field).path("nullable").asBoolean()).as(field).isTrue();
    }
    for (var schema : List.of("CheckoutSubscription", "CheckoutCredits")) {
      assertThat(document.at("/components/schemas/" + schema + "/nullable").asBoolean()).as(schema).isTrue();
    }
    var poll = document.at("/paths/~1v1~1credits~1status/get");
    assertThat(poll.has("requestBody")).isFalse();
    assertThat(poll.at("/parameters/0/schema/maxLength").asInt()).isEqualTo(64);
  }

  @Test
  void shouldKeepTheCheckoutPageAndTheStripeWebhookOutOfAgentTools() {
    for (var pointer : List.of("/paths/~1checkout~1{sessionId}/get", "/paths/~1checkout~1{sessionId}/post",
        "/paths/~1v1~1billing~1webhooks~1stripe/post")) {
      assertThat(document.at(pointer + "/x-mcp").isBoolean()).as(pointer).isTrue();
      assertThat(document.at(pointer + "/x-mcp").asBoolean(true)).as(pointer).isFalse();
    }
    assertThat(document.at("/paths/~1v1~1billing~1webhooks~1stripe/post/requestBody/content").fieldNames())
        .toIterable().containsExactly("application/json");
    assertThat(document.at("/paths/~1v1~1pricing/get").has("x-mcp")).isFalse();
  }
}
