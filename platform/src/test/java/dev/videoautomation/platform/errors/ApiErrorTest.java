package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class ApiErrorTest {
  private static final String DEFAULT_MESSAGE = "Nothing is found at /v1/posts/pst_x.";
  private final ObjectMapper mapper = new ObjectMapper();

  @Test
  void shouldSerialiseToErrorAndMessageOnlyWithoutTheStatus() throws JsonProcessingException {
    var json = mapper.writeValueAsString(ApiError.of(ErrorCode.NOT_FOUND, DEFAULT_MESSAGE));

    assertThat(json).isEqualTo("{\"error\":\"not_found\",\"message\":\"" + DEFAULT_MESSAGE + "\"}");
  }

  @Test
  void shouldSerialiseExtrasAsTopLevelFieldsAfterErrorAndMessage() throws JsonProcessingException {
    var error = ApiError.of(ErrorCode.RATE_LIMITED, "The daily limit of watch is used up.")
        .with("limit", 50)
        .with("retryAfter", 3600L)
        .withSetup("Wait for the reset.");

    var node = mapper.readTree(mapper.writeValueAsString(error));

    var names = fieldNames(node);
    assertThat(names.subList(0, 2)).containsExactly("error", "message");
    assertThat(names.subList(2, names.size())).containsExactlyInAnyOrder("limit", "retryAfter", "setup");
    assertThat(node.get("error").asText()).isEqualTo("rate_limited");
    assertThat(node.get("message").asText()).isEqualTo("The daily limit of watch is used up.");
    assertThat(node.get("limit").asInt()).isEqualTo(50);
    assertThat(node.get("retryAfter").asLong()).isEqualTo(3600L);
    assertThat(node.get("setup").asText()).isEqualTo("Wait for the reset.");
    assertThat(node.has("status")).isFalse();
  }

  @Test
  void shouldSerialiseAListExtraAsAJsonArray() throws JsonProcessingException {
    var error = ApiError.invalidField("name", "must not be blank").with("fields", List.of("count", "name"));

    var node = mapper.readTree(mapper.writeValueAsString(error));

    assertThat(node.get("fields").isArray()).isTrue();
    assertThat(node.get("fields")).extracting(JsonNode::asText).containsExactly("count", "name");
  }

  @Test
  void shouldNameTheFieldOfAnInvalidFieldInMessageAndField() {
    var error = ApiError.invalidField("tags[0].key", "must not be blank");

    assertThat(error.status()).isEqualTo(400);
    assertThat(error.getError()).isEqualTo("invalid_request");
    assertThat(error.getMessage()).isEqualTo("Field 'tags[0].key' must not be blank.");
    assertThat(error.extra()).containsExactly(java.util.Map.entry("field", "tags[0].key"));
  }

  @Test
  void shouldTakeTheStatusFromTheCode() {
    assertThat(ApiError.of(ErrorCode.PROVIDER_NOT_CONFIGURED, "x").status()).isEqualTo(503);
    assertThat(ApiError.of(ErrorCode.INSUFFICIENT_CREDITS, "x").status()).isEqualTo(402);
  }

  @Test
  void shouldLeaveTheOriginalUnchangedWhenAddingAnExtra() {
    var original = ApiError.of(ErrorCode.UPSTREAM_ERROR, "The provider failed.");

    var withSetup = original.withSetup("Set PROVIDER_KEY.");

    assertThat(original.extra()).isEmpty();
    assertThat(withSetup.extra()).containsEntry("setup", "Set PROVIDER_KEY.");
    assertThat(withSetup.getError()).isEqualTo("upstream_error");
    assertThat(withSetup.status()).isEqualTo(502);
  }

  @Test
  void shouldIgnoreANullExtra() throws JsonProcessingException {
    var error = ApiError.of(ErrorCode.UPSTREAM_ERROR, "The provider failed.").withSetup(null).with("limit", null);

    assertThat(error.extra()).isEmpty();
    assertThat(fieldNames(mapper.readTree(mapper.writeValueAsString(error)))).containsExactly("error", "message");
  }

  @Test
  void shouldReplaceAnExtraGivenTwice() {
    var error = ApiError.of(ErrorCode.RATE_LIMITED, "x").with("limit", 50).with("limit", 100);

    assertThat(error.extra()).containsExactly(java.util.Map.entry("limit", 100));
  }

  @Test
  void shouldChangeOnlyTheStatusWithStatus() {
    var error = ApiError.of(ErrorCode.INVALID_REQUEST, "Gone.").with("field", "id").withStatus(410);

    assertThat(error.status()).isEqualTo(410);
    assertThat(error.getError()).isEqualTo("invalid_request");
    assertThat(error.getMessage()).isEqualTo("Gone.");
    assertThat(error.extra()).containsEntry("field", "id");
  }

  @Test
  void shouldNotLetACallerChangeTheExtrasThroughTheirCopy() {
    var error = ApiError.of(ErrorCode.RATE_LIMITED, "x").with("limit", 50);

    error.extra().put("limit", 1);
    error.extra().put("other", "y");

    assertThat(error.extra()).containsExactly(java.util.Map.entry("limit", 50));
  }

  private static List<String> fieldNames(JsonNode node) {
    var names = new java.util.ArrayList<String>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
