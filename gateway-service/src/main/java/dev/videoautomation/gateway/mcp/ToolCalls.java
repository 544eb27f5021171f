package dev.videoautomation.gateway.mcp;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkiverse.mcp.server.MetaKey;
import io.quarkiverse.mcp.server.Progress;
import io.quarkiverse.mcp.server.RequestId;
import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.events.ChangeEvents;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.jobs.JobWatch;
import dev.videoautomation.gateway.jobs.Preferences;
import dev.videoautomation.gateway.proxy.InProcessExchange;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * A {@code tools/call} made into the REST call it stands for, run in process through the gateway's own request path
 * ({@link GatewayCalls}), and its answer made into a tool result: a 2xx JSON answer as {@code structuredContent} (and
 * as text); any other answer as an {@code isError} result carrying the API's error body ({@code error},
 * {@code message}, {@code field}, {@code setup}, {@code retryAfter}, ...). An answer's {@code Credits-Remaining} (a
 * credit-charging operation's, issue 32) goes into the result's {@code _meta} as {@code creditsRemaining}.
 *
 * <p>A result is at most {@code gateway.mcp.result-cap-bytes} of JSON (issue 33): a list ({@code {data: [...],
 * nextCursor}} of a GET that takes {@code limit}) over it is read again with a {@code limit} that fits, so its
 * {@code nextCursor} is the owner's own; any other answer over it becomes {@code {truncated: true, preview,
 * resource}}, the whole answer kept behind the {@code resource_link} ({@link StoredResults}, {@link ResultLinks}).
 */
@ApplicationScoped
class ToolCalls {
  static final String CREDITS_REMAINING = "Credits-Remaining";
  static final MetaKey CREDITS_REMAINING_META = MetaKey.of("creditsRemaining");
  /** How many times a list over the cap is read again with a smaller {@code limit} before it is truncated. */
  private static final int LIST_READS = 3;
  /** Room kept for the {@code nextCursor} a shorter page gets (keyset cursors are well under it). */
  private static final int CURSOR_ROOM = 1024;
  /** The preview is at most this share of the cap: an eighth, 12,800 bytes by default. */
  private static final int PREVIEW_SHARE = 8;

  private final GatewayCalls calls;
  private final McpRequest request;
  private final int maxUriBytes;
  private final JobWatch watch;
  private final Vertx vertx;
  private final StoredResults stored;
  private final int resultCap;
  private final int storeCap;
  private final long keptMinutes;

  ToolCalls(GatewayCalls calls, McpRequest request, GatewayConfig config, JobWatch watch, Vertx vertx,
      StoredResults stored) {
    this.watch = watch;
    this.vertx = vertx;
    this.stored = stored;
    this.resultCap = config.mcp().resultCapBytes();
    this.storeCap = config.mcp().resultStoreBytes();
    this.keptMinutes = Math.max(1, config.mcp().resultKeep().toMinutes());
    this.calls = calls;
    this.request = request;
    this.maxUriBytes = config.maxUriBytes();
  }

  /**
   * Runs on the event loop, inside the MCP request's context ({@link McpRequest}). Arguments are
   * checked before anything is sent (a repeated key, a missing required one, one that breaks its schema or cannot
   * go into the request target), each refusal an {@code isError} result naming the argument as the API names a field.
   */
  Uni<ToolResponse> call(OperationTool tool, ArgumentChecks checks, ToolManager.ToolArguments arguments) {
    var args = arguments.args() == null ? Map.<String, Object>of() : arguments.args();
    var progress = arguments.progress();
    return Uni.createFrom().completionStage(answer(tool, checks, args, arguments.requestId(),
        progress.token().isPresent() ? progress : null, request.current()).toCompletionStage());
  }

