package dev.videoautomation.gateway.mcp;

import java.util.List;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.videoautomation.platform.openapi.Toolset;

/**
 * One operation of the merged OpenAPI document as an MCP tool: what the client sees (name, title, description,
 * schemas, hints) and what a call needs to become the HTTP request (method, path template, which arguments are
 * path and query parameters and how each is serialized, whether a JSON body goes along). {@code keyless} is true when
 * the operation's {@code security} lets a caller without a key in, so a session without one sees the tool.
 * {@code toolset} is the operation's {@code x-toolset} (null when the document names none or a set this gateway does
 * not know: such a tool is listed as if in the default). {@code bodyDefaults} are the body members filled in when a
 * call leaves them out ({@code x-mcp-body-defaults}, null for none); {@code rawMembers} the answer's members left out
 * of the result unless the call sends {@code raw: true} ({@code x-mcp-raw-members}); {@code pagesByLimit} whether a
 * result over the cap is read again with a smaller {@code limit} (judged on the full answer schema, which the listed
 * output schema no longer shows).
 */
record OperationTool(String name, String method, String path, String title, String description,
    ObjectNode inputSchema, ObjectNode outputSchema, List<String> pathParameters,
    List<QueryParameter> queryParameters, boolean takesBody, boolean keyless, Toolset toolset,
    ObjectNode bodyDefaults, List<String> rawMembers, boolean pagesByLimit) {
  /** The upload-by-URL operation: fetches a file from any site. */
  static final String STAGE_FROM_URL = "stageMediaFromUrl";
  /** Key or secret rotation, revocation, cancelling, deleting, archiving: what cannot be taken back. */
  private static final Pattern DESTROYING = Pattern.compile("^(rotate|revoke|cancel|delete|archive)[A-Z].*");

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

  /**
   * A {@code DELETE}, or an operation that rotates or revokes a key or secret, cancels, deletes or archives (by its
   * operationId: {@code rotateApiKey}, {@code revokeLeakedApiKey}, {@code cancelJob}, {@code rotateWebhookSecret}).
   */
  boolean destructive() {
    return method.equals("DELETE") || DESTROYING.matcher(name).matches();
  }

  /**
   * Whether the tool reaches sites outside this API: scraping and importing (the {@code scrape} set), staging from a
   * URL, and generating through a provider (the {@code create} set's POSTs).
   */
  boolean openWorld() {
    return method.equals("POST")
        && (toolset == Toolset.SCRAPE || toolset == Toolset.CREATE || name.equals(STAGE_FROM_URL));
  }

  /** HTTP's idempotent methods (RFC 9110 §9.2.2): repeating the call has the effect of making it once. */
  boolean idempotent() {
    return method.equals("GET") || method.equals("PUT") || method.equals("DELETE");
  }
}
