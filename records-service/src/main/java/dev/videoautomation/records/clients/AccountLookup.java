package dev.videoautomation.records.clients;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Scrape's answer to {@code POST /internal/lookup/account}: does the handle exist, and what the provider says. */
@RegisterForReflection
@JsonIgnoreProperties(ignoreUnknown = true)
public record AccountLookup(boolean exists, String platform, String handle, String displayName, Long followers,
    String profileUrl, String avatarUrl) {

  @RegisterForReflection
  public record Query(String platform, String handle) {
  }
}
