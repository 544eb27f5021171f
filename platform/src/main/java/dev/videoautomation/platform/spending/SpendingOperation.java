package dev.videoautomation.platform.spending;

import static dev.videoautomation.platform.spending.BillingOperation.ACCOUNT_CREATE;
import static dev.videoautomation.platform.spending.BillingOperation.CLONE_RENDER;
import static dev.videoautomation.platform.spending.BillingOperation.IMAGE_GENERATE;
import static dev.videoautomation.platform.spending.BillingOperation.MUSIC_GENERATE;

import java.util.Arrays;
import java.util.Optional;

import dev.videoautomation.platform.limits.LimitBucket;

/**
 * The one table of the operations that spend (issue 32): each public operation that takes a unit of a daily bucket,
 * charges credits, or both, by its {@code operationId} in the merged OpenAPI document, with its method and path, its
 * {@link LimitBucket}, the {@link BillingOperation} its owner charges, and, where the price depends on the input,
 * what picks the variant. The gateway meters a route by it, owners charge the billing operation it names, and
 * {@code /v1/pricing} and {@code /v1/info} join it with billing's price list; later dry runs, {@code Max-Credits}
 * and sub-key buckets read it too. Prices are not here: they are billing's data. An operation absent from this table
 * spends nothing (gateway {@code SpendingTableTest} holds the table to the OpenAPI snapshot and the route table).
 */
public enum SpendingOperation {
  // Scrape and video import: the 24 scrape operations share one bucket.
  SCRAPE_SHORTVIDEO_PROFILE("scrapeShortvideoProfile", "/v1/scrape/shortvideo/profile"),
  SCRAPE_SHORTVIDEO_PROFILE_VIDEOS("scrapeShortvideoProfileVideos", "/v1/scrape/shortvideo/profile/videos"),
  SCRAPE_SHORTVIDEO_VIDEO("scrapeShortvideoVideo", "/v1/scrape/shortvideo/video"),
  SCRAPE_SHORTVIDEO_VIDEO_TRANSCRIPT("scrapeShortvideoVideoTranscript", "/v1/scrape/shortvideo/video/transcript"),
  SCRAPE_SHORTVIDEO_VIDEO_COMMENTS("scrapeShortvideoVideoComments", "/v1/scrape/shortvideo/video/comments"),
  SCRAPE_SHORTVIDEO_SEARCH_USERS("scrapeShortvideoSearchUsers", "/v1/scrape/shortvideo/search/users"),
  SCRAPE_SHORTVIDEO_TRENDING("scrapeShortvideoTrending", "/v1/scrape/shortvideo/trending"),
  SCRAPE_PHOTO_PROFILE("scrapePhotoProfile", "/v1/scrape/photo/profile"),
  SCRAPE_PHOTO_USER_POSTS("scrapePhotoUserPosts", "/v1/scrape/photo/user/posts"),
  SCRAPE_PHOTO_POST("scrapePhotoPost", "/v1/scrape/photo/post"),
  SCRAPE_PHOTO_POST_COMMENTS("scrapePhotoPostComments", "/v1/scrape/photo/post/comments"),
  SCRAPE_PHOTO_USER_REELS("scrapePhotoUserReels", "/v1/scrape/photo/user/reels"),
  SCRAPE_MICROBLOG_PROFILE("scrapeMicroblogProfile", "/v1/scrape/microblog/profile"),
  SCRAPE_MICROBLOG_USER_TWEETS("scrapeMicroblogUserTweets", "/v1/scrape/microblog/user-tweets"),
  SCRAPE_MICROBLOG_TWEET("scrapeMicroblogTweet", "/v1/scrape/microblog/tweet"),
  SCRAPE_MICROBLOG_TWEET_TRANSCRIPT("scrapeMicroblogTweetTranscript", "/v1/scrape/microblog/tweet/transcript"),
  SCRAPE_VIDEOSITE_CHANNEL("scrapeVideositeChannel", "/v1/scrape/videosite/channel"),
  SCRAPE_VIDEOSITE_CHANNEL_VIDEOS("scrapeVideositeChannelVideos", "/v1/scrape/videosite/channel-videos"),
  SCRAPE_VIDEOSITE_VIDEO("scrapeVideositeVideo", "/v1/scrape/videosite/video"),
  SCRAPE_VIDEOSITE_VIDEO_COMMENTS("scrapeVideositeVideoComments", "/v1/scrape/videosite/video/comments"),
  SCRAPE_ADS_SOCIAL("scrapeAdsSocial", "/v1/scrape/ads/social"),
  SCRAPE_ADS_SEARCH("scrapeAdsSearch", "/v1/scrape/ads/search"),
  SCRAPE_ADS_PROFESSIONAL("scrapeAdsProfessional", "/v1/scrape/ads/professional"),
  SCRAPE_ADS_FORUM("scrapeAdsForum", "/v1/scrape/ads/forum"),
  IMPORT_VIDEO("importVideo", "POST", "/v1/videos/download/{platform}", LimitBucket.DOWNLOAD, null, null),

  // Media: storage and intelligence.
  UPLOAD_MEDIA("uploadMedia", "POST", "/v1/upload", LimitBucket.UPLOAD, null, null),
  STAGE_MEDIA_FROM_URL("stageMediaFromUrl", "POST", "/v1/upload/url", LimitBucket.UPLOAD_URL, null, null),
  OVERLAY_TEXT("overlayText", "POST", "/v1/overlay", LimitBucket.OVERLAY, null, null),
  EXTRACT_MEDIA("extractMedia", "POST", "/v1/extract", LimitBucket.EXTRACT, null, null),
  TRANSCRIBE_MEDIA("transcribeMedia", "POST", "/v1/transcribe", LimitBucket.TRANSCRIBE, null, null),
  WATCH_VIDEO("watchVideo", "POST", "/v1/watch", LimitBucket.WATCH, null, null),
  CHECK_VIDEO("checkVideo", "POST", "/v1/check", LimitBucket.CHECK, null, null),
  SCAN_VIDEO_COMPLIANCE("scanVideoCompliance", "POST", "/v1/compliance/video", LimitBucket.COMPLIANCE_VIDEO, null,
      null),
  SCAN_PROMPT_COMPLIANCE("scanPromptCompliance", "POST", "/v1/compliance/prompt", LimitBucket.COMPLIANCE_PROMPT,
      null, null),