  /**
   * The tool result of calling {@code tool} with {@code args} on the {@code /mcp} request {@code context}, on its
   * event loop: what {@link #call} answers, and what {@link PlainToolCalls} answers without the MCP server.
   * {@code progress} is null when the caller asked for none.
   */
  Future<ToolResponse> answer(OperationTool tool, ArgumentChecks checks, Map<String, Object> args, RequestId id,
      Progress progress, RoutingContext context) {
    var refused = refusal(context, tool, checks, id, args);
    if (refused != null) {
      return Future.succeededFuture(refused);
    }
    var target = target(tool, args);
    if (target.length() > maxUriBytes) {
      return Future.succeededFuture(error(new JsonObject().put("error", ErrorCode.INVALID_REQUEST.code())
          .put("message", "Field '" + target.longest() + "' makes the request target " + target.length()
              + " bytes long; at most " + maxUriBytes + " are accepted.")
          .put("field", target.longest()).put("limit", maxUriBytes)));
    }
    var headers = new LinkedHashMap<String, String>();
    if (args.get(OperationTool.IDEMPOTENCY_KEY) instanceof Object key && tool.method().equals("POST")) {
      headers.put(IdempotentRequests.HEADER, key.toString());
    }
    var body = tool.takesBody() && args.containsKey(OperationTool.BODY)
        ? Json.encodeToBuffer(withDefaults(tool, args.get(OperationTool.BODY))) : null;
    if (args.get(OperationTool.MAX_CREDITS) instanceof Number cap
        && tool.inputSchema().path("properties").has(OperationTool.MAX_CREDITS)) {
      headers.put(OperationTools.MAX_CREDITS_HEADER, String.valueOf(cap.longValue()));
    }
    if (args.get(OperationTool.WAIT) instanceof Number seconds) {
      headers.put(Preferences.PREFER, Preferences.applied(seconds.intValue()));
    }
    if (progress != null) {
      progress.notificationBuilder().setProgress(0).setTotal(1)
          .setMessage("Calling " + tool.method() + " " + tool.path()).build().sendAndForget();
    }
    var here = vertx.getOrCreateContext();
    var following = progress != null && headers.containsKey(Preferences.PREFER) ? new JobProgress(progress, here)
        : null;
    if (following != null && tool.method().equals("GET")) {
      following.follow(args.get("id").toString());
    } else if (following != null) {
      // A creating POST: the job's id is known once the owner has answered; the gateway tells it before waiting.
      headers.put(JobWatch.CREATION_HEADER, following.expectCreation());
    }
    // Read now, on the request: a list read again and a result stored happen in callbacks after it.
    var caller = calls.caller(context);
    var owner = ResultLinks.owner(context);
    return calls.call(tool.method(), target.toString(), caller, headers, body)
        .compose(first -> capped(tool, args, caller, headers, owner, first, 0))
        .compose(response -> progress == null ? Future.succeededFuture(response) : answered(here, progress,
            following, response))
        .recover(failure -> {
          if (following != null) {
            following.close();
          }
          Log.warnf("The MCP tool %s could not reach the gateway's own pipeline: %s", tool.name(), failure);
          return Future.succeededFuture(error(new JsonObject().put("error", ErrorCode.SERVICE_UNAVAILABLE.code())
              .put("message", "The gateway could not complete this call right now. Retry in a few seconds.")
              .put("retryAfter", 5)));
        });
  }

  /**
   * Sends the last progress notification, {@code Answered}, on the context the job's changes are reported on, so
   * after those already on their way there.
   */
  private static Future<ToolResponse> answered(Context context, Progress progress, JobProgress following,
      ToolResponse response) {
    var sent = Promise.<ToolResponse>promise();
    context.runOnContext(ignored -> {
      try {
        var last = following == null ? 0 : following.close();
        progress.notificationBuilder().setProgress(last + 1).setTotal(last + 1).setMessage("Answered").build()
            .sendAndForget();
      } catch (RuntimeException e) {
        Log.warnf("The last progress notification of a tool call could not be sent: %s", e.toString());
      } finally {
        sent.complete(response);
      }
    });
    return sent.future();
  }

