package dev.videoautomation.gateway.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.gateway.info.DiscoveryTag;

/**
 * The part of the gateway's document no resource of its own declares: the {@code /docs} page (Swagger UI serves it)
 * and the description of the gateway's tag. Pages for people are marked {@code x-mcp: false}, so a tool registry
 * built from the document does not offer them to agents as operations.
 */
public final class GatewayPages {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private GatewayPages() {
  }

  static ObjectNode document() {
    var document = NODES.objectNode();
    document.putArray("tags").addObject().put("name", DiscoveryTag.NAME)
        .put("description", "What this API is (`/v1/info`, this "
        + "document, `/docs`, `/docs/errors`) and the caller's daily usage (`/v1/usage`).");
    var docs = document.putObject("paths").putObject("/docs").putObject("get");
    docs.putArray("tags").add(DiscoveryTag.NAME);
    docs.put("operationId", "getApiDocsPage");
    docs.put("summary", "This document for people (Swagger UI)");
    docs.put("description", "An HTML page that renders `/v1/openapi.json`; \"Authorize\" takes a key for every "
        + "keyed operation.");
    docs.put("x-mcp", false);
    var responses = docs.putObject("responses");
    var ok = responses.putObject("200").put("description", "The page");
    ok.putObject("content").putObject("text/html").putObject("schema").put("type", "string")
        .put("maxLength", 100_000);
    var moved = responses.putObject("302").put("description", "The page is at `/docs/`: `Location` says so.");
    moved.putObject("headers").putObject("Location").put("description", "Where the page is.").putObject("schema")
        .put("type", "string").put("maxLength", 2000);
    return document;
  }
}
