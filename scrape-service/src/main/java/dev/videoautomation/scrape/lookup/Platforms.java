package dev.videoautomation.scrape.lookup;

import java.util.Set;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;

/** The platforms whose accounts and post videos can be looked up and imported: shortvideo and photo. */
public final class Platforms {
  public static final String SHORTVIDEO = "shortvideo";
  public static final String PHOTO = "photo";
  static final Set<String> SUPPORTED = Set.of(SHORTVIDEO, PHOTO);

  private Platforms() {
  }

  /** The platform if supported, else 400 unsupported_platform. */
  public static String require(String platform) {
    if (platform == null || !SUPPORTED.contains(platform)) {
      throw new ApiException(ApiError.of(ErrorCode.UNSUPPORTED_PLATFORM, "Platform '" + platform
          + "' is not supported here; use shortvideo or photo.").with("field", "platform")
          .withSetup("Use shortvideo or photo (a TikTok or Instagram post or account)."));
    }
    return platform;
  }
}
