package dev.videoautomation.clone.sources;

/**
 * OpenAPI text shared by the operations that take caller media ({@link Sources}, {@link ProviderFiles}): what a field
 * given as the caller's own media means, and the refusals.
 */
public final class InputDocs {
  /** How an image field treats the caller's own media; appended to each image field's description. */
  public static final String OWN_IMAGE = "Your own image may be named instead: its `med_` id or its URL on this "
      + "suite's CDN (`<base>/cdn/m/...` or the S3 public base URL). It is read from storage, never fetched and never "
      + "refused by the URL guard. The provider is given its CDN URL when the provider can fetch that URL itself (the "
      + "URL passes the URL guard's address rules: its host resolves only to public addresses, as an S3 or CDN public "
      + "base on the internet does), and otherwise the image's bytes as a data URI (`data:image/png;base64,...`, at "
      + "most `CLONE_PROVIDER_INLINE_MAX_BYTES`, default 32 MiB). Any other URL must be an http(s) URL that passes "
      + "the URL guard (a host name, not resolved here, or a public address); the provider fetches it, this service "
      + "does not.";
  /** How a source video field treats the caller's own media. */
  public static final String OWN_SOURCE = "A `med_` id or a URL on this suite's CDN naming your own video is read "
      + "from storage (never fetched, never refused by the URL guard, no second copy); any other URL passes the URL "
      + "guard and is staged first (a copy of yours) by media, whose fetch resolves its host and refuses internal "
      + "addresses.";
  public static final String BAD_URL = "400 `invalid_request` naming the field (missing, malformed, an image field "
      + "naming media that is not an image), or `url_not_allowed` with `reason` and `field`: every URL given that is "
      + "not your own media must be an http(s) URL without user info whose host is a name or a public address "
      + "(`localhost` and loopback, private, link-local and metadata addresses are refused), whether media stages it "
      + "or the provider fetches it; another client's CDN URL counts as any URL. Checked without DNS before anything "
      + "else, so also when no provider is set; a source whose name resolves to an internal address is refused by "
      + "media's fetch, the same way, before anything is charged.";
  public static final String BAD_URL_EXAMPLE = "{\"error\": \"url_not_allowed\", \"message\": \"The address "
      + "127.0.0.1 is a loopback address (127.0.0.0/8); only public internet addresses are accepted.\", \"reason\": "
      + "\"loopback\", \"field\": \"referenceImageUrl\", \"address\": \"127.0.0.1\"}";
  public static final String NOT_FOUND = "404 `not_found` with `field`: a `med_` id that names none of your media "
      + "(another client's is as absent as one that never existed). Nothing is charged.";
  public static final String NOT_FOUND_EXAMPLE = "{\"error\": \"not_found\", \"message\": \"The media named in "
      + "'imageInput' was not found; upload it or pass a URL.\", \"field\": \"imageInput\"}";
  public static final String TOO_LARGE = "413 `payload_too_large` with `field` and `limit`: your own file must go to "
      + "the provider inline (the CDN is not one the provider can fetch) and is larger than `limit` bytes. Nothing is "
      + "charged.";
  public static final String TOO_LARGE_EXAMPLE = "{\"error\": \"payload_too_large\", \"message\": \"The file in "
      + "'sourceVideoUrl' is 41943040 bytes. This server's CDN cannot be reached by the provider, so files are sent "
      + "to it inline, at most 33554432 bytes each; send a smaller file.\", \"limit\": 33554432, \"field\": "
      + "\"sourceVideoUrl\"}";

  private InputDocs() {
  }
}
