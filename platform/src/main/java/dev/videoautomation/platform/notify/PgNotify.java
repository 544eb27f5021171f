package dev.videoautomation.platform.notify;

import java.util.Map;

import jakarta.persistence.EntityManager;

/**
 * The one way a service tells every gateway that something changed: PostgreSQL {@code pg_notify} on a channel
 * (docs/internal-api.md §2), sent through the caller's {@link EntityManager} so it joins the caller's transaction
 * and leaves on commit, never before, and never at all on a rollback. Whether a transaction is required is the
 * caller's rule (billing's entitlement events refuse to run outside one).
 *
 * <p>Payloads are the suite's event shape, {@code {"v":1,"event":…,<ids>,"at":<epoch ms>}}, naming ids only, never
 * a key, a hash or other secret.
 */
public final class PgNotify {
  private PgNotify() {
  }

  /** Queues {@code payload} on {@code channel} in the transaction of {@code entityManager}. */
  public static void send(EntityManager entityManager, String channel, String payload) {
    entityManager.createNativeQuery("SELECT pg_notify(?1, ?2)")
        .setParameter(1, channel).setParameter(2, payload).getSingleResult();
  }

  /**
   * {@code {"v":1,"event":"<event>",<"name":"id" for each id, in order; null ids as null>,"at":<at>}}.
   */
  public static String payload(String event, Map<String, String> ids, long at) {
    var json = new StringBuilder("{\"v\":1,\"event\":").append(quoted(event));
    ids.forEach((name, id) -> json.append(',').append(quoted(name)).append(':').append(quoted(id)));
    return json.append(",\"at\":").append(at).append('}').toString();
  }

  private static String quoted(String value) {
    if (value == null) {
      return "null";
    }
    var out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
