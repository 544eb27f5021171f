package dev.videoautomation.platform.providers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A provider's answer, whatever its status: the body is read whole (provider answers are small JSON documents). */
public final class ProviderAnswer {
  /** How providers say the account behind the key has run dry (OpenAI, Groq, fal and others), in any status. */
  private static final List<String> EXHAUSTED = List.of("insufficient_quota", "exhausted balance",
      "insufficient balance");
  private static final int MAX_DETAIL = 300;

  private final int status;
  private final byte[] body;
  private final ObjectMapper json;
  private JsonNode parsed;
  private boolean parsedOnce;

  ProviderAnswer(int status, byte[] body, ObjectMapper json) {
    this.status = status;
    this.body = body == null ? new byte[0] : body;
    this.json = json;
  }

  public int status() {
    return status;
  }

  public boolean succeeded() {
    return status >= 200 && status < 300;
  }

  public byte[] body() {
    return body.clone();
  }

  /**
   * The body as JSON: a missing node when the body is empty, null when it is not JSON.
   */
  public JsonNode json() {
    if (!parsedOnce) {
      parsedOnce = true;
      try {
        parsed = json.readTree(body);
      } catch (IOException | RuntimeException e) {
        parsed = null;
      }
    }
    return parsed;
  }

  /** Whether the body speaks of an exhausted balance or quota (the answer's status aside). */
  public boolean mentionsExhaustedBalance() {
    var text = new String(body, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
    return EXHAUSTED.stream().anyMatch(text::contains);
  }

  /**
   * The provider's own words about a failure, shortened: fal's {@code detail} (text, or the first {@code msg}),
   * a top-level {@code message}, or OpenAI's {@code error} (text, or {@code code} and {@code message}); empty when
   * there are none.
   */
  public String detail() {
    var node = json();
    if (node == null || !node.isObject()) {
      return "";
    }
    String text;
    var detail = node.path("detail");
    var error = node.path("error");
    if (detail.isTextual()) {
      text = detail.asText();
    } else if (detail.isArray()) {
      text = detail.path(0).path("msg").asText("");
    } else if (node.path("message").isTextual()) {
      text = node.path("message").asText();
    } else if (error.isTextual()) {
      text = error.asText();
    } else {
      var code = error.path("code").asText("");
      text = (code.isEmpty() ? "" : code + " ") + error.path("message").asText("");
    }
    text = text.strip();
    return text.length() > MAX_DETAIL ? text.substring(0, MAX_DETAIL) + "…" : text;
  }
}
