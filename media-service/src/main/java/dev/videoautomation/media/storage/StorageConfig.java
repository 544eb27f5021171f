package dev.videoautomation.media.storage;

import java.nio.file.Path;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where stored media lives: a local directory (the embedded default) or an S3-compatible bucket. */
@ConfigMapping(prefix = "media.storage")
public interface StorageConfig {
  /** {@code local} or {@code s3}. */
  @WithDefault("local")
  String kind();

  /** The largest object accepted, in bytes (default 2 GiB); callers may lower it per request, never raise it. */
  @WithDefault("2147483648")
  long maxBytes();

  /** Local storage settings. */
  Local local();

  /** S3-compatible storage settings. */
  S3 s3();

  interface Local {
    /** The directory objects are written under; media-service serves it at {@code /cdn/**}. */
    @WithDefault("data/media")
    Path dir();
  }

  interface S3 {
    /** The bucket objects are written to. */
    Optional<String> bucket();

    /** The region (required by the signer even for R2 and MinIO; R2 uses {@code auto}). */
    @WithDefault("us-east-1")
    String region();

    /** The endpoint for R2, MinIO and other S3-compatible stores; empty for AWS S3 itself. */
    Optional<String> endpoint();

    /** Path-style addressing ({@code endpoint/bucket/key}), which MinIO needs. */
    @WithDefault("false")
    boolean pathStyle();

    /** Static access key id; instance metadata is never consulted. */
    Optional<String> accessKeyId();

    /** Static secret access key. */
    Optional<String> secretAccessKey();

    /** The public base URL objects are served from (a CDN or the bucket's public URL), without a trailing slash. */
    Optional<String> publicBaseUrl();
  }
}