  /**
   * The job a waiting tool call follows (getJob's, or the one its creating POST made), each of the job's changes
   * ({@code job_events}) sent as a progress notification: the job's event sequence as the progress, its status as the
   * message.
   */
  private final class JobProgress {
    private final Progress progress;
    private final Context context;
    private final AtomicLong lastSeq = new AtomicLong();
    private JobWatch.Registration registration;
    private JobWatch.Expectation expectation;
    private boolean closed;

    JobProgress(Progress progress, Context context) {
      this.progress = progress;
      this.context = context;
    }

    synchronized void follow(String jobId) {
      if (!closed) {
        registration = watch.follow(jobId, context, this::report);
      }
    }

    synchronized String expectCreation() {
      expectation = watch.expectCreation(this::follow);
      return expectation.token();
    }

    private void report(ChangeEvents.JobChange change) {
      if (lastSeq.getAndAccumulate(change.seq(), Math::max) < change.seq()) {
        progress.notificationBuilder().setProgress(change.seq()).setMessage("Job " + change.jobId() + " is "
            + change.status() + " (event " + change.seq() + ")").build().sendAndForget();
      }
    }

    /** Stops following; the last event sequence reported. */
    synchronized long close() {
      closed = true;
      if (expectation != null) {
        expectation.close();
      }
      if (registration != null) {
        registration.close();
      }
      return lastSeq.get();
    }
  }

  /** The request target of a call with {@code args}. */
  private static Target target(OperationTool tool, Map<String, Object> args) {
    var target = new Target(tool.path());
    for (var name : tool.pathParameters()) {
      target.path(name, args.get(name).toString());
    }
    for (var parameter : tool.queryParameters()) {
      target.query(parameter, args.get(parameter.name()));
    }
    var more = args.get(OperationTool.QUERY) instanceof JsonObject json ? json.getMap() : args.get(OperationTool.QUERY);
    if (tool.takesMoreQuery() && more instanceof Map<?, ?> pairs) {
      pairs.forEach((name, value) -> target.query(new OperationTool.QueryParameter(String.valueOf(name),
          OperationTool.QueryParameter.FORM, true), value, OperationTool.QUERY + "." + name));
    }
    return target;
  }

  /** {@code body} with the tool's {@code x-mcp-body-defaults} members it leaves out. */
  @SuppressWarnings("unchecked")
  static Object withDefaults(OperationTool tool, Object body) {
    if (tool.bodyDefaults() == null) {
      return body;
    }
    var object = body instanceof JsonObject json ? json.copy()
        : body instanceof Map<?, ?> map ? new JsonObject((Map<String, Object>) map).copy() : null;
    if (object == null) {
      return body;
    }
    tool.bodyDefaults().fields().forEachRemaining(member -> {
      if (!object.containsKey(member.getKey())) {
        object.put(member.getKey(), Json.decodeValue(member.getValue().toString()));
      }
    });
    return object;
  }

