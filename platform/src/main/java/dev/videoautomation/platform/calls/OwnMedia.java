package dev.videoautomation.platform.calls;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.videoautomation.platform.config.SuiteConfig;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;

/**
 * Recognises the suite's own media in what a caller sends, without a network call: a {@code med_} id, or a URL under
 * one of the suite's CDN bases whose path is a storage key {@code m/<med id>/<file name>}. The CDN bases are the
 * local CDN, {@code <PUBLIC_BASE_URL>/cdn} (media serves it when storage is local), and the S3 public base URL,
 * {@code MEDIA_STORAGE_S3_PUBLIC_BASE_URL}, when set. This is the one place that knows the shape of those URLs:
 * media's storage adapters parse their own URLs with {@link #keyUnder}. Whether a recognised reference names an object
 * the caller may use is media's answer ({@link MediaCalls#resolveOwn}).
 */
@ApplicationScoped
public class OwnMedia {
  /** The path of the local CDN under the public base URL. */
  public static final String LOCAL_CDN_PATH = "/cdn";
  private static final Pattern KEY = Pattern.compile("m/(med_[0-9A-Za-z]{6,40})/[0-9A-Za-z][0-9A-Za-z._-]{0,99}");
  private static final Pattern DOTTED_QUAD = Pattern.compile("(\\d{1,3})(\\.\\d{1,3}){3}");

  private final List<String> bases;

  @Inject
  OwnMedia(SuiteConfig config) {
    this(localCdnBase(config.publicBaseUrl()), config.s3PublicBaseUrl().filter(s -> !s.isBlank()).orElse(null));
  }

  private OwnMedia(String... bases) {
    var kept = new ArrayList<String>();
    for (var base : bases) {
      if (base != null && !base.isBlank()) {
        kept.add(trimmed(base));
      }
    }
    this.bases = List.copyOf(kept);
  }

  /** A recogniser for exactly these CDN bases (no trailing slash needed), e.g. in a test. */
  public static OwnMedia ofBases(String... cdnBases) {
    return new OwnMedia(cdnBases);
  }

  /** The local CDN's base for a public base URL: {@code <public base>/cdn}. */
  public static String localCdnBase(String publicBaseUrl) {
    return trimmed(publicBaseUrl) + LOCAL_CDN_PATH;
  }

  /**
   * A reference to the suite's own media: {@code mediaId} always; {@code url} and {@code storageKey} when it was given
   * as a CDN URL.
   */
  public record Ref(String mediaId, String url, String storageKey) {
    public boolean isUrl() {
      return url != null;
    }
  }

  /** What {@code value} names when it is the suite's own media (a {@code med_} id or a CDN URL), else empty. */
  public Optional<Ref> parse(String value) {
    if (value == null) {
      return Optional.empty();
    }
    var trimmed = value.strip();
    if (Ids.looksLike(IdPrefix.MED, trimmed)) {
      return Optional.of(new Ref(trimmed, null, null));
    }
    for (var base : bases) {
      var key = keyUnder(base, trimmed);
      if (key.isPresent()) {
        return Optional.of(new Ref(mediaIdOf(key.get()), trimmed, key.get()));
      }
    }
    return Optional.empty();
  }

  /** Whether {@code value} is the suite's own media: a {@code med_} id or one of its CDN URLs. No network call. */
  public boolean isOwn(String value) {
    return parse(value).isPresent();
  }

  /** The CDN bases recognised, without trailing slashes. */
  public List<String> bases() {
    return bases;
  }

  /**
   * The storage key of a URL under {@code base} (no trailing slash): the path after it, without a query string, when
   * that path is a well-formed key; otherwise empty.
   */
  public static Optional<String> keyUnder(String base, String url) {
    if (url == null || base == null || !url.startsWith(base + "/")) {
      return Optional.empty();
    }
    var key = url.substring(base.length() + 1);
    int query = key.indexOf('?');
    return Optional.of(query < 0 ? key : key.substring(0, query)).filter(OwnMedia::isStorageKey);
  }

  /** Whether {@code key} has the form {@code m/<med id>/<file name>} of a stored object's key. */
  public static boolean isStorageKey(String key) {
    return key != null && KEY.matcher(key).matches() && !key.contains("..");
  }

  /** The {@code med_} id inside a storage key. */
  public static String mediaIdOf(String storageKey) {
    return storageKey.split("/", 3)[1];
  }

  private static String trimmed(String base) {
    return base.strip().replaceAll("/+$", "");
  }
}
