package dev.videoautomation.gateway.jobs;

import java.net.URI;
import java.util.EnumMap;
import java.util.Map;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.tracing.TracingPolicy;

import dev.videoautomation.gateway.config.GatewayConfig;
import dev.videoautomation.gateway.routing.Owner;
import dev.videoautomation.platform.http.ApiVersion;

/**
 * The owners' internal job API (docs/internal-api.md §3.13–3.16), asked by the gateway with the caller's client
 * token. Each call has {@code gateway.jobs.owner-timeout}; reads are retried once on a failed connection, a timeout,
 * 502 or 504 (§1.4), so a read answers within about twice that however the owner fails.
 */
@Singleton
public class OwnerJobs {
  private static final long RETRY_BACKOFF_MILLIS = 100;

  /** One owner answer: status, headers, body. */
  public record Answer(int status, MultiMap headers, Buffer body) {
    public boolean ok() {
      return status >= 200 && status < 300;
    }

    public JsonObject json() {
      return body.length() == 0 ? new JsonObject() : body.toJsonObject();
    }

    public String contentType() {
      var type = headers.get("Content-Type");
      return type == null ? "application/json" : type;
    }
  }

  private final Vertx vertx;
  private final HttpClient client;
  private final long timeoutMillis;
  private final Map<Owner, URI> owners = new EnumMap<>(Owner.class);

  OwnerJobs(Vertx vertx, GatewayConfig config) {
    this.vertx = vertx;
    this.timeoutMillis = config.jobs().ownerTimeout().toMillis();
    this.client = vertx.createHttpClient(new HttpClientOptions()
            .setConnectTimeout((int) Math.min(timeoutMillis, config.upstream().connectTimeout().toMillis()))
            .setKeepAlive(true).setTcpNoDelay(true).setTracingPolicy(TracingPolicy.PROPAGATE),
        new PoolOptions().setHttp1MaxSize(50));
    for (var owner : new Owner[] {Owner.CLONE, Owner.RECORDS}) {
      owners.put(owner, config.owners().get(owner.configName()));
    }
  }

  @PreDestroy
  void close() {
    client.close();
  }

  /** §3.13: the job view. */
  public Future<Answer> view(Owner owner, String jobId, String token, String requestId) {
    return read(owner, "/internal/jobs/" + jobId, token, requestId);
  }

  /** §3.15: the kept events after {@code after}. */
  public Future<Answer> events(Owner owner, String jobId, long after, String token, String requestId) {
    return read(owner, "/internal/jobs/" + jobId + "/events?after=" + after, token, requestId);
  }

  /** §3.14: a page of the client's jobs; {@code query} is the encoded query string, without {@code ?}. */
  public Future<Answer> list(Owner owner, String query, String token, String requestId) {
    return read(owner, "/internal/jobs?" + query, token, requestId);
  }

  /** §3.16: cancel (idempotent on the owner's side, but not retried here: the caller may retry). */
  public Future<Answer> cancel(Owner owner, String jobId, String token, String requestId) {
    return call(HttpMethod.POST, owner, "/internal/jobs/" + jobId + "/cancel", token, requestId);
  }

  /** Any public read of the owner's ({@code GET /v1/clones/video/vid_…}), as the caller would make it. */
  public Future<Answer> resource(Owner owner, String path, String token, String requestId) {
    return read(owner, path, token, requestId);
  }

  private Future<Answer> read(Owner owner, String uri, String token, String requestId) {
    return call(HttpMethod.GET, owner, uri, token, requestId).transform(first -> {
      var retriable = first.failed() || first.result().status() == 502 || first.result().status() == 504;
      if (!retriable) {
        return Future.succeededFuture(first.result());
      }
      return Future.<Void>future(promise -> vertx.setTimer(RETRY_BACKOFF_MILLIS, id -> promise.complete()))
          .compose(ignored -> call(HttpMethod.GET, owner, uri, token, requestId));
    });
  }

  private Future<Answer> call(HttpMethod method, Owner owner, String uri, String token, String requestId) {
    var base = owners.get(owner);
    var options = new RequestOptions().setMethod(method).setHost(base.getHost()).setPort(base.getPort())
        .setURI(uri).setTimeout(timeoutMillis)
        .putHeader("Authorization", "Bearer " + token).putHeader("Accept", "application/json");
    if (requestId != null) {
      options.putHeader(ApiVersion.REQUEST_ID_HEADER, requestId);
    }
    return client.request(options)
        .compose(request -> method == HttpMethod.POST ? request.send(Buffer.buffer()) : request.send())
        .compose(response -> response.body().map(body -> new Answer(response.statusCode(), response.headers(),
            body)));
  }
}