  // Clone: the four clone operations share one bucket; character and frame are image tasks at the deployment's
  // resolution, generateImage at the caller's.
  CHECK_CLONEABILITY("checkCloneability", "POST", "/v1/clones/check", LimitBucket.CLONE, null, null),
  GENERATE_CHARACTER_IMAGE("generateCharacterImage", "POST", "/v1/clones/character", LimitBucket.CLONE,
      IMAGE_GENERATE, Variants.CLONE_RESOLUTION),
  CREATE_STARTING_FRAME("createStartingFrame", "POST", "/v1/clones/frame", LimitBucket.CLONE, IMAGE_GENERATE,
      Variants.CLONE_RESOLUTION),
  CREATE_CLONE_VIDEO("createCloneVideo", "POST", "/v1/clones/video", LimitBucket.CLONE, CLONE_RENDER, null),
  GENERATE_IMAGE("generateImage", "POST", "/v1/images/generate", LimitBucket.IMAGES_GENERATE, IMAGE_GENERATE,
      Variants.RESOLUTION),
  GENERATE_MUSIC("generateMusic", "POST", "/v1/music", null, MUSIC_GENERATE, null),

  // Records.
  CREATE_ACCOUNT("createAccount", "POST", "/v1/accounts", null, ACCOUNT_CREATE, null),
  CREATE_POST("createPost", "POST", "/v1/posts", LimitBucket.POSTS_CREATE, null, null);

  /** The variant rules shared by several rows (an enum's constants cannot read its own static fields). */
  private static final class Variants {
    static final PriceVariant RESOLUTION = PriceVariant.bodyField("resolution");
    static final PriceVariant CLONE_RESOLUTION = PriceVariant.setting("resolution",
        "clone.images.clone-resolution");
  }

  private final String operationId;
  private final String method;
  private final String path;
  private final Optional<LimitBucket> bucket;
  private final Optional<BillingOperation> billing;
  private final Optional<PriceVariant> variant;

  /** A scrape operation: a POST on the shared {@code scrape} bucket, no credits. */
  SpendingOperation(String operationId, String path) {
    this(operationId, "POST", path, LimitBucket.SCRAPE, null, null);
  }

  SpendingOperation(String operationId, String method, String path, LimitBucket bucket, BillingOperation billing,
      PriceVariant variant) {
    this.operationId = operationId;
    this.method = method;
    this.path = path;
    this.bucket = Optional.ofNullable(bucket);
    this.billing = Optional.ofNullable(billing);
    this.variant = Optional.ofNullable(variant);
  }

  /** The operationId of the merged OpenAPI document, e.g. {@code generateImage}. */
  public String operationId() {
    return operationId;
  }

  public String method() {
    return method;
  }

  /** The path as the OpenAPI document writes it, parameters in braces: {@code /v1/videos/download/{platform}}. */
  public String path() {
    return path;
  }

  /** The path as a gateway route pattern: each {@code {parameter}} is one segment, {@code *}. */
  public String routePattern() {
    return path.replaceAll("\\{[^/]+}", "*");
  }

  /** The daily bucket a call takes one unit of; empty when the gateway does not meter it. */
  public Optional<LimitBucket> bucket() {
    return bucket;
  }

  /** The billing operation its owner charges; empty when it costs no credits. */
  public Optional<BillingOperation> billing() {
    return billing;
  }

  /** What picks the price variant; empty when the call always costs the billing operation's default. */
  public Optional<PriceVariant> variant() {
    return variant;
  }

  /** The name its owner sends to billing's charge; throws for a row that charges nothing (a programming error). */
  public String billingOperationName() {
    return billing.map(BillingOperation::operationName)
        .orElseThrow(() -> new IllegalStateException(operationId + " charges no credits"));
  }

  public static Optional<SpendingOperation> byOperationId(String operationId) {
    return Arrays.stream(values()).filter(o -> o.operationId.equals(operationId)).findFirst();
  }

  /**
   * The row that charges credits for a request, by its method and concrete path ({@code /v1/images/generate}; each
   * {@code {parameter}} matches one non-empty segment); empty when the request charges nothing.
   */
  public static Optional<SpendingOperation> charging(String method, String path) {
    return Arrays.stream(values()).filter(o -> o.billing.isPresent() && o.method.equals(method) && o.matches(path))
        .findFirst();
  }

  private boolean matches(String concretePath) {
    var pattern = path.split("/", -1);
    var given = concretePath.split("/", -1);
    if (pattern.length != given.length) {
      return false;
    }
    for (int i = 0; i < pattern.length; i++) {
      var parameter = pattern[i].startsWith("{") && pattern[i].endsWith("}");
      if (parameter ? given[i].isEmpty() : !pattern[i].equals(given[i])) {
        return false;
      }
    }
    return true;
  }

  /** The row of a gateway route, by its method and pattern ({@code *} for a parameter). */
  public static Optional<SpendingOperation> byRoute(String method, String routePattern) {
    return Arrays.stream(values()).filter(o -> o.method.equals(method) && o.routePattern().equals(routePattern))
        .findFirst();
  }
}
