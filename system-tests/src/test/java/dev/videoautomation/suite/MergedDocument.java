package dev.videoautomation.suite;

import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The gateway's merged {@code /v1/openapi.json} once every service has given its document. Right after the suite
 * starts the gateway may still hold a partial merge (read at its own start, before the owners listened; kept a few
 * seconds and marked {@code info.x-missing-services}), so tests that compare against the whole document wait it out.
 */
final class MergedDocument {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(20);

  private MergedDocument() {
  }

  /** The served text of the whole document, or the last partial one when the wait runs out. */
  static String text() throws InterruptedException {
    var deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      var text = Agents.gateway().when().get("/v1/openapi.json").then().statusCode(200).extract().asString();
      if (!parse(text).path("info").has("x-missing-services") || System.nanoTime() > deadline) {
        return text;
      }
      Thread.sleep(500);
    }
  }

  static JsonNode document() throws InterruptedException {
    return parse(text());
  }

  private static JsonNode parse(String text) {
    try {
      return JSON.readTree(text);
    } catch (java.io.IOException e) {
      throw new AssertionError("/v1/openapi.json is not JSON", e);
    }
  }
}
