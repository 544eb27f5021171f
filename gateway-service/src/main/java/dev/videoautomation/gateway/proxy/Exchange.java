package dev.videoautomation.gateway.proxy;

import io.vertx.core.AsyncResult;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.streams.ReadStream;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.sizes.IncomingRequest;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.http.CallerTrace;
import dev.videoautomation.platform.token.InternalTokenFilter;

/**
 * One request on the gateway's request path ({@link ForwardingFilter}) and its answer: what the steps read of the
 * request and how each way of answering is sent. {@link HttpExchange} is an HTTP request (the routing context);
 * {@link InProcessExchange} is an MCP tool call made into the REST call it stands for, run through the same steps
 * without a second HTTP exchange, its answer collected for the tool result.
 */
public interface Exchange extends IncomingRequest {
  HttpMethod method();

  @Override
  default String methodName() {
    return method().name();
  }

  /** The path, normalized (RFC 3986 §6.2.2: dot segments removed, unreserved characters decoded). */
  String path();

  /** The query string, or null. */
  String query();

  /** The query's parameters, decoded; read only when the query may hold one the gateway judges. */
  MultiMap params();

  /** The request id of the caller's request ({@code X-Request-Id}, as accepted or made). */
  String requestId();

  /** The caller's valid trace context to carry on, or null (none, or the OpenTelemetry SDK traces instead). */
  CallerTrace callerTrace();

  /** The agent's address (owners' per-address limits count it), or null. */
  String clientAddress();

  String scheme();

  /** The host the caller addressed, or null. */
  String authority();

  /** The body as it arrives, to stream to the owner; null when the body is whole ({@link #wholeBody}). */
  ReadStream<Buffer> bodyStream();

  /** The body, already whole (in process); null when it streams. */
  Buffer wholeBody();

  /** Whether a body the caller sends is still to be read. */
  boolean carriesUnreadBody();

  void pause();

  void resume();

  /** The answer's headers, which steps add to before it is sent (the daily limit's, a 405's {@code Allow}). */
  MultiMap answerHeaders();

  /** Whether the answer is sent. */
  boolean ended();

  /** Whether the caller is gone (the connection closed). */
  boolean closed();

  boolean headWritten();

  /** Runs {@code handler} once the answer is sent or the caller is gone. */
  void addEndHandler(Handler<AsyncResult<Void>> handler);

  /** Answers the gateway's own error. */
  void error(ApiError error);

  /** Answers the error of a body the gateway will not take (a 413), the body possibly still arriving. */
  void refuseBody(ApiError error);

  /** Answers the first answer of a replayed {@code Idempotency-Key}. */
  void replay(IdempotentRequests.Run run);

  /** Relays the owner's answer as it arrives; its head is not read yet. */
  void relay(HttpClientResponse upstream);

  /** Relays the owner's answer, read whole ({@code body}), with its status line and headers. */
  void relayWhole(int status, String statusMessage, MultiMap ownerHeaders, Buffer body);

  /** Sends an answer the gateway built from an owner's: as relayed as the owner's own, its length set by the body. */
  void answerBuilt(int status, MultiMap ownerHeaders, Buffer body);

  /** Breaks off an answer whose head is out already. */
  void reset();

  /** The unread body leaves the connection unusable: the answer says so, and the connection closes after it. */
  void closeAfterTheAnswer();

  /** Hands a request admitted (by {@code admitted}, null without a key) on to the gateway's own resources. */
  void toGateway(Admitted admitted);

  /** Hands a call to the gateway's internal API on, to be judged by its internal token. */
  void toInternalApi(InternalTokenFilter internalTokens);

  /**
   * Whether this exchange hands a route the gateway serves itself ({@code Owner.GATEWAY}) over elsewhere rather than
   * running it here; when true, it has done so.
   */
  boolean handsOverGatewayRoutes();

  /**
   * Names this request's timer after its route ({@code uriTag}, null to keep the request's own path); nothing for a
   * request that is not an HTTP request of the gateway, which no timer times.
   */
  default void nameTimer(String uriTag) {
  }
}
