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
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.logging.Log;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.events.ChangeEvents;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.jobs.JobWatch;
import dev.videoautomation.gateway.jobs.Preferences;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * A {@code tools/call} made into the REST call it stands for, sent through the gateway's own pipeline
 * ({@link Loopback}), and its answer made into a tool result: a 2xx JSON answer as {@code structuredContent} (and as
 * text); any other answer as an {@code isError} result carrying the API's error body ({@code error}, {@code message},
 * {@code field}, {@code setup}, {@code retryAfter}, ...). An answer's {@code Credits-Remaining} (a credit-charging
 * operation's, issue 32) goes into the result's {@code _meta} as {@code creditsRemaining}.
 */
@ApplicationScoped
class ToolCalls {
  static final String CREDITS_REMAINING = "Credits-Remaining";
  static final MetaKey CREDITS_REMAINING_META = MetaKey.of("creditsRemaining");

  private final Loopback loopback;
  private final HttpServerRequest request;
  private final CurrentVertxRequest current;
  private final int maxUriBytes;
  private final JobWatch watch;
  private final Vertx vertx;

  ToolCalls(Loopback loopback, HttpServerRequest request, CurrentVertxRequest current, GatewayConfig config,
      JobWatch watch, Vertx vertx) {
    this.watch = watch;
    this.vertx = vertx;
    this.loopback = loopback;
    this.request = request;
    this.current = current;
    this.maxUriBytes = config.maxUriBytes();
  }

  /**
   * Runs on the event loop, inside the MCP request's context: {@code request} is that HTTP request. Arguments are
   * checked before anything is sent (a repeated key, a missing required one, one that breaks its schema or cannot
   * go into the request target), each refusal an {@code isError} result naming the argument as the API names a field.
   */
  Uni<ToolResponse> call(OperationTool tool, ArgumentChecks checks, ToolManager.ToolArguments arguments) {
    var args = arguments.args() == null ? Map.<String, Object>of() : arguments.args();
    var refused = refusal(tool, checks, arguments.requestId(), args);
    if (refused != null) {
      return Uni.createFrom().item(refused);
    }
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
    if (target.length() > maxUriBytes) {
      return Uni.createFrom().item(error(new JsonObject().put("error", ErrorCode.INVALID_REQUEST.code())
          .put("message", "Field '" + target.longest() + "' makes the request target " + target.length()
              + " bytes long; at most " + maxUriBytes + " are accepted.")
          .put("field", target.longest()).put("limit", maxUriBytes)));
    }
    var headers = new LinkedHashMap<String, String>();
    if (args.get(OperationTool.IDEMPOTENCY_KEY) instanceof Object key && tool.method().equals("POST")) {
      headers.put(IdempotentRequests.HEADER, key.toString());
    }
    var body = tool.takesBody() && args.containsKey(OperationTool.BODY)
        ? Json.encodeToBuffer(args.get(OperationTool.BODY)) : null;
    if (args.get(OperationTool.MAX_CREDITS) instanceof Number cap
        && tool.inputSchema().path("properties").has(OperationTool.MAX_CREDITS)) {
      headers.put(OperationTools.MAX_CREDITS_HEADER, String.valueOf(cap.longValue()));
    }
    if (args.get(OperationTool.WAIT) instanceof Number seconds) {
      headers.put(Preferences.PREFER, Preferences.applied(seconds.intValue()));
    }
    var progress = arguments.progress();
    progress.token().ifPresent(token -> progress.notificationBuilder().setProgress(0).setTotal(1)
        .setMessage("Calling " + tool.method() + " " + tool.path()).build().sendAndForget());
    var following = progress.token().isPresent() && headers.containsKey(Preferences.PREFER)
        ? new JobProgress(progress, vertx.getOrCreateContext()) : null;
    if (following != null && tool.method().equals("GET")) {
      following.follow(args.get("id").toString());
    } else if (following != null) {
      // A creating POST: the job's id is known once the owner has answered; the gateway tells it before waiting.
      headers.put(JobWatch.CREATION_HEADER, following.expectCreation());
    }
    Future<Loopback.Answer> answer = loopback.call(tool.method(), target.toString(), request, headers, body);
    return Uni.createFrom().completionStage(answer.toCompletionStage())
        .map(ToolCalls::result)
        .invoke(() -> {
          var last = following == null ? 0 : following.close();
          progress.token().ifPresent(token -> progress.notificationBuilder().setProgress(last + 1)
              .setTotal(last + 1).setMessage("Answered").build().sendAndForget());
        })
        .onFailure().recoverWithItem(failure -> {
          if (following != null) {
            following.close();
          }
          Log.warnf("The MCP tool %s could not reach the gateway's own pipeline: %s", tool.name(), failure);
          return error(new JsonObject().put("error", ErrorCode.SERVICE_UNAVAILABLE.code())
              .put("message", "The gateway could not complete this call right now. Retry in a few seconds.")
              .put("retryAfter", 5));
        });
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

  /** Why these arguments are not sent, or null. */
  private ToolResponse refusal(OperationTool tool, ArgumentChecks checks, RequestId id, Map<String, Object> args) {
    var context = current.getCurrent();
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
  static ToolResponse result(Loopback.Answer answer) {
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
    return new ToolResponse(false, List.of(new TextContent(text)), asObject(answer.body().toJsonValue()),
        creditsRemaining(answer));
  }

  /** {@code _meta.creditsRemaining} from the answer's {@code Credits-Remaining}; null (no _meta) without one. */
  private static Map<MetaKey, Object> creditsRemaining(Loopback.Answer answer) {
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
