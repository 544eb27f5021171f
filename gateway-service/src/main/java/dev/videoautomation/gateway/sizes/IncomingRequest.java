package dev.videoautomation.gateway.sizes;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;

import dev.videoautomation.platform.errors.ApiError;

/**
 * The parts of a request that the size checks and the {@code Idempotency-Key} claim read: over HTTP a request as it
 * arrives, in process (an MCP tool call) one whose body is already whole.
 */
public interface IncomingRequest {
  /** The method's name, {@code GET}, {@code POST}, ... */
  String methodName();

  /** The request target: path and query, as sent. */
  String uri();

  MultiMap headers();

  /** The body read whole, or a failure with {@code tooLarge} as soon as it passes {@code limit} bytes. */
  Future<Buffer> readWhole(long limit, ApiError tooLarge);
}
