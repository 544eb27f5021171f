package dev.videoautomation.clone.sources;

/** OpenAPI text shared by the operations that take caller URLs ({@link Sources#check}, {@link Sources#providerUrl}). */
public final class InputDocs {
  public static final String BAD_URL = "400 `invalid_request` naming the field (missing, malformed), or "
      + "`url_not_allowed` with `reason` and `field`: every URL given must be a public http(s) URL without user "
      + "info (loopback, private, link-local and metadata addresses are refused, after DNS), whether this service "
      + "stages it or the provider fetches it. Checked before anything else, so also when no provider is set.";
  public static final String BAD_URL_EXAMPLE = "{\"error\": \"url_not_allowed\", \"message\": \"The address "
      + "127.0.0.1 is a loopback address (127.0.0.0/8); only public internet addresses are fetched.\", \"reason\": "
      + "\"loopback\", \"field\": \"referenceImageUrl\", \"address\": \"127.0.0.1\"}";

  private InputDocs() {
  }
}
