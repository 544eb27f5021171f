package dev.videoautomation.auth.openapi;

/** Sentences several operations of the OpenAPI document share (annotation values: compile-time constants). */
public final class Descriptions {
  /** The gateway's idempotency (design §3 step 5) never applies to the public credential routes. */
  public static final String IGNORES_IDEMPOTENCY_KEY = " `Idempotency-Key` is ignored here (a public credential "
      + "route: each call is its own).";

  private Descriptions() {
  }
}
