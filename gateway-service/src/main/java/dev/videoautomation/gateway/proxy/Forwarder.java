package dev.videoautomation.gateway.proxy;

import java.net.URI;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import io.quarkus.logging.Log;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.tracing.TracingPolicy;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.gateway.sizes.LimitedBody;
import dev.videoautomation.gateway.sizes.RequestSizes;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ErrorCode;

/**
 * Streams a request to its owner and the answer back, never holding a whole body: the request is piped with
 * back-pressure into the upstream request and the upstream response into ours, so a 1 GiB upload costs buffers,
 * not a gigabyte. The caller's key stays here; the owner gets the internal token instead. A streamed body is
 * counted on the way and stopped at its route's limit. A request made in process ({@link InProcessExchange}, an MCP
 * tool call) sends its whole body and has the owner's answer collected rather than streamed back.
 */
@Singleton
public class Forwarder {
  public static final String UNREACHABLE = "The service behind this path is unavailable. Retry shortly.";
  public static final String TIMED_OUT = "The service behind this path did not answer in time. Retry later.";
  /** The length of a body the owner is not sent (draft-ietf-httpbis-resumable-upload's field). */
  public static final String UPLOAD_LENGTH = "Upload-Length";

  private final LoopClients clients;
  private final long idleTimeoutMillis;
  private final UpstreamHeaders headers;
  private final Map<Owner, URI> owners = new EnumMap<>(Owner.class);

  Forwarder(Vertx vertx, GatewayConfig config, UpstreamHeaders headers) {
    this.headers = headers;
    var upstream = config.upstream();
    this.idleTimeoutMillis = upstream.idleTimeout().toMillis();
    this.clients = new LoopClients(vertx, new HttpClientOptions()
            .setConnectTimeout((int) upstream.connectTimeout().toMillis())
            .setKeepAlive(true)
            .setTcpNoDelay(true)
            .setDecompressionSupported(false)
            // While the OpenTelemetry SDK runs (a collector is named), the extension traces this client as it does REST
            // clients: each forward is a client span under the request's server span, and its traceparent (the
            // caller's own is not forwarded then) is the parent of the owner's span. While it is off, UpstreamHeaders
            // carries the caller's own traceparent on.
            .setTracingPolicy(TracingPolicy.PROPAGATE),
        new PoolOptions().setHttp1MaxSize(upstream.maxConnections()));
    for (var owner : Owner.values()) {
      if (owner != Owner.GATEWAY) {
        var url = config.owners().get(owner.configName());
        if (url == null) {
          throw new IllegalStateException("Set gateway.owners." + owner.configName() + " (GATEWAY_OWNERS_"
              + owner.name() + ") to the base URL of the " + owner.configName() + " service.");
        }
        owners.put(owner, url);
      }
    }
  }

  /**
   * How one forward goes: the request body already read ({@code body}, for idempotent requests) or streamed up to
   * {@code maxBody} bytes, whether the answer is read whole to be stored ({@code capture}), and what the answer
   * settles before the caller sees it.
   */
  public record Options(Buffer body, long maxBody, boolean capture, Settlement settlement, Answering answering,
      boolean bodyWithheld) {
    /** The body streams through, stopped with a 413 past {@code maxBody}; the answer streams back. */
    public static Options streaming(long maxBody, Settlement settlement) {
      return new Options(null, maxBody, false, settlement, null, false);
    }

    /** The body was read whole already; with {@code capture}, the answer is read whole too, for the outcome. */
    public static Options buffered(Buffer body, boolean capture, Settlement settlement) {
      return new Options(body, body.length(), capture, settlement, null, false);
    }

    /**
     * The owner gets the request's head without its body, which is never read ({@code Content-Length: 0}), and the
     * length the caller declared as {@code Upload-Length} (draft-ietf-httpbis-resumable-upload's name for it): an
     * upload's dry run, judged on its headers alone (issue 32).
     */
    public static Options withoutBody(Settlement settlement) {
      return new Options(Buffer.buffer(), 0, false, settlement, null, true);
    }

    /**
     * These options with the owner's answer read whole, settled, and then handed to {@code answering} to send
     * (a creating POST's wait) instead of being relayed as it is.
     */
    public Options answeredBy(Answering answering) {
      return new Options(body, maxBody, true, settlement, answering, bodyWithheld);
    }
  }

