package dev.videoautomation.gateway.proxy;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.streams.ReadStream;
import io.vertx.ext.web.RoutingContext;

import dev.videoautomation.gateway.admission.Admitted;
import dev.videoautomation.gateway.idempotency.IdempotentRequests;
import dev.videoautomation.gateway.routing.Relayed;
import dev.videoautomation.gateway.routing.RequestTimers;
import dev.videoautomation.gateway.sizes.RefusedBodies;
import dev.videoautomation.gateway.sizes.WholeBody;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorResponses;
import dev.videoautomation.platform.http.CallerTrace;
import dev.videoautomation.platform.http.ResponseHeadersFilter;
import dev.videoautomation.platform.token.InternalTokenFilter;

/**
 * An HTTP request on the gateway's request path: a thin view of its routing context, holding nothing else, so the
 * read path pays one small object for it. The body streams; the owner's answer is relayed as it arrives.
 */
final class HttpExchange implements Exchange {
  private final RoutingContext rc;
  private final ClientAddresses addresses;

  HttpExchange(RoutingContext rc, ClientAddresses addresses) {
    this.rc = rc;
    this.addresses = addresses;
  }

  @Override
  public HttpMethod method() {
    return rc.request().method();
  }

  @Override
  public String uri() {
    return rc.request().uri();
  }

  @Override
  public String path() {
    return rc.normalizedPath();
  }

  @Override
  public String query() {
    return rc.request().query();
  }

  @Override
  public MultiMap params() {
    return rc.request().params();
  }

  @Override
  public MultiMap headers() {
    return rc.request().headers();
  }

  @Override
  public String requestId() {
    return rc.get(ResponseHeadersFilter.ROUTING_KEY);
  }

  @Override
  public CallerTrace callerTrace() {
    return rc.get(CallerTrace.CONTEXT_KEY);
  }

  @Override
  public String clientAddress() {
    return addresses.of(rc.request());
  }

  @Override
  public String scheme() {
    return rc.request().scheme();
  }

  @Override
  public String authority() {
    var authority = rc.request().authority();
    return authority == null ? null : authority.toString();
  }

  @Override
  public ReadStream<Buffer> bodyStream() {
    return rc.request();
  }

  @Override
  public Buffer wholeBody() {
    return null;
  }

  @Override
  public Future<Buffer> readWhole(long limit, ApiError tooLarge) {
    return WholeBody.read(rc.request(), limit, tooLarge);
  }

  @Override
  public boolean carriesUnreadBody() {
    var request = rc.request();
    if (request.isEnded()) {
      return false;
    }
    var declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
    return declared == null ? request.headers().contains(HttpHeaders.TRANSFER_ENCODING) : !"0".equals(declared.trim());
  }

  @Override
  public void pause() {
    rc.request().pause();
  }

  @Override
  public void resume() {
    rc.request().resume();
  }

  @Override
  public MultiMap answerHeaders() {
    return rc.response().headers();
  }

  @Override
  public boolean ended() {
    return rc.response().ended();
  }

  @Override
  public boolean closed() {
    return rc.response().closed();
  }

  @Override
  public boolean headWritten() {
    return rc.response().headWritten();
  }

  @Override
  public void addEndHandler(Handler<AsyncResult<Void>> handler) {
    rc.addEndHandler(handler);
  }

  @Override
  public void error(ApiError error) {
    ErrorResponses.send(rc, error);
  }

  @Override
  public void refuseBody(ApiError error) {
    RefusedBodies.answer(rc, error);
  }

  @Override
  public void replay(IdempotentRequests.Run run) {
    IdempotentRequests.replay(rc, run);
  }

  @Override
  public void relay(HttpClientResponse upstream) {
    var response = rc.response();
    if (response.ended() || response.closed()) {
      upstream.request().reset();
      return;
    }
    Relayed.mark(rc);
    response.setStatusCode(upstream.statusCode());
    response.setStatusMessage(upstream.statusMessage());
    UpstreamHeaders.copyReturned(upstream.headers(), response.headers());
    if (!upstream.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
      response.setChunked(true);
    }
    response.send(upstream);
  }

  @Override
  public void relayWhole(int status, String statusMessage, MultiMap ownerHeaders, Buffer body) {
    var response = rc.response();
    Relayed.mark(rc);
    response.setStatusCode(status);
    response.setStatusMessage(statusMessage);
    UpstreamHeaders.copyReturned(ownerHeaders, response.headers());
    response.headers().remove(HttpHeaders.TRANSFER_ENCODING);
    response.end(body);
  }

  @Override
  public void answerBuilt(int status, MultiMap ownerHeaders, Buffer body) {
    var response = rc.response();
    if (response.ended() || response.closed()) {
      return;
    }
    Relayed.mark(rc);
    response.setStatusCode(status);
    UpstreamHeaders.copyReturned(ownerHeaders, response.headers());
    response.headers().remove(HttpHeaders.TRANSFER_ENCODING).remove(HttpHeaders.CONTENT_LENGTH);
    response.end(body);
  }

  @Override
  public void reset() {
    rc.response().reset();
  }

  @Override
  public void closeAfterTheAnswer() {
    rc.response().putHeader(HttpHeaders.CONNECTION, "close");
    rc.addEndHandler(ended -> {
      if (!rc.request().isEnded()) {
        rc.request().connection().close();
      }
    });
  }

  @Override
  public void toGateway(Admitted admitted) {
    if (admitted != null) {
      rc.put(Admitted.CONTEXT_KEY, admitted);
    }
    rc.request().resume();
    rc.next();
  }

  @Override
  public void toInternalApi(InternalTokenFilter internalTokens) {
    internalTokens.verify(rc);
  }

  @Override
  public boolean handsOverGatewayRoutes() {
    return false;
  }

  @Override
  public void nameTimer(String uriTag) {
    RequestTimers.name(rc, uriTag);
  }
}
