package dev.videoautomation.gateway.openapi;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.logging.Log;
import io.quarkus.vertx.http.HttpServer;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.platform.http.ApiVersion;

/**
 * One OpenAPI document for the whole API: every service's {@code /q/openapi} merged, internal and management paths
 * left out, clashing component names made unique per service, the date version as {@code info.version}. Cached for a
 * minute (a few seconds when a service did not answer, which is then named in {@code info.x-missing-services}).
 * The answers the gateway gives itself (size limits, credential routes) are added by {@link GatewayAnswers}.
 */
@ApplicationScoped
public class MergedOpenApi {
  static final Duration CACHE = Duration.ofSeconds(60);
  static final Duration CACHE_WHEN_PARTIAL = Duration.ofSeconds(5);
  static final Duration FETCH_TIMEOUT = Duration.ofSeconds(3);

  private final GatewayConfig config;
  private final GatewayAnswers gatewayAnswers;
  private final HttpServer server;
  private final ObjectMapper json;
  private final String publicBaseUrl;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(FETCH_TIMEOUT).build();
  private volatile Cached cached;

  MergedOpenApi(GatewayConfig config, GatewayAnswers gatewayAnswers, HttpServer server, ObjectMapper json,
      @ConfigProperty(name = "public-base-url") String publicBaseUrl) {
    this.config = config;
    this.gatewayAnswers = gatewayAnswers;
    this.server = server;
    this.json = json;
    this.publicBaseUrl = publicBaseUrl.replaceAll("/+$", "");
  }

  private record Cached(ObjectNode document, long expiresAt) {
  }

  public ObjectNode document() {
    var current = cached;
    if (current != null && current.expiresAt() > System.currentTimeMillis()) {
      return current.document();
    }
    var missing = new ArrayList<String>();
    var document = merge(fetchAll(missing), missing);
    var life = missing.isEmpty() ? CACHE : CACHE_WHEN_PARTIAL;
    cached = new Cached(document, System.currentTimeMillis() + life.toMillis());
    return document;
  }

  private Map<String, JsonNode> fetchAll(List<String> missing) {
    var sources = new LinkedHashMap<String, URI>();
    sources.put("gateway", URI.create("http://127.0.0.1:" + server.getPort()));
    for (var owner : Owner.values()) {
      if (owner != Owner.GATEWAY) {
        sources.put(owner.configName(), config.owners().get(owner.configName()));
      }
    }
    var pending = new LinkedHashMap<String, CompletableFuture<HttpResponse<byte[]>>>();
    sources.forEach((name, base) -> pending.put(name, http.sendAsync(HttpRequest.newBuilder(
        base.resolve("/q/openapi?format=json")).timeout(FETCH_TIMEOUT).header("Accept", "application/json").build(),
        HttpResponse.BodyHandlers.ofByteArray())));
    var documents = new LinkedHashMap<String, JsonNode>();
    pending.forEach((name, future) -> {
      try {
        var response = future.join();
        if (response.statusCode() == 200) {
          documents.put(name, json.readTree(response.body()));
          return;
        }
        Log.warnf("%s answered %d for its OpenAPI document", name, response.statusCode());
      } catch (Exception e) {
        Log.warnf("%s did not give its OpenAPI document: %s", name, e.getMessage());
      }
      missing.add(name + "-service");
    });
    return documents;
  }

  public ObjectNode merge(Map<String, JsonNode> documents, List<String> missing) {
    var merged = json.createObjectNode();
    merged.put("openapi", "3.0.3");
    var info = merged.putObject("info");
    info.put("title", "Video Automation Service API");
    info.put("version", ApiVersion.CURRENT);
    info.put("description", "One document for every public path. Send keys as Authorization: Bearer <key> or "
        + "X-Api-Key: <key>; register for one at POST /v1/auth/agent. Every response carries Service-Version.");
    if (!missing.isEmpty()) {
      var list = info.putArray("x-missing-services");
      missing.forEach(list::add);
    }
    merged.putArray("servers").addObject().put("url", publicBaseUrl);
    var paths = merged.putObject("paths");
    var components = merged.putObject("components");
    var schemes = components.putObject("securitySchemes");
    schemes.putObject("bearer").put("type", "http").put("scheme", "bearer")
        .put("description", "An API key (svc_live_... or svc_anon_...) as a bearer token.");
    schemes.putObject("apiKey").put("type", "apiKey").put("in", "header").put("name", "X-Api-Key");
    documents.forEach((service, document) -> add(service, document.deepCopy(), paths, components));
    gatewayAnswers.describe(merged);
    return merged;
  }

  private static void add(String service, JsonNode document, ObjectNode paths, ObjectNode components) {
    var tag = Character.toUpperCase(service.charAt(0)) + service.substring(1);
    var ownComponents = document.path("components");
    // Same name, other content: this service's copy gets a prefixed name and its references follow.
    ownComponents.fieldNames().forEachRemaining(type -> {
      var mine = ownComponents.path(type);
      var theirs = components.path(type);
      var renames = new LinkedHashMap<String, String>();
      mine.fieldNames().forEachRemaining(name -> {
        if (theirs.has(name) && !theirs.get(name).equals(mine.get(name))) {
          renames.put(name, tag + name);
        }
      });
      renames.forEach((from, to) -> rewriteRefs(document, "#/components/" + type + "/" + from,
          "#/components/" + type + "/" + to));
      var target = components.has(type) ? (ObjectNode) components.get(type) : components.putObject(type);
      document.path("components").path(type).fields().forEachRemaining(entry ->
          target.set(renames.getOrDefault(entry.getKey(), entry.getKey()), entry.getValue()));
    });
    document.path("paths").fields().forEachRemaining(entry -> {
      var path = entry.getKey();
      if (path.startsWith("/internal") || path.startsWith("/q/") || path.equals("/q")) {
        return;
      }
      var operations = (ObjectNode) entry.getValue();
      operations.fields().forEachRemaining(operation -> {
        if (operation.getValue() instanceof ObjectNode node && !node.has("tags")) {
          node.putArray("tags").add(tag);
        }
      });
      var existing = paths.get(path);
      if (existing instanceof ObjectNode existingNode) {
        existingNode.setAll(operations);
      } else {
        paths.set(path, operations);
      }
    });
  }

  private static void rewriteRefs(JsonNode node, String from, String to) {
    if (node instanceof ObjectNode object) {
      Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
      var replacements = new LinkedHashMap<String, JsonNode>();
      while (fields.hasNext()) {
        var field = fields.next();
        if ("$ref".equals(field.getKey()) && from.equals(field.getValue().asText())) {
          replacements.put(field.getKey(), TextNode.valueOf(to));
        } else {
          rewriteRefs(field.getValue(), from, to);
        }
      }
      replacements.forEach(object::set);
    } else if (node != null && node.isArray()) {
      node.forEach(child -> rewriteRefs(child, from, to));
    }
  }
}
