package dev.videoautomation.gateway.mcp;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One operation of the merged OpenAPI document as an MCP tool: what the client sees (name, title, description,
 * schemas, hints) and what a call needs to become the HTTP request (method, path template, which arguments are
 * path and query parameters and how each is serialized, whether a JSON body goes along). {@code keyless} is true when
 * the operation's {@code security} lets a caller without a key in, so a session without one sees the tool.
 * {@code bodyDefaults} are the body members filled in when a call leaves them out ({@code x-mcp-body-defaults}, null
 * for none); {@code rawMembers} the answer's members left out of the result unless the call sends {@code raw: true}
 * ({@code x-mcp-raw-members}).
 */
record OperationTool(String name, String method, String path, String title, String description,
    ObjectNode inputSchema, ObjectNode outputSchema, List<String> pathParameters,
    List<QueryParameter> queryParameters, boolean takesBody, boolean keyless, ObjectNode bodyDefaults,
    List<String> rawMembers) {

  OperationTool(String name, String method, String path, String title, String description, ObjectNode inputSchema,
      ObjectNode outputSchema, List<String> pathParameters, List<QueryParameter> queryParameters, boolean takesBody,
      boolean keyless) {
    this(name, method, path, title, description, inputSchema, outputSchema, pathParameters, queryParameters,
        takesBody, keyless, null, List.of());
  }

  /**
   * A query parameter as OpenAPI 3.0 serializes it (§4.7.12.4): {@code style} {@code form} (the default),
   * {@code spaceDelimited}, {@code pipeDelimited} or {@code deepObject}, and whether it is {@code explode}d.
   */
  record QueryParameter(String name, String style, boolean explode) {
    static final String FORM = "form";
    static final String DEEP_OBJECT = "deepObject";
  }

  /**
   * The extra argument of a GET tool whose operation declares no object-valued query parameter: query parameters
   * that an operation's description names by pattern rather than declaring them.
   */
  static final String QUERY = "query";
  /** The JSON body of the operation, under one argument beside the parameters. */
  static final String BODY = "body";
  /** Sent as {@code Idempotency-Key} on POSTs. */
  static final String IDEMPOTENCY_KEY = "idempotencyKey";
  /** Sent as {@code Prefer: wait=N} where the operation declares {@code Prefer} (job reads, creating POSTs). */
  static final String WAIT = "wait";
  /** Sent as {@code Max-Credits} where the operation declares it (credit-charging operations, issue 32). */
  static final String MAX_CREDITS = "maxCredits";
  /** Where the operation declares {@code x-mcp-raw-members}: true keeps those members in the result. */
  static final String RAW = "raw";
  /** The query parameter of a list's page size, which a list over the result cap is read again with. */
  static final String LIMIT = "limit";

  /** Whether this tool has the {@link #QUERY} argument (and no declared parameter of that name). */
  boolean takesMoreQuery() {
    return inputSchema.path("properties").has(QUERY)
        && queryParameters.stream().noneMatch(parameter -> parameter.name().equals(QUERY));
  }

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