  /**
   * The tool result of {@code answer}, within the result cap: as it is when it fits; a list read again with a
   * {@code limit} that fits (a GET, which spends no daily unit); otherwise the truncated envelope.
   */
  private Future<ToolResponse> capped(OperationTool tool, Map<String, Object> args, GatewayCalls.Caller caller,
      Map<String, String> headers, String owner, InProcessExchange.Answer answer, int reads) {
    var response = result(answer, tool.rawMembers(), Boolean.TRUE.equals(args.get(OperationTool.RAW)));
    if (response.isError() || !(response.structuredContent() instanceof JsonObject json)) {
      return Future.succeededFuture(response);
    }
    var whole = json.toBuffer();
    if (whole.length() <= resultCap) {
      return Future.succeededFuture(response);
    }
    var list = tool.pagesByLimit() && json.getValue("data") instanceof JsonArray items ? items : null;
    if (list != null && list.size() > 1 && reads < LIST_READS) {
      var fitting = fittingItems(json, resultCap);
      var fewer = new LinkedHashMap<>(args);
      fewer.put(OperationTool.LIMIT, fitting);
      return calls.call(tool.method(), target(tool, fewer).toString(), caller, headers, null)
          .compose(next -> capped(tool, fewer, caller, headers, owner, next, reads + 1));
    }
    if (list != null) {
      // The list's schema has no envelope, and a page of one item is as short as it gets.
      return Future.succeededFuture(error(new JsonObject().put("error", ErrorCode.PAYLOAD_TOO_LARGE.code())
          .put("message", (list.size() == 1 ? "The first item of this page alone is over the " + resultCap
              + " bytes a tool result carries (" + whole.length() + " bytes). Read it with the tool that gets it by "
              + "id, which links to an answer over the cap, or over REST." : "This page was still over the "
              + resultCap + " bytes a tool result carries after " + reads + " reads with a smaller limit. Send a "
              + "smaller limit.")).put("limit", resultCap)));
    }
    if (whole.length() > storeCap || owner == null) {
      return Future.succeededFuture(error(new JsonObject().put("error", ErrorCode.PAYLOAD_TOO_LARGE.code())
          .put("message", "The answer is " + whole.length() + " bytes: over the " + resultCap + " a tool result "
              + "carries, and " + (owner == null ? "this call has neither a key nor a session to keep it for."
              : "over the " + storeCap + " kept behind a result link. Narrow the call, or make it over REST."))
          .put("limit", owner == null ? resultCap : storeCap)));
    }
    return vertx.executeBlocking(() -> stored.store(owner, whole.getBytes()), false)
        .map(uri -> truncated(json, uri, whole.length(), resultCap / PREVIEW_SHARE, keptMinutes,
            response._meta()));
  }

  /**
   * How many of the list's first items fit under {@code cap} with the rest of the answer, leaving room for a longer
   * {@code nextCursor}; at least one, and fewer than the list has.
   */
  static int fittingItems(JsonObject answer, int cap) {
    var items = answer.getJsonArray("data");
    var rest = answer.copy().put("data", new JsonArray()).put("nextCursor", null).toBuffer().length()
        + CURSOR_ROOM;
    int fitting = 0;
    long size = rest;
    for (var item : items) {
      size += Json.encodeToBuffer(item).length() + 1;
      if (size > cap) {
        break;
      }
      fitting++;
    }
    return Math.max(1, Math.min(fitting, items.size() - 1));
  }

  /**
   * The envelope of an answer over the cap: {@code truncated: true}, {@code preview} (the answer with its arrays
   * cut to their first items, strings to their first characters, objects to their first members and nesting to a
   * depth, fewer at each step until it fits {@code previewBytes}; valid JSON, the same members where kept), and
   * {@code resource}, the {@code resource_link} to the whole answer, also sent as the result's content.
   */
  static ToolResponse truncated(JsonObject answer, String uri, int bytes, int previewBytes, long keptMinutes,
      Map<MetaKey, Object> meta) {
    var link = new ResourceLink(uri, "application/json", uri.substring(uri.lastIndexOf('/') + 1),
        "The whole answer", "The whole answer (" + bytes + " bytes), over the result cap; readable for "
            + keptMinutes + " minutes by this client with resources/read.", bytes, null, null);
    var envelope = new JsonObject().put(OperationTools.TRUNCATED, true)
        .put(OperationTools.PREVIEW, preview(answer, previewBytes))
        .put(OperationTools.RESOURCE, new JsonObject().put("type", "resource_link").put("uri", uri)
            .put("name", link.name()).put("mimeType", link.mimeType()).put("size", bytes));
    return new ToolResponse(false, List.of(new TextContent(envelope.encode()), link), envelope, meta);
  }

  /** The answer cut at smaller steps until it fits {@code budget} bytes; {@code {}} when not even the last does. */
  static JsonObject preview(JsonObject answer, int budget) {
    for (int step = 32; step >= 1; step /= 2) {
      var cut = (JsonObject) cut(answer, step, 0);
      if (cut.toBuffer().length() <= budget) {
        return cut;
      }
    }
    return new JsonObject();
  }