  /** Sends the caller an answer built from the owner's, read whole and settled ({@link Options#answeredBy}). */
  @FunctionalInterface
  public interface Answering {
    void answer(Exchange exchange, Outcome outcome);
  }

  /**
   * What the caller gets: the owner's status, or the gateway's 413/502/504 when the request did not reach the owner
   * whole ({@code reached} false); with {@code capture}, the answer's headers and body.
   */
  public record Outcome(int status, boolean reached, MultiMap headers, Buffer body) {
  }

  /**
   * What an answer settles (the {@code Idempotency-Key} record, a unit given back) before the caller sees it, so
   * that a retry or a usage read sent right after the answer finds it settled. The future is complete at once when
   * there is nothing to wait for ({@link Future#succeededFuture()}, which allocates nothing), and the answer then
   * goes out without a hop.
   */
  @FunctionalInterface
  public interface Settlement {
    Settlement NONE = outcome -> Future.succeededFuture();

    Future<?> settle(Outcome outcome);
  }

  @PreDestroy
  void close() {
    clients.close();
  }

  /** Forwards the request of {@code exchange} to {@code owner} with {@code internalToken} as its bearer token. */
  public void forward(Exchange exchange, Owner owner, String internalToken, Options options) {
    exchange.pause();
    var base = owners.get(owner);
    var requestOptions = new RequestOptions()
        .setMethod(exchange.method())
        .setHost(base.getHost())
        .setPort(base.getPort())
        .setURI(exchange.uri())
        .setIdleTimeout(idleTimeoutMillis);
    var body = new LimitedBody(exchange.bodyStream(), options.maxBody());
    var settlement = options.settlement();
    clients.current().request(requestOptions)
        .compose(upstream -> {
          headers.toOwner(exchange, internalToken, upstream.headers());
          if (options.bodyWithheld()) {
            withheldBody(exchange.headers(), upstream.headers());
          }
          if (options.answering() != null || options.capture()) {
            // The gateway reads this answer, to build its own or to store it for Idempotency-Key replays (without a
            // job's shown-once webhookSecret, which it must find), so it asks for it uncompressed.
            upstream.headers().remove(HttpHeaders.ACCEPT_ENCODING);
          }
          return send(exchange, upstream, body, options);
        })
        .onSuccess(upstreamResponse -> {
          if (options.capture()) {
            captureAndRelay(exchange, upstreamResponse, settlement, options.answering());
          } else {
            settleAndRelay(exchange, upstreamResponse, settlement);
          }
        })
        .onFailure(failure -> {
          if (body.exceeded()) {
            var refused = settlement.settle(new Outcome(413, false, null, null));
            afterwards(refused, () -> exchange.refuseBody(RequestSizes.tooLarge(body.limit())));
          } else {
            failed(exchange, base, failure, settlement);
          }
        });
  }

  /**
   * The head of a request whose body stays with the caller: the declared length as {@code Upload-Length} (never the
   * caller's own), and no {@code Expect: 100-continue}, since no body follows.
   */
  private static void withheldBody(MultiMap callers, MultiMap toOwner) {
    toOwner.remove(UPLOAD_LENGTH).remove(HttpHeaders.EXPECT);
    var declared = callers.get(HttpHeaders.CONTENT_LENGTH);
    if (declared != null) {
      toOwner.set(UPLOAD_LENGTH, declared.trim());
    }
  }

