package dev.videoautomation.media.checks;

import static dev.videoautomation.media.checks.RuleName.ASPECT_RATIO_ALLOWED;
import static dev.videoautomation.media.checks.RuleName.ASPECT_RATIO_RECOMMENDED;
import static dev.videoautomation.media.checks.RuleName.AUDIO_CODEC_ALLOWED;
import static dev.videoautomation.media.checks.RuleName.AUDIO_REQUIRED;
import static dev.videoautomation.media.checks.RuleName.BITRATE_MAX;
import static dev.videoautomation.media.checks.RuleName.BITRATE_MIN;
import static dev.videoautomation.media.checks.RuleName.CAPTION_MAX_LENGTH;
import static dev.videoautomation.media.checks.RuleName.DURATION_MAX;
import static dev.videoautomation.media.checks.RuleName.DURATION_MIN;
import static dev.videoautomation.media.checks.RuleName.FPS_MAX;
import static dev.videoautomation.media.checks.RuleName.FPS_MIN;
import static dev.videoautomation.media.checks.RuleName.HASHTAGS_MAX;
import static dev.videoautomation.media.checks.RuleName.HASHTAGS_RECOMMENDED_MAX;
import static dev.videoautomation.media.checks.RuleName.RESOLUTION_MAX_LONG_SIDE;
import static dev.videoautomation.media.checks.RuleName.RESOLUTION_MIN_SHORT_SIDE;
import static dev.videoautomation.media.checks.RuleName.RESOLUTION_RECOMMENDED_SHORT_SIDE;
import static dev.videoautomation.media.checks.RuleName.SIZE_MAX_BYTES;
import static dev.videoautomation.media.checks.RuleName.VIDEO_CODEC_ALLOWED;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in rule sets, one per platform, with the public source of each figure. Bump {@link #VERSION} (the date
 * the figures were last checked) whenever a figure changes: results name it as {@code <platform>@<version>}.
 */
public final class BuiltInRules {
  public static final String VERSION = "2026-11-23";
  public static final String SHORTVIDEO = "shortvideo";
  public static final String PHOTO = "photo";
  public static final List<String> PLATFORMS = List.of(SHORTVIDEO, PHOTO);

  private static final long MB = 1_000_000L;

  /**
   * {@code shortvideo}, modelled on TikTok. Sources:
   * [API] TikTok Content Posting API, media transfer guide, "Video restrictions"
   * (https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide);
   * [DIRECT] Direct Post reference (https://developers.tiktok.com/doc/content-posting-api-reference-direct-post);
   * [ADS] TikTok Ads "Video ads specifications" (https://ads.tiktok.com/help/article/video-ads-specifications);
   * [HELP] TikTok Help Center, "Uploading videos" (https://support.tiktok.com/en/using-tiktok/creating-videos/upload-videos).
   */
  private static final List<Rule> SHORTVIDEO_RULES = List.of(
      // [API] min 3 s; max is per creator (max_video_post_duration_sec); [HELP] uploads up to 10 minutes in the app.
      Rule.builtIn(DURATION_MIN, 3),
      Rule.builtIn(DURATION_MAX, 600),
      // [API] "9:16 or 16:9"; [ADS] also accepts 1:1. [HELP]/[ADS] 9:16 is the full-screen format.
      Rule.builtIn(ASPECT_RATIO_ALLOWED, List.of("9:16", "16:9", "1:1")),
      Rule.builtIn(ASPECT_RATIO_RECOMMENDED, "9:16"),
      // [API] width and height 360-4096 px; [ADS] 540x960 minimum for 9:16, 720p+ recommended.
      Rule.builtIn(RESOLUTION_MIN_SHORT_SIDE, 360L),
      Rule.builtIn(RESOLUTION_RECOMMENDED_SHORT_SIDE, 720L),
      Rule.builtIn(RESOLUTION_MAX_LONG_SIDE, 4096L),
      // [API] frame rate 23-60 FPS.
      Rule.builtIn(FPS_MIN, 23),
      Rule.builtIn(FPS_MAX, 60),
      // [ADS] <= 500 MB (also the classic web uploader limit); [API] accepts up to 4 GB and the iOS app 287.6 MB.
      // We choose 500 MB: it holds for ads and web, and a client posting through the API raises it with a custom rule.
      Rule.builtIn(SIZE_MAX_BYTES, 500 * MB),
      // [ADS] bitrate >= 516 kbps; a warning, since organic uploads are re-encoded.
      Rule.builtIn(BITRATE_MIN, 516_000L),
      // [API] H.264 (recommended), H.265, VP8, VP9.
      Rule.builtIn(VIDEO_CODEC_ALLOWED, List.of("h264", "hevc", "vp8", "vp9")),
      // [HELP] sound is central to TikTok; silent videos are allowed, hence a warning.
      Rule.builtIn(AUDIO_REQUIRED, true),
      // [ADS] AAC is the documented audio codec; TikTok re-encodes others, hence a warning here.
      Rule.builtIn(AUDIO_CODEC_ALLOWED, List.of("aac", "mp3", "opus"), Severity.WARNING),
      // [DIRECT] post_info.title (the caption) at most 2200 UTF-16 runes through the API, which is how agents post;
      // the app itself allows 4000 characters since 2024.
      Rule.builtIn(CAPTION_MAX_LENGTH, 2200L));

