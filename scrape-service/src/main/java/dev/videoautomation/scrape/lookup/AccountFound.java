package dev.videoautomation.scrape.lookup;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Whether a handle exists on a platform, with what the provider says about it (docs/internal-api.md §3.9). */
@RegisterForReflection
public record AccountFound(boolean exists, String platform, String handle, String displayName, Long followers,
    String profileUrl, String avatarUrl) {

  static AccountFound absent(String platform, String handle) {
    return new AccountFound(false, platform, handle, null, null, null, null);
  }
}
