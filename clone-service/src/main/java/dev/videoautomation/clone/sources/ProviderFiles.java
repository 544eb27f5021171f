package dev.videoautomation.clone.sources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.clone.config.CloneConfig;
import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ffmpeg.WorkDir;
import dev.videoautomation.platform.providers.InlineFile;
import dev.videoautomation.platform.urls.HostResolver;
import dev.videoautomation.platform.urls.UrlGuard;

/**
 * What the provider is handed for a file it reads: an outside URL as the caller gave it (it passed the URL guard's
 * check for URLs handed on, which needs no DNS: this service never fetches it), or one of the caller's own stored
 * objects. An own object goes as its CDN URL when the provider could fetch that URL: the URL passes the URL guard's
 * full check with no allowance (http(s), a host name or address that resolves only to public addresses, so never
 * loopback, private, link-local or unresolvable, even where tests let the guard reach loopback). Otherwise its bytes go inline, as a data URI of at most {@code clone.provider.inline-max-bytes}: the
 * task keeps the {@code med_} id and the bytes are read from storage (never from the CDN) when the task is submitted.
 */
@ApplicationScoped
public class ProviderFiles {
  private final MediaCalls media;
  private final Sources sources;
  private final UrlGuard guard;
  private final UrlGuard publicOnly;
  private final CloneConfig config;

  public ProviderFiles(MediaCalls media, Sources sources, UrlGuard guard, HostResolver resolver, CloneConfig config) {
    this.media = media;
    this.sources = sources;
    this.guard = guard;
    this.publicOnly = new UrlGuard(resolver, false);
    this.config = config;
  }

  /** A file for the provider: a URL it fetches, or a stored object of the caller's sent inline when submitted. */
  public record ProviderFile(String url, String inlineMediaId) {
    /** What the task's provider arguments hold: the URL, or the {@code med_} id standing for the inline bytes. */
    public String argument() {
      return url != null ? url : inlineMediaId;
    }

    public boolean inline() {
      return inlineMediaId != null;
    }

    /** The ids a task lists for inlining ({@code Task.INLINE}): those of {@code files} that go inline. */
    public static List<String> inlined(List<ProviderFile> files) {
      return files.stream().filter(ProviderFile::inline).map(ProviderFile::inlineMediaId).distinct().toList();
    }
  }

  /**
   * An image field of the caller's ({@code imageInput}, {@code referenceImageUrl}, {@code characterImageUrl},
   * {@code startingFrameUrl}): a {@code med_} id or CDN URL of the caller's own image, or an outside http(s) URL that
   * the URL guard passes as one handed on (a host name or a public address literal, not resolved). Blank is absent
   * (null).
   */
  public ProviderFile image(String value, String field, String clientId) {
    if (value == null || value.isBlank()) {
      return null;
    }
    var trimmed = value.strip();
    var own = sources.own(trimmed, field, clientId);
    if (own.isPresent()) {
      var stored = own.get();
      if (stored.contentType() == null || !stored.contentType().startsWith("image/")) {
        throw ApiException.invalidField(field, "names " + stored.id() + ", which is "
            + (stored.contentType() == null ? "not an image" : stored.contentType()) + "; an image is needed");
      }
      return stored(stored.id(), stored.url(), stored.sizeBytes(), field);
    }
    if (!Sources.isHttpUrl(trimmed)) {
      throw ApiException.invalidField(field, "must be an http(s) URL or a med_ id");
    }
    return new ProviderFile(guard.checkHandedOn(trimmed, field).toString(), null);
  }

  /** One of the caller's stored objects: its CDN URL when the provider can fetch it, else inline (size-bounded). */
  public ProviderFile stored(String mediaId, String cdnUrl, Long sizeBytes, String field) {
    if (reachable(cdnUrl)) {
      return new ProviderFile(cdnUrl, null);
    }
    if (sizeBytes != null && sizeBytes > config.provider().inlineMaxBytes()) {
      throw tooLarge(field, sizeBytes);
    }
    return new ProviderFile(null, mediaId);
  }

  /**
   * Whether an outside provider could fetch {@code url} (the deployment's own CDN URL, not caller input): the guard's
   * full check with its lookup, loopback never allowed. Where the name does not resolve the answer is no and the bytes
   * go inline, which works anywhere.
   */
  public boolean reachable(String url) {
    try {
      publicOnly.check(url);
      return true;
    } catch (ApiException e) {
      return false;
    }
  }

  /**
   * The provider arguments to submit: each {@code med_} id listed in {@code mediaIds} that stands in a URL field
   * ({@code *_url}, {@code *_urls}) becomes the object's bytes, read from storage into {@code work}.
   */
  public Map<String, Object> inline(Map<String, Object> arguments, List<String> mediaIds, WorkDir work) {
    var files = new HashMap<String, InlineFile>();
    for (var id : mediaIds) {
      var stored = media.find(id);
      var file = sources.localFile(stored, work, "inline-" + files.size());
      try {
        var size = Files.size(file);
        if (size > config.provider().inlineMaxBytes()) {
          throw tooLarge(null, size);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      files.put(id, new InlineFile(file, stored.contentType()));
    }
    @SuppressWarnings("unchecked")
    var swapped = (Map<String, Object>) swap(arguments, files, null);
    return swapped;
  }

  private static Object swap(Object value, Map<String, InlineFile> files, String key) {
    if (value instanceof String text && key != null && (key.endsWith("_url") || key.endsWith("_urls"))
        && files.containsKey(text)) {
      return files.get(text);
    }
    if (value instanceof Map<?, ?> map) {
      var copy = new LinkedHashMap<String, Object>();
      map.forEach((name, item) -> copy.put(String.valueOf(name), swap(item, files, String.valueOf(name))));
      return copy;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(item -> swap(item, files, key)).toList();
    }
    return value;
  }

  private ApiException tooLarge(String field, long size) {
    var limit = config.provider().inlineMaxBytes();
    return new ApiException(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, "The file" + (field == null ? "" : " in '"
        + field + "'") + " is " + size + " bytes. This server's CDN cannot be reached by the provider, so files "
        + "are sent to it inline, at most " + limit + " bytes each; send a smaller file.").with("limit", limit)
        .with("field", field));
  }
}
