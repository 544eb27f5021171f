package dev.videoautomation.gateway.mcp;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One operation of the merged OpenAPI document as an MCP tool: what the client sees (name, title, description,
 * schemas, hints) and what a call needs to become the HTTP request (method, path template, which arguments are
 * path and query parameters, whether a JSON body goes along). {@code keyless} is true when the operation's
 * {@code security} lets a caller without a key in, so a session without one sees the tool.
 */
record OperationTool(String name, String method, String path, String title, String description,
    ObjectNode inputSchema, ObjectNode outputSchema, List<String> pathParameters, List<String> queryParameters,
    boolean takesBody, boolean keyless) {

  /** The extra argument of GET tools: query parameters the description names but the document lists by pattern. */
  static final String QUERY = "query";
  /** The JSON body of the operation, under one argument beside the parameters. */
  static final String BODY = "body";
  /** Sent as {@code Idempotency-Key} on POSTs. */
  static final String IDEMPOTENCY_KEY = "idempotencyKey";

  boolean readOnly() {
    return method.equals("GET");
  }

  boolean destructive() {
    return method.equals("DELETE");
  }

  /** HTTP's idempotent methods (RFC 9110 §9.2.2): repeating the call has the effect of making it once. */
  boolean idempotent() {
    return method.equals("GET") || method.equals("PUT") || method.equals("DELETE");
  }
}
