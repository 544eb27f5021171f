package dev.videoautomation.gateway.proxy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.impl.HttpUtils;
import io.vertx.core.streams.ReadStream;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.errors.ProblemDetails;
import dev.videoautomation.platform.http.CallerTrace;
import dev.videoautomation.platform.http.ResponseHeadersFilter;
import dev.videoautomation.platform.metrics.SuiteMetrics;
import dev.videoautomation.platform.token.InternalTokenFilter;

/**
 * A request made inside the gateway (an MCP tool call, the REST call it stands for) run through the same request path
 * as an HTTP request ({@link ForwardingFilter#inProcess}), without a second HTTP exchange: its body is whole, it
 * carries the caller's own address, request id and trace context ({@link Caller}), and its answer (the owner's,
 * relayed, or the gateway's own) is collected whole as an {@link Answer}. A route the gateway serves itself
 * ({@code Owner.GATEWAY}: its JAX-RS resources) is handed over whole to {@code gatewayRoutes}, which calls the
 * gateway over HTTP, before any step runs, so those steps run once, there.
 */
public final class InProcessExchange implements Exchange {
  /** One answer: status, headers, body. */
  public record Answer(int status, MultiMap headers, Buffer body) {
  }

  /**
   * The HTTP request an in-process call is made for: the agent's address as the gateway resolved it, the request's
   * id, the caller's valid trace context (null while the OpenTelemetry SDK traces), its scheme and authority.
   */
  public record Caller(String address, String requestId, CallerTrace trace, String scheme, String authority) {
    /** The caller of the request in {@code rc}. */
    public static Caller of(RoutingContext rc, ClientAddresses addresses) {
      var request = rc.request();
      var authority = request.authority();
      return new Caller(addresses.of(request), rc.get(ResponseHeadersFilter.ROUTING_KEY),
          rc.get(CallerTrace.CONTEXT_KEY), request.scheme(), authority == null ? null : authority.toString());
    }
  }

  /** Where a route the gateway serves itself goes instead. */
  @FunctionalInterface
  public interface Handover {
    Future<Answer> call(InProcessExchange exchange);
  }

  private final HttpMethod method;
  private final String uri;
  private final String path;
  private final String query;
  private final MultiMap headers;
  private final Buffer body;
  private final Caller caller;
  private final Handover gatewayRoutes;
  private final MultiMap answerHeaders = MultiMap.caseInsensitiveMultiMap();
  private final Promise<Answer> answer = Promise.promise();
  private final List<Handler<AsyncResult<Void>>> endHandlers = new ArrayList<>(1);
  private MultiMap params;