  /**
   * {@code value} with arrays of at most {@code step} items, strings of at most 32 x {@code step} characters, objects
   * of at most 8 x {@code step} members, and nothing below a depth of 2 + {@code step} / 4.
   */
  private static Object cut(Object value, int step, int depth) {
    return switch (value) {
      case JsonObject object -> {
        var kept = new JsonObject();
        if (depth < 2 + step / 4) {
          object.stream().limit(8L * step).forEach(member -> kept.put(member.getKey(),
              cut(member.getValue(), step, depth + 1)));
        }
        yield kept;
      }
      case JsonArray array -> {
        var kept = new JsonArray();
        if (depth < 2 + step / 4) {
          array.stream().limit(step).forEach(item -> kept.add(cut(item, step, depth + 1)));
        }
        yield kept;
      }
      case String text when text.length() > 32 * step -> text.substring(0, 32 * step) + "…";
      case null -> null;
      default -> value;
    };
  }

  /** Why these arguments are not sent, or null. */
  private ToolResponse refusal(RoutingContext context, OperationTool tool, ArgumentChecks checks, RequestId id,
      Map<String, Object> args) {
    Map<String, String> repeated = context == null ? null : context.get(McpEndpoint.REPEATED_ARGUMENTS);
    if (repeated != null && id != null && repeated.get(id.asString()) instanceof String field) {
      // The MCP server keeps the last of a repeated key; what the caller meant is unknown, so nothing is sent.
      return invalid(field, "appears more than once; send each key once");
    }
    // Programmatic tools get no argument checks from the MCP server: a missing required one is named here, as the
    // API would name it.
    for (var required : tool.inputSchema().path("required")) {
      var value = args.get(required.asText());
      if (value == null || value.toString().isBlank()) {
        return invalid(required.asText(), "is required by " + tool.method() + " " + tool.path());
      }
    }
    var broken = checks.check(args);
    if (broken.isPresent()) {
      return invalid(broken.get().field(), broken.get().problem());
    }
    for (var name : tool.pathParameters()) {
      var value = args.get(name).toString();
      if (value.equals(".") || value.equals("..")) {
        // A dot segment would be resolved away and name another path.
        return invalid(name, "cannot be '.' or '..'");
      }
    }
    return null;
  }

  /** A tool result from one gateway answer. */
  static ToolResponse result(InProcessExchange.Answer answer) {
    return result(answer, List.of(), true);
  }

  /** A tool result from one gateway answer, without {@code rawMembers} unless {@code raw}. */
  static ToolResponse result(InProcessExchange.Answer answer, List<String> rawMembers, boolean raw) {
    var text = answer.body().toString(StandardCharsets.UTF_8);
    var contentType = answer.headers().get("Content-Type");
    var json = contentType != null && contentType.contains("json") && !text.isBlank();
    if (answer.status() >= 400) {
      var body = json ? asObject(answer.body().toJsonValue()) : new JsonObject()
          .put("error", ErrorCode.forStatus(answer.status()).code()).put("message", text);
      var retryAfter = answer.headers().get("Retry-After");
      if (retryAfter != null && !body.containsKey("retryAfter") && retryAfter.matches("\\d+")) {
        body.put("retryAfter", Long.parseLong(retryAfter));
      }
      return error(body);
    }
    if (!json) {
      var summary = text.isEmpty() || contentType == null || !contentType.startsWith("text/") ? "HTTP "
          + answer.status() + (contentType == null ? "" : ", " + contentType) + ", " + answer.body().length()
          + " bytes." : text;
      return new ToolResponse(false, List.of(new TextContent(summary)), null, null);
    }
    var structured = asObject(answer.body().toJsonValue());
    if (!raw && rawMembers.stream().anyMatch(structured::containsKey)) {
      rawMembers.forEach(structured::remove);
      text = structured.encode();
    }
    return new ToolResponse(false, List.of(new TextContent(text)), structured, creditsRemaining(answer));
  }

