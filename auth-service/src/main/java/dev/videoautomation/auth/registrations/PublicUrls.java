package dev.videoautomation.auth.registrations;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Absolute URLs on the gateway's public address ({@code PUBLIC_BASE_URL}). */
@ApplicationScoped
public class PublicUrls {
  private final String base;

  PublicUrls(@ConfigProperty(name = "public-base-url") String base) {
    this.base = base.replaceAll("/+$", "");
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
