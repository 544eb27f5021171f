package dev.videoautomation.platform.http;

/** The API's date version and the header names every service uses. One place, so they never drift. */
public final class ApiVersion {
  /** The date version of the API: the {@code Service-Version} header and every OpenAPI {@code info.version}. */
  public static final String CURRENT = "2026-11-21";

  public static final String SERVICE_VERSION_HEADER = "Service-Version";
  public static final String REQUEST_ID_HEADER = "X-Request-Id";

  private ApiVersion() {
  }
}
