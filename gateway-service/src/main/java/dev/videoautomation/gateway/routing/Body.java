package dev.videoautomation.gateway.routing;

/**
 * The largest request body a route takes, by kind (the figures are settings): documents are small and read by the
 * owner whole, media files stream through. The gateway refuses a body past its route's limit itself, before the
 * owner sees a byte of it.
 */
public enum Body {
  /** JSON documents and forms: {@code GATEWAY_MAX_BODY_BYTES}, 1 MiB by default. */
  DOCUMENT,
  /** Media files, multipart or raw: {@code GATEWAY_MAX_UPLOAD_BYTES}, 2 GiB by default (media's storage limit). */
  UPLOAD
}
