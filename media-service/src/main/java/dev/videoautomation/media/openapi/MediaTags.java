package dev.videoautomation.media.openapi;

/**
 * The tags of media's operations, each with the one description every resource that uses it repeats (SmallRye keeps
 * the description of whichever declaration it reads first, so they must not differ).
 */
public final class MediaTags {
  public static final String MEDIA = "Media";
  public static final String MEDIA_TEXT = "Store audio, video and images on the CDN: a file you send, or a URL the "
      + "service fetches. Each stored object gets a `med_` id and a public URL that every media input takes.";
  public static final String CDN = "CDN";
  public static final String CDN_TEXT = "The public URLs of stored media, `<base>/cdn/m/<med id>/<file name>`: open to "
      + "anyone holding the URL (no key), with byte ranges and year-long caching.";
  public static final String INTELLIGENCE = "Intelligence";
  public static final String INTELLIGENCE_TEXT = "Look into a video: frames, audio and metadata with ffmpeg, speech to "
      + "text, and a vision model watching it.";
  public static final String PROCESSING = "Processing";
  public static final String PROCESSING_TEXT = "Change a video with ffmpeg: text overlays.";
  public static final String CHECK = "Check";
  public static final String CHECK_TEXT = "Validate a video against a platform's specifications and your own rules.";
  public static final String COMPLIANCE = "Compliance";
  public static final String COMPLIANCE_TEXT = "Scan prompts, captions and videos against platform terms.";

  private MediaTags() {
  }
}
