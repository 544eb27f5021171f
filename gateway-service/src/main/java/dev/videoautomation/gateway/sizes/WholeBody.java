package dev.videoautomation.gateway.sizes;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;

/**
 * A request body read whole before it is forwarded, for the one request that must be (a {@code POST} with an
 * {@code Idempotency-Key}, compared with its first). Every other body streams through ({@link LimitedBody}).
 */
public final class WholeBody {
  private WholeBody() {
  }

  /** The body of {@code request}, or a failure with {@code tooLarge} as soon as it passes {@code limit} bytes. */
  public static Future<Buffer> read(HttpServerRequest request, long limit, ApiError tooLarge) {
    var promise = Promise.<Buffer>promise();
    var body = Buffer.buffer();
    request.handler(chunk -> {
      if (promise.future().isComplete()) {
        return;
      }
      if (body.length() + chunk.length() > limit) {
        promise.tryFail(new ApiException(tooLarge));
        return;
      }
      body.appendBuffer(chunk);
    });
    request.exceptionHandler(promise::tryFail);
    request.endHandler(ignored -> promise.tryComplete(body));
    request.resume();
    return promise.future();
  }
}