  /**
   * {@code photo}, modelled on Instagram Reels. Sources:
   * [IG] Instagram Graph API, IG User Media, "Reel specifications"
   * (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media#reel-specifications);
   * [PUB] Content publishing limits: 2200-character captions, 30 hashtags, 20 @-tags
   * (https://developers.facebook.com/docs/instagram-platform/content-publishing);
   * [META] Meta Ads Guide, Instagram Reels video ads (https://www.facebook.com/business/ads-guide/video/instagram-reels);
   * [CREATORS] Instagram's own advice to use 3 to 5 relevant hashtags (https://creators.instagram.com/).
   */
  private static final List<Rule> PHOTO_RULES = List.of(
      // [IG] 3 seconds minimum, 15 minutes maximum.
      Rule.builtIn(DURATION_MIN, 3),
      Rule.builtIn(DURATION_MAX, 900),
      // [IG] accepts 0.01:1 to 10:1 and recommends 9:16; [META] Reels show 9:16, feed 4:5 to 16:9. We allow the
      // ratios Instagram displays without heavy cropping.
      Rule.builtIn(ASPECT_RATIO_ALLOWED, List.of("9:16", "4:5", "1:1", "16:9")),
      Rule.builtIn(ASPECT_RATIO_RECOMMENDED, "9:16"),
      // [META] minimum width 500 px; recommended 1080x1920. [IG] maximum 1920 columns.
      Rule.builtIn(RESOLUTION_MIN_SHORT_SIDE, 500L),
      Rule.builtIn(RESOLUTION_RECOMMENDED_SHORT_SIDE, 1080L),
      Rule.builtIn(RESOLUTION_MAX_LONG_SIDE, 1920L),
      // [IG] 23-60 FPS.
      Rule.builtIn(FPS_MIN, 23),
      Rule.builtIn(FPS_MAX, 60),
      // [IG] file size: the reference has said 300 MB and now 1 GB; we follow the current 1 GB.
      Rule.builtIn(SIZE_MAX_BYTES, 1000 * MB),
      // [IG] video bitrate VBR, 25 Mbps maximum.
      Rule.builtIn(BITRATE_MAX, 25_000_000L),
      // [IG] HEVC or H264, progressive scan, closed GOP, 4:2:0.
      Rule.builtIn(VIDEO_CODEC_ALLOWED, List.of("h264", "hevc")),
      Rule.builtIn(AUDIO_REQUIRED, true),
      // [IG] AAC, 48 kHz maximum, mono or stereo.
      Rule.builtIn(AUDIO_CODEC_ALLOWED, List.of("aac")),
      // [PUB] 2200 characters, 30 hashtags.
      Rule.builtIn(CAPTION_MAX_LENGTH, 2200L),
      Rule.builtIn(HASHTAGS_MAX, 30L),
      // [CREATORS] 3-5 hashtags recommended.
      Rule.builtIn(HASHTAGS_RECOMMENDED_MAX, 5L));

  private static final Map<String, List<Rule>> SETS = Map.of(SHORTVIDEO, SHORTVIDEO_RULES, PHOTO, PHOTO_RULES);

  private BuiltInRules() {
  }

  /** The built-in rules of {@code platform}, or empty for a platform we do not know. */
  public static Optional<List<Rule>> forPlatform(String platform) {
    return Optional.ofNullable(platform == null ? null : SETS.get(platform));
  }

  /** The name results give the built-in set: {@code shortvideo@2026-11-23}. */
  public static String ruleSetName(String platform) {
    return platform + "@" + VERSION;
  }
}
