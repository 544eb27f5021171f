package dev.videoautomation.clone;

import java.util.HashMap;
import java.util.Map;

/**
 * The URL guard as in production (loopback refused), the suite's local CDN ({@code <public-base-url>/cdn}, set to the
 * WireMock stand-in by the test, so any fetch of it would be recorded) and an S3 public base on a public name.
 */
public class OwnCdn extends StrictGuard {
  public static final String S3_BASE = "https://cdn.example/vas";

  @Override
  public Map<String, String> getConfigOverrides() {
    var overrides = new HashMap<>(super.getConfigOverrides());
    overrides.put("media.storage.s3.public-base-url", S3_BASE);
    overrides.put("clone.images.sync-wait", "PT0S");
    return overrides;
  }
}