  /** {@code _meta.creditsRemaining} from the answer's {@code Credits-Remaining}; null (no _meta) without one. */
  private static Map<MetaKey, Object> creditsRemaining(InProcessExchange.Answer answer) {
    var remaining = answer.headers().get(CREDITS_REMAINING);
    if (remaining == null || !remaining.matches("[0-9]{1,18}")) {
      return null;
    }
    var credits = Long.parseLong(remaining);
    return Map.of(CREDITS_REMAINING_META, credits <= Integer.MAX_VALUE ? (Object) (int) credits : credits);
  }

  /** MCP's structuredContent is an object: a JSON array or value is put under {@code result}. */
  private static JsonObject asObject(Object value) {
    return value instanceof JsonObject object ? object : new JsonObject().put("result", value);
  }

  static ToolResponse error(JsonObject body) {
    return new ToolResponse(true, List.of(new TextContent(body.encode())), body, null);
  }

  private static ToolResponse invalid(String field, String problem) {
    return error(new JsonObject().put("error", ErrorCode.INVALID_REQUEST.code())
        .put("message", "Field '" + field + "' " + problem + ".").put("field", field));
  }

  /**
   * The request target being built: path and query, percent-encoded (RFC 3986: a space is {@code %20}, brackets and
   * every reserved character are encoded), with which argument put how many bytes into it.
   */
  private static final class Target {
    private final StringBuilder target = new StringBuilder();
    private final Map<String, Integer> bytesByArgument = new LinkedHashMap<>();
    private String template;
    private boolean hasQuery;

    Target(String template) {
      this.template = template;
    }

    void path(String name, String value) {
      var encoded = encode(value);
      template = template.replace("{" + name + "}", encoded);
      bytesByArgument.merge(name, encoded.length(), Integer::sum);
    }

    void query(OperationTool.QueryParameter parameter, Object value) {
      query(parameter, value, parameter.name());
    }

    /** {@code value} serialized as OpenAPI says for {@code parameter}; {@code argument} names it in a refusal. */
    void query(OperationTool.QueryParameter parameter, Object value, String argument) {
      var name = parameter.name();
      if (value == null) {
        return;
      }
      if (value instanceof JsonObject json) {
        value = json.getMap();
      }
      if (value instanceof Map<?, ?> object) {
        if (parameter.style().equals(OperationTool.QueryParameter.DEEP_OBJECT)) {
          object.forEach((key, item) -> pair(name + "[" + key + "]", item, argument + "." + key));
        } else if (parameter.explode()) {
          object.forEach((key, item) -> pair(String.valueOf(key), item, argument + "." + key));
        } else {
          var joined = new StringJoiner(",");
          object.forEach((key, item) -> joined.add(key + "," + item));
          pair(name, joined.toString(), argument);
        }
      } else if (value instanceof Collection<?> || value instanceof JsonArray) {
        Iterable<?> items = value instanceof JsonArray array ? array : (Collection<?>) value;
        if (parameter.explode()) {
          items.forEach(item -> pair(name, item, argument));
        } else {
          var joined = new StringJoiner(switch (parameter.style()) {
            case "spaceDelimited" -> " ";
            case "pipeDelimited" -> "|";
            default -> ",";
          });
          items.forEach(item -> joined.add(String.valueOf(item)));
          pair(name, joined.toString(), argument);
        }
      } else {
        pair(name, value, argument);
      }
    }

    private void pair(String name, Object value, String argument) {
      if (value == null) {
        return;
      }
      var encoded = encode(name) + "=" + encode(value.toString());
      target.append(hasQuery ? '&' : '?').append(encoded);
      hasQuery = true;
      bytesByArgument.merge(argument, encoded.length() + 1, Integer::sum);
    }

    int length() {
      return template.length() + target.length();
    }

    /** The argument that put the most bytes into the target. */
    String longest() {
      return bytesByArgument.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
          .orElse("");
    }

    @Override
    public String toString() {
      return template + target;
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
