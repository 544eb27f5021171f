package dev.videoautomation.gateway.idempotency;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;

/**
 * Fields of an answer that are shown once and so never kept in a stored answer: a job's {@code webhookSecret}
 * (docs/jobs.md). The owners derive it and never store it; an {@code Idempotency-Key} replay of the creating answer
 * comes without it rather than putting the secret in plaintext in {@code idempotency_keys}.
 */
final class ShownOnce {
  static final String WEBHOOK_SECRET = "webhookSecret";

  private ShownOnce() {
  }

  /** {@code body} as stored: without the shown-once fields when it is a JSON object that has any. */
  static byte[] withoutSecrets(byte[] body) {
    if (body == null || body.length == 0 || body[0] != '{') {
      return body;
    }
    try {
      var answer = new JsonObject(Buffer.buffer(body));
      if (!answer.containsKey(WEBHOOK_SECRET)) {
        return body;
      }
      answer.remove(WEBHOOK_SECRET);
      return answer.toBuffer().getBytes();
    } catch (DecodeException notAnObject) {
      return body;
    }
  }
}
