package dev.videoautomation.gateway.info;

/**
 * The one OpenAPI tag of the gateway's own pages (info, usage, the merged document, the error codes). It lives with
 * the discovery pages rather than in {@code openapi} so that the usage page can carry it without depending on the
 * document merge.
 */
public final class DiscoveryTag {
  public static final String NAME = "Discovery and usage";

  private DiscoveryTag() {
  }
}
