package dev.videoautomation.scrape;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;

import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.TestTokens;

/** The simulated provider and media-service (one WireMock on loopback), and callers with internal tokens. */
public final class Simulated {
  public static final String CLIENT = "cli_scrapeTestClient0000001";
  public static final String CDN = "http://localhost:8080/cdn/";
  public static final ObjectMapper JSON = new ObjectMapper();

  private Simulated() {
  }

  /** A test resource under upstream/, its media URLs pointing at {@code server}. */
  public static String upstream(String name, WireMockServer server) {
    try (var in = Simulated.class.getResourceAsStream("/upstream/" + name + ".json")) {
      if (in == null) {
        throw new IllegalArgumentException("No upstream/" + name + ".json");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("{{base}}", server.baseUrl());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static JsonNode tree(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The provider answers {@code GET path} with {@code body}. */
  public static void provider(WireMockServer server, String path, String body) {
    server.stubFor(get(urlPathEqualTo(path)).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody(body)));
  }

  /** Media stages every URL, answering a fresh CDN URL per call (a response template), after {@code delayMs}. */
  public static void mediaStages(WireMockServer server, int delayMs) {
    server.stubFor(post(urlPathEqualTo("/internal/staging/url")).willReturn(aResponse().withStatus(201)
        .withHeader("Content-Type", "application/json").withFixedDelay(delayMs)
        .withBody("{\"id\": \"med_{{randomValue length=22 type='ALPHANUMERIC'}}\", \"url\": \"" + CDN
            + "m/med_{{randomValue length=22 type='ALPHANUMERIC'}}/file\", \"contentType\": \"video/mp4\", "
            + "\"sizeBytes\": 18342211, \"durationSeconds\": 14.93, \"width\": 720, \"height\": 1280, "
            + "\"sourceUrl\": \"{{jsonPath request.body '$.url'}}\", \"createdAt\": 1763700000000, "
            + "\"someFutureField\": true}")
        .withTransformers("response-template")));
  }

  public static RequestSpecification asClient() {
    return asClient(CLIENT);
  }

  public static RequestSpecification asClient(String clientId) {
    return given().auth().oauth2(TestTokens.forClient(clientId, Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  public static RequestSpecification asService(String name) {
    return given().auth().oauth2(TestTokens.forService(name)).contentType("application/json");
  }

  /** Every string in {@code node} (with its JSON path) that starts with http:// or https://. */
  public static List<String> httpStrings(JsonNode node) {
    var found = new ArrayList<String>();
    collect(node, found);
    return found;
  }

  private static void collect(JsonNode node, List<String> found) {
    if (node.isTextual() && node.asText().matches("(?i)^https?://.*")) {
      found.add(node.asText());
    }
    node.forEach(child -> collect(child, found));
  }
}
