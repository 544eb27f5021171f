package dev.videoautomation.clone;

import java.util.HashMap;
import java.util.Map;

/** A configured provider with the URL guard as in production: loopback is refused like any internal address. */
public class StrictGuard extends WithProvider {
  @Override
  public Map<String, String> getConfigOverrides() {
    var overrides = new HashMap<>(super.getConfigOverrides());
    overrides.put("platform.url-guard.allow-loopback", "false");
    return overrides;
  }
}
