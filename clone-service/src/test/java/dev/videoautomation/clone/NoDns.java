package dev.videoautomation.clone;

import java.util.HashMap;
import java.util.Map;

/** A configured provider on a host where no name resolves (a cluster that reaches the outside through a proxy). */
public class NoDns extends WithProvider {
  @Override
  public Map<String, String> getConfigOverrides() {
    var overrides = new HashMap<>(super.getConfigOverrides());
    overrides.put(OfflineDns.NO_DNS, "true");
    return overrides;
  }
}
