package dev.videoautomation.platform.limits;

import java.util.Arrays;
import java.util.Optional;

/**
 * The daily limit buckets of design §6, named the same in {@code /v1/usage}, {@code /v1/info}, {@code /v1/pricing}
 * and the RateLimit headers. The numbers belong to the plan (billing-service); {@link #defaultDailyLimit()} is the
 * value the design fixes, which the plan data starts from.
 */
public enum LimitBucket {
  WATCH("watch", 50, "POST /v1/watch"),
  EXTRACT("extract", 100, "POST /v1/extract"),
  TRANSCRIBE("transcribe", 30, "POST /v1/transcribe"),
  CHECK("check", 100, "POST /v1/check"),
  COMPLIANCE_VIDEO("compliance.video", 20, "POST /v1/compliance/video"),
  COMPLIANCE_PROMPT("compliance.prompt", 100, "POST /v1/compliance/prompt"),
  OVERLAY("overlay", 50, "POST /v1/overlay"),
  SCRAPE("scrape", 500, "POST /v1/scrape/* (all 24, shared)"),
  DOWNLOAD("download", 100, "POST /v1/videos/download/* (both, shared)"),
  CLONE("clone", 20, "POST /v1/clones/* (shared; polling and cancelling are free)"),
  POSTS_CREATE("posts.create", 200, "POST /v1/posts"),
  UPLOAD("upload", 100, "POST /v1/upload"),
  UPLOAD_URL("upload.url", 100, "POST /v1/upload/url"),
  IMAGES_GENERATE("images.generate", 100, "POST /v1/images/generate");

  private final String bucketName;
  private final int defaultDailyLimit;
  private final String covers;

  LimitBucket(String bucketName, int defaultDailyLimit, String covers) {
    this.bucketName = bucketName;
    this.defaultDailyLimit = defaultDailyLimit;
    this.covers = covers;
  }

  /** The name on the wire, e.g. {@code compliance.video}. */
  public String bucketName() {
    return bucketName;
  }

  public int defaultDailyLimit() {
    return defaultDailyLimit;
  }

  /** Which endpoints draw from this bucket, in words for documents. */
  public String covers() {
    return covers;
  }

  public static Optional<LimitBucket> byName(String name) {
    return Arrays.stream(values()).filter(b -> b.bucketName.equals(name)).findFirst();
  }
}