  /**
   * {@code method target} with {@code headers} (a body's {@code Content-Length} is set here) and {@code body} (null
   * for none), made for {@code caller}.
   */
  public InProcessExchange(String method, String target, MultiMap headers, Buffer body, Caller caller,
      Handover gatewayRoutes) {
    this.method = HttpMethod.valueOf(method);
    this.uri = target;
    var question = target.indexOf('?');
    this.path = HttpUtils.normalizePath(question < 0 ? target : target.substring(0, question));
    this.query = question < 0 ? null : target.substring(question + 1);
    this.headers = headers;
    this.body = body;
    this.caller = caller;
    this.gatewayRoutes = gatewayRoutes;
    if (body != null) {
      headers.set(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length()));
    }
  }

  /** The answer, complete once it is sent. */
  public Future<Answer> answer() {
    return answer.future();
  }

  public Caller caller() {
    return caller;
  }

  /** A failure of the request path itself (none of the answers a caller gets): the answer fails with it. */
  void failed(Throwable failure) {
    if (answer.tryFail(failure)) {
      runEndHandlers();
    }
  }

  @Override
  public HttpMethod method() {
    return method;
  }

  @Override
  public String uri() {
    return uri;
  }

  @Override
  public String path() {
    return path;
  }

  @Override
  public String query() {
    return query;
  }

  @Override
  public MultiMap params() {
    if (params == null) {
      // As Vert.x reads a request's: decoded as UTF-8, names without regard to case.
      var decoded = MultiMap.caseInsensitiveMultiMap();
      new QueryStringDecoder(uri, StandardCharsets.UTF_8, true, 1024, false).parameters().forEach(decoded::add);
      params = decoded;
    }
    return params;
  }

  @Override
  public MultiMap headers() {
    return headers;
  }

  @Override
  public String requestId() {
    return caller.requestId();
  }

  @Override
  public CallerTrace callerTrace() {
    return caller.trace();
  }

  @Override
  public String clientAddress() {
    return caller.address();
  }

  @Override
  public String scheme() {
    return caller.scheme();
  }

  @Override
  public String authority() {
    return caller.authority();
  }

  @Override
  public ReadStream<Buffer> bodyStream() {
    return null;
  }

  @Override
  public Buffer wholeBody() {
    return body;
  }

  @Override
  public Future<Buffer> readWhole(long limit, ApiError tooLarge) {
    var whole = body == null ? Buffer.buffer() : body;
    return whole.length() > limit ? Future.failedFuture(new ApiException(tooLarge)) : Future.succeededFuture(whole);
  }

  @Override
  public boolean carriesUnreadBody() {
    return false;
  }

  @Override
  public void pause() {
  }

  @Override
  public void resume() {
  }

  @Override
  public MultiMap answerHeaders() {
    return answerHeaders;
  }

  @Override
  public boolean ended() {
    return answer.future().isComplete();
  }

  @Override
  public boolean closed() {
    return false;
  }

  @Override
  public boolean headWritten() {
    return false;
  }

  @Override
  public void addEndHandler(Handler<AsyncResult<Void>> handler) {
    endHandlers.add(handler);
  }

  @Override
  public void error(ApiError error) {
    if (ended()) {
      return;
    }
    // As ErrorResponses.send writes it on HTTP.
    SuiteMetrics.answered(error.getError());
    var problem = ProblemDetails.appliesTo(path);
    answerHeaders.set(HttpHeaders.CONTENT_TYPE, problem ? ProblemDetails.MEDIA_TYPE : "application/json");
    var retryAfter = error.extra().get("retryAfter");
    if (retryAfter != null) {
      answerHeaders.set("Retry-After", String.valueOf(retryAfter));
    }
    complete(error.status(), Buffer.buffer(ErrorResponses.toJson(problem ? ProblemDetails.from(error) : error)));
  }

  @Override
  public void refuseBody(ApiError error) {
    error(error);
  }

  @Override
  public void replay(IdempotentRequests.Run run) {
    complete(run.replay().status(), IdempotentRequests.replayed(run, answerHeaders));
  }

  @Override
  public void relay(HttpClientResponse upstream) {
    if (ended()) {
      upstream.request().reset();
      return;
    }
    var read = upstream.body();
    upstream.resume();
    read.onSuccess(whole -> relayWhole(upstream.statusCode(), upstream.statusMessage(), upstream.headers(), whole))
        .onFailure(this::failed);
  }

  @Override
  public void relayWhole(int status, String statusMessage, MultiMap ownerHeaders, Buffer whole) {
    answerBuilt(status, ownerHeaders, whole);
  }

  @Override
  public void answerBuilt(int status, MultiMap ownerHeaders, Buffer whole) {
    if (ended()) {
      return;
    }
    UpstreamHeaders.copyReturned(ownerHeaders, answerHeaders);
    answerHeaders.remove(HttpHeaders.TRANSFER_ENCODING).remove(HttpHeaders.CONTENT_LENGTH);
    complete(status, whole);
  }

  @Override
  public void reset() {
    failed(new IllegalStateException("The answer was broken off after its head"));
  }

  @Override
  public void closeAfterTheAnswer() {
    // No connection: the body was never the caller's to stream.
  }

  @Override
  public void toGateway(Admitted admitted) {
    handOver();
  }

  @Override
  public void toInternalApi(InternalTokenFilter internalTokens) {
    handOver();
  }

  @Override
  public boolean handsOverGatewayRoutes() {
    handOver();
    return true;
  }

  private void handOver() {
    gatewayRoutes.call(this).onComplete(handed -> {
      if (handed.succeeded()) {
        if (answer.tryComplete(handed.result())) {
          runEndHandlers();
        }
      } else {
        failed(handed.cause());
      }
    });
  }

  private void complete(int status, Buffer whole) {
    if (answer.tryComplete(new Answer(status, answerHeaders, whole))) {
      runEndHandlers();
    }
  }

  private void runEndHandlers() {
    var succeeded = Future.<Void>succeededFuture();
    endHandlers.forEach(handler -> handler.handle(succeeded));
    endHandlers.clear();
  }
}
