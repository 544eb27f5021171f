package dev.videoautomation.gateway.sizes;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;

/**
 * A request body as it streams to the owner, stopped at {@code limit} bytes: the chunk that would pass the limit is
 * not handed on, and the stream fails with {@link TooLarge} instead of ending, so that whoever pipes it aborts the
 * upstream request rather than completing it with a cut body. Needed for bodies without a {@code Content-Length},
 * whose size is known only as they arrive.
 */
public final class LimitedBody implements ReadStream<Buffer> {
  private final ReadStream<Buffer> request;
  private final long limit;
  private long received;
  private boolean exceeded;
  private Handler<Throwable> exceptionHandler;

  public LimitedBody(ReadStream<Buffer> request, long limit) {
    this.request = request;
    this.limit = limit;
  }

  /** The failure of a body that passed its limit. */
  public static final class TooLarge extends RuntimeException {
    TooLarge(long limit) {
      super("The request body passed " + limit + " bytes", null, false, false);
    }
  }

  /** Whether the body passed its limit (the upstream request was then not completed). */
  public boolean exceeded() {
    return exceeded;
  }

  public long limit() {
    return limit;
  }

  @Override
  public LimitedBody handler(Handler<Buffer> handler) {
    if (handler == null) {
      request.handler(null);
      return this;
    }
    request.handler(chunk -> {
      if (exceeded) {
        return;
      }
      received += chunk.length();
      if (received > limit) {
        exceeded = true;
        if (exceptionHandler != null) {
          exceptionHandler.handle(new TooLarge(limit));
        }
        return;
      }
      handler.handle(chunk);
    });
    return this;
  }

  @Override
  public LimitedBody exceptionHandler(Handler<Throwable> handler) {
    exceptionHandler = handler;
    request.exceptionHandler(handler);
    return this;
  }

  @Override
  public LimitedBody endHandler(Handler<Void> handler) {
    request.endHandler(handler == null ? null : ended -> {
      if (!exceeded) {
        handler.handle(ended);
      }
    });
    return this;
  }

  @Override
  public LimitedBody pause() {
    request.pause();
    return this;
  }

  @Override
  public LimitedBody resume() {
    request.resume();
    return this;
  }

  @Override
  public LimitedBody fetch(long amount) {
    request.fetch(amount);
    return this;
  }
}
