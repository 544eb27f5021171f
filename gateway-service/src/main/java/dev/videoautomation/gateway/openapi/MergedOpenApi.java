package dev.videoautomation.gateway.openapi;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.logging.Log;
import io.quarkus.smallrye.openapi.runtime.OpenApiConstants;
import io.quarkus.smallrye.openapi.runtime.OpenApiDocumentService;
import io.smallrye.openapi.runtime.io.Format;

import dev.videoautomation.platform.config.SuiteConfig;
import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.platform.http.ApiVersion;

/**
 * One OpenAPI document (3.0.3) for the whole API: every service's {@code /q/openapi} merged ({@link DocumentMerge}),
 * the gateway's own read in process (its {@code /q/openapi} is not served to anyone: a caller gets the merged
 * document at {@code /v1/openapi.json}),
 * the date version as {@code info.version}, the public base URL as the one server, and what the gateway decides
 * for each operation, from its route ({@link GatewayAnswers}). Cached for a minute (a few seconds when a service did
 * not answer, which is then named in {@code info.x-missing-services}). Anything that did not merge cleanly is named
 * in {@code info.x-merge-conflicts}; the committed snapshot of the document refuses both.
 */
@ApplicationScoped
public class MergedOpenApi {
  static final Duration CACHE = Duration.ofSeconds(60);
  static final Duration CACHE_WHEN_PARTIAL = Duration.ofSeconds(5);
  static final Duration FETCH_TIMEOUT = Duration.ofSeconds(3);

  private final GatewayConfig config;
  private final GatewayAnswers gatewayAnswers;
  private final OpenApiDocumentService ownDocument;
  private final ObjectMapper json;
  private final String publicBaseUrl;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(FETCH_TIMEOUT).build();
  private volatile Cached cached;

  MergedOpenApi(GatewayConfig config, GatewayAnswers gatewayAnswers, OpenApiDocumentService ownDocument,
      ObjectMapper json, SuiteConfig suite) {
    this.config = config;
    this.gatewayAnswers = gatewayAnswers;
    this.ownDocument = ownDocument;
    this.json = json;
    this.publicBaseUrl = suite.publicBaseUrl().replaceAll("/+$", "");
  }

  private record Cached(ObjectNode document, long expiresAt) {
  }

  /**
   * The document an HTTP caller gets: a partial merge is kept a few seconds, so a service that is down is not asked
   * on every request.
   */
  public ObjectNode document() {
    return read(true);
  }

  /**
   * The document for a reader in the background (the MCP tools, read from the gateway's start on): a partial merge
   * is answered but not kept, so one read before the owners listen cannot hide their operations from the next caller.
   */
  public ObjectNode documentKeepingOnlyWhole() {
    return read(false);
  }

  private ObjectNode read(boolean keepPartial) {
    var current = cached;
    if (current != null && current.expiresAt() > System.currentTimeMillis()) {
      return current.document();
    }
    var missing = new ArrayList<String>();
    var document = merge(fetchAll(missing), missing);
    if (missing.isEmpty() || keepPartial) {
      var life = missing.isEmpty() ? CACHE : CACHE_WHEN_PARTIAL;
      cached = new Cached(document, System.currentTimeMillis() + life.toMillis());
    }
    return document;
  }

  private Map<String, JsonNode> fetchAll(List<String> missing) {
    var sources = new LinkedHashMap<String, URI>();
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
    try {
      // Quarkus' own document of this application, as its /q/openapi handler would answer it.
      documents.put("gateway", json.readTree(ownDocument.getDocument(OpenApiConstants.DEFAULT_DOCUMENT_NAME,
          Format.JSON)));
    } catch (Exception e) {
      Log.warnf("The gateway's own OpenAPI document could not be read: %s", e.getMessage());
      missing.add("gateway-service");
    }
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

  /**
   * The merged document of {@code documents} (service name → its document); {@code missing} names the services
   * that did not answer.
   */
  public ObjectNode merge(Map<String, JsonNode> documents, List<String> missing) {
    var merged = json.createObjectNode();
    merged.put("openapi", "3.0.3");
    var info = merged.putObject("info");
    info.put("title", "Video Automation Service API");
    info.put("version", ApiVersion.CURRENT);
    info.put("description", introduction());
    if (!missing.isEmpty()) {
      var list = info.putArray("x-missing-services");
      missing.forEach(list::add);
    }
    var server = merged.putArray("servers").addObject();
    server.put("url", publicBaseUrl);
    server.put("description", environment() + ": the gateway, the one address of every path (PUBLIC_BASE_URL).");
    server.put("x-internal", false);
    merged.putObject("components"); // GatewayAnswers defines the security schemes in it
    var merge = new DocumentMerge(merged);
    documents.forEach((service, document) -> merge.add(service, document.deepCopy()));
    var conflicts = new ArrayList<>(merge.conflicts());
    gatewayAnswers.describe(merged, conflicts::add);
    if (!conflicts.isEmpty()) {
      Log.errorf("The merged OpenAPI document has conflicts: %s", conflicts);
      var list = info.putArray("x-merge-conflicts");
      conflicts.forEach(list::add);
    }
    StableOrder.apply(merged);
    return merged;
  }

  /** The intro Swagger UI shows: Markdown, every literal in a code span (a bare {@code <key>} would be HTML). */
  private String introduction() {
    return """
        Every public path of the Video Automation Service in one document; agents call it directly.

        **Keys.** Send your API key as `Authorization: Bearer <key>` or `X-Api-Key: <key>` ("Authorize" takes
        either); both headers together must carry the same key (two different credentials are 400
        `invalid_request`). Get one with `POST /v1/auth/agent` (anonymous, read-only) and claim it for
        `api.write`. Each operation's `security` says what it takes: nothing on public operations, a key or none
        on `POST /v1/subscribe`, a key everywhere else.

        **Errors.** Every error is `{"error": "<code>", "message": "…"}` (`application/problem+json` on
        `/v1/auth/agent/**`); [/docs/errors](/docs/errors) explains each code.

        **Headers.** Every answer carries `Service-Version` (the date version, as `info.version`) and
        `X-Request-Id`. Metered operations answer `RateLimit-Policy` and `RateLimit` (IETF
        draft-ietf-httpapi-ratelimit-headers-11: `"scrape";q=500;w=86400`, `"scrape";r=499;t=3600`), with
        `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` kept beside them for compatibility, and 429
        `rate_limited` with `Retry-After` once their daily bucket is used up (`GET /v1/usage`).

        **Sizes.** The path and query string up to %d bytes (414 `uri_too_long`), headers up to %d bytes
        together (431 `headers_too_large`), bodies up to %d bytes and uploads up to %d bytes (413
        `payload_too_large`); each such answer carries the limit."""
        .formatted(config.maxUriBytes(), config.maxHeaderBytes(), config.maxBodyBytes(), config.maxUploadBytes());
  }

  /** The environment the server entry names: the setting, else "local" on a loopback address, else production. */
  private String environment() {
    return config.environment().orElseGet(() -> {
      var host = URI.create(publicBaseUrl).getHost();
      return host == null || host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]")
          ? "Local run" : "Production";
    });
  }
}
