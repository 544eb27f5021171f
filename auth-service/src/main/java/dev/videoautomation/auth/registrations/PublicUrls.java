package dev.videoautomation.auth.registrations;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.config.SuiteConfig;

/** Absolute URLs on the gateway's public address ({@code PUBLIC_BASE_URL}). */
@ApplicationScoped
public class PublicUrls {
  private final String base;

  PublicUrls(SuiteConfig config) {
    this.base = config.publicBaseUrl().replaceAll("/+$", "");
  }

  public String base() {
    return base;
  }

  public String of(String path) {
    return base + path;
  }

  public String claimUrl(String claimToken) {
    return of("/claim/" + claimToken);
  }
}