  /**
   * Sends the body: the one already read (or given whole, in process), or the caller's, piped with back-pressure. A
   * streamed body that passes its limit aborts the upstream request (the owner never gets a cut body to act on), which
   * fails its response; the caller is answered 413 there, once the failure is settled.
   */
  private static Future<HttpClientResponse> send(Exchange exchange, HttpClientRequest upstream, LimitedBody body,
      Options options) {
    // Every failure of the upstream request also fails its response, where it is answered; without a handler here
    // Vert.x would log each one as an error besides.
    upstream.exceptionHandler(ignored -> {
    });
    var whole = options.body() != null ? options.body() : exchange.wholeBody();
    if (whole != null) {
      upstream.headers().remove(HttpHeaders.TRANSFER_ENCODING);
      upstream.putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(whole.length()));
      return upstream.send(whole);
    }
    var requestHeaders = exchange.headers();
    var declaredLength = requestHeaders.contains(HttpHeaders.CONTENT_LENGTH);
    if (!declaredLength && !requestHeaders.contains(HttpHeaders.TRANSFER_ENCODING)) {
      exchange.resume();
      return upstream.send();
    }
    if (exchange.closed()) {
      // The caller left while its call was admitted (its unit taken): its close went by before anything listened to
      // the body, so nothing would ever end it, and the forward would hold the unit until the idle timeout. Nothing
      // is sent; the failed response settles the call as unreached (the unit given back, the key freed).
      upstream.reset();
      return upstream.response();
    }
    upstream.setChunked(!declaredLength);
    body.pipe().endOnFailure(false).to(upstream).onFailure(failure -> {
      var answered = upstream.response().succeeded();
      upstream.reset(0, failure);
      if (body.exceeded() && answered) {
        // The owner answered before the body passed its limit, so no failed response will answer the 413: it is
        // answered here (or, once the owner's head is out, the connection closed).
        exchange.refuseBody(RequestSizes.tooLarge(body.limit()));
      }
    });
    return upstream.response();
  }

  /**
   * A streamed answer: its status settles the request (a unit given back) before the head is written. The answer
   * waits paused meanwhile, so none of it is lost before the relay takes it.
   */
  private static void settleAndRelay(Exchange exchange, HttpClientResponse upstream, Settlement settlement) {
    var settled = settlement.settle(new Outcome(upstream.statusCode(), true, upstream.headers(), null));
    if (settled.isComplete()) {
      exchange.relay(upstream);
      return;
    }
    upstream.pause();
    settled.onComplete(ignored -> exchange.relay(upstream));
  }

  /** A buffered answer: read whole, its record stored and its unit given back, and only then sent. */
  private void captureAndRelay(Exchange exchange, HttpClientResponse upstream, Settlement settlement,
      Answering answering) {
    upstream.body()
        .onSuccess(body -> {
          var outcome = new Outcome(upstream.statusCode(), true, upstream.headers(), body);
          var settled = settlement.settle(outcome);
          afterwards(settled, () -> {
            if (exchange.ended() || exchange.closed()) {
              return;
            }
            if (answering != null) {
              answering.answer(exchange, outcome);
              return;
            }
            exchange.relayWhole(upstream.statusCode(), upstream.statusMessage(), upstream.headers(), body);
          });
        })
        .onFailure(failure -> failed(exchange, URI.create("upstream:response"), failure, settlement));
  }

  /**
   * Sends an answer the gateway built from an owner's ({@link Answering}): as relayed as the owner's own, with
   * {@code headers} (the owner's) less the hop-by-hop ones and the length, which {@code body} sets.
   */
  public static void answer(Exchange exchange, int status, MultiMap headers, Buffer body) {
    exchange.answerBuilt(status, headers, body);
  }

  /** The gateway's own 502/504, sent once the failure is settled (the key freed, the unit given back). */
  private static void failed(Exchange exchange, URI owner, Throwable failure, Settlement settlement) {
    var timedOut = failure.getClass().getSimpleName().contains("Timeout")
        || String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT).contains("timeout");
    var settled = settlement.settle(new Outcome(timedOut ? 504 : 502, false, null, null));
    afterwards(settled, () -> {
      if (exchange.closed()) {
        Log.debugf("%s %s to %s ended without its caller, who left: %s", exchange.method(), exchange.path(), owner,
            failure);
        return;
      }
      if (exchange.headWritten()) {
        exchange.reset();
        return;
      }
      Log.warnf("Forwarding %s %s to %s failed: %s", exchange.method(), exchange.path(), owner, failure);
      var error = timedOut
          ? ApiError.of(ErrorCode.UPSTREAM_TIMEOUT, TIMED_OUT)
          : ApiError.of(ErrorCode.UPSTREAM_ERROR, UNREACHABLE);
      exchange.resume();
      exchange.error(error);
    });
  }

  private static void afterwards(Future<?> settled, Runnable answer) {
    if (settled.isComplete()) {
      answer.run();
    } else {
      settled.onComplete(ignored -> answer.run());
    }
  }
}
