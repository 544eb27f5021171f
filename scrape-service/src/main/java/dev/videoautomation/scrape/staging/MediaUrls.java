package dev.videoautomation.scrape.staging;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Finds the media files in a provider answer: http(s) strings that are files by their name (the URL path ends in a
 * media extension) or by where they sit (a field that names media in one of the platforms' shapes). Pages (post,
 * profile and watch URLs on the platforms' own sites) never count, whatever field holds them.
 */
public final class MediaUrls {
  /** What a found URL is: a file to stage, or a streaming playlist that cannot be stored as one file. */
  public enum Kind { FILE, PLAYLIST }

  private static final Set<String> FILE_EXTENSIONS = Set.of("mp4", "m4v", "mov", "webm", "mkv", "jpg", "jpeg", "png",
      "webp", "gif", "heic", "heif", "avif", "bmp", "mp3", "m4a", "aac", "wav", "ogg", "oga", "opus", "flac");
  private static final Set<String> PLAYLIST_EXTENSIONS = Set.of("m3u8", "mpd");

  /** Words that, in a field's name, say the string it holds is a file: {@code avatar_thumb}, {@code video_hd_url}. */
  private static final Set<String> MEDIA_WORDS = Set.of("avatar", "thumbnail", "thumbnails", "thumb", "cover",
      "image", "images", "img", "video", "picture", "pic", "photo", "banner", "logo", "poster", "preview", "audio",
      "sound", "mp3", "gif", "display", "media", "play", "download", "playback", "icon");

  /**
   * Containers whose {@code url}/{@code src} children (and {@code url_list} items) are files: TikTok's
   * {@code play_addr.url_list}, Instagram's {@code video_versions[].url} and {@code candidates[].url}, X's
   * {@code variants[].url}, YouTube's {@code thumbnails[].url} and {@code sources[].url}, and any container named
   * by a media word ({@code avatar_larger}, {@code cover}, {@code hd_profile_pic_url_info}).
   */
  private static final Set<String> FILE_CONTAINERS = Set.of("url_list", "variants", "video_versions",
      "image_versions", "image_versions2", "candidates", "thumbnails", "display_resources", "thumbnail_resources",
      "hd_profile_pic_versions", "hd_profile_pic_url_info", "sources", "bit_rate", "play_addr", "download_addr",
      "carousel_images");

  /** Fields that name a link, never a file, even inside a media container (X's {@code media[].url} is a t.co link). */
  private static final Set<String> LINK_FIELDS = Set.of("url", "expanded_url", "share_url", "link_url", "link",
      "permalink", "web_url", "profile_url", "page_url", "ad_url", "ad_snapshot_url", "destination_url", "website",
      "external_url", "canonical_url", "uri");

  /** Hosts of the platforms' own web pages: a URL there is a post or profile page, not a file. */
  private static final Set<String> PAGE_HOSTS = Set.of("tiktok.com", "www.tiktok.com", "vm.tiktok.com",
      "instagram.com", "www.instagram.com", "youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be",
      "x.com", "twitter.com", "mobile.twitter.com", "t.co", "facebook.com", "www.facebook.com", "m.facebook.com",
      "linkedin.com", "www.linkedin.com", "reddit.com", "www.reddit.com", "old.reddit.com",
      "adstransparency.google.com");

  private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");

  private MediaUrls() {
  }

  /**
   * A media URL found at {@code path} (JSON path form, e.g. {@code $.data.video.cover.url_list[0]}). Items of one
   * {@code url_list} are mirrors of one file (TikTok lists the same file on several CDN hosts): they share a
   * {@code mirrors} key, the path of their list; elsewhere it is null.
   */
  public record Found(String path, String url, Kind kind, Slot slot, String mirrors) {
  }

  /** Where a found URL sits, so it can be replaced in place: a field of an object or an element of an array. */
  public record Slot(JsonNode parent, String field, int index) {
    public void set(JsonNode value) {
      if (parent instanceof ObjectNode object) {
        object.set(field, value);
      } else if (parent instanceof ArrayNode array) {
        array.set(index, value);
      }
    }
  }

  /** Every media URL in {@code node}, with where it sits; {@code root} is the path prefix (e.g. {@code $.data}). */
  public static List<Found> find(JsonNode node, String root) {
    var found = new ArrayList<Found>();
    walk(node, root, new ArrayList<>(), found);
    return found;
  }

  /** What {@code url} is when it sits under the field names {@code keys} (outermost first), or null if no file. */
  public static Kind classify(String url, List<String> keys) {
    var kind = fileKind(url);
    if (kind != Kind.FILE) {
      return kind;
    }
    return FILE_EXTENSIONS.contains(extension(parse(url).getRawPath())) || byPlace(keys) ? Kind.FILE : null;
  }

  /**
   * What {@code url} is when its place is known to hold a file (a normalized record's {@code media[].url} or
   * {@code avatarUrl}): a file or a playlist, or null when it is no http(s) URL or a platform's own page.
   */
  public static Kind fileKind(String url) {
    if (!isHttp(url)) {
      return null;
    }
    var uri = parse(url);
    if (uri == null || uri.getHost() == null || PAGE_HOSTS.contains(uri.getHost().toLowerCase(Locale.ROOT))) {
      return null;
    }
    return PLAYLIST_EXTENSIONS.contains(extension(uri.getRawPath())) ? Kind.PLAYLIST : Kind.FILE;
  }

  private static boolean byPlace(List<String> keys) {
    if (keys.isEmpty()) {
      return false;
    }
    var own = normalise(keys.getLast());
    if (own.equals("url_list")) {
      return true;
    }
    if (!LINK_FIELDS.contains(own) && !own.equals("src") && names(own)) {
      return true;
    }
    if (own.equals("url") || own.equals("src")) {
      for (int i = keys.size() - 2; i >= 0 && i >= keys.size() - 4; i--) {
        var container = normalise(keys.get(i));
        if (FILE_CONTAINERS.contains(container) || names(container) && !container.equals("media")) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a field's name holds a media word ({@code profile_pic_url_hd}, {@code video_hd_url}, {@code avatarLarger}). */
  private static boolean names(String normalisedKey) {
    for (var word : normalisedKey.split("_")) {
      if (MEDIA_WORDS.contains(word)) {
        return true;
      }
    }
    return normalisedKey.startsWith("avatar");
  }

  private static String normalise(String key) {
    return CAMEL.matcher(key).replaceAll("$1_$2").toLowerCase(Locale.ROOT);
  }

  private static void walk(JsonNode node, String path, List<String> keys, List<Found> found) {
    if (node.isObject()) {
      var fields = node.fields();
      while (fields.hasNext()) {
        var field = fields.next();
        keys.add(field.getKey());
        visit(field.getValue(), path + member(field.getKey()), keys, new Slot(node, field.getKey(), -1), null,
            found);
        keys.removeLast();
      }
    } else if (node.isArray()) {
      var mirrors = !keys.isEmpty() && normalise(keys.getLast()).equals("url_list") ? path : null;
      for (int i = 0; i < node.size(); i++) {
        visit(node.get(i), path + "[" + i + "]", keys, new Slot(node, null, i), mirrors, found);
      }
    }
  }

  private static void visit(JsonNode value, String path, List<String> keys, Slot slot, String mirrors,
      List<Found> found) {
    if (value.isTextual()) {
      var kind = classify(value.asText(), keys);
      if (kind != null) {
        found.add(new Found(path, value.asText(), kind, slot, mirrors));
      }
    } else if (value.isContainerNode()) {
      walk(value, path, keys, found);
    }
  }

  private static String member(String key) {
    return key.matches("[A-Za-z_$][A-Za-z0-9_$]*") ? "." + key : "['" + key.replace("'", "\\'") + "']";
  }

  static boolean isHttp(String text) {
    var lower = text.length() > 8 ? text.substring(0, 8).toLowerCase(Locale.ROOT) : text.toLowerCase(Locale.ROOT);
    return lower.startsWith("http://") || lower.startsWith("https://");
  }

  private static URI parse(String url) {
    try {
      return URI.create(url.strip());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String extension(String rawPath) {
    if (rawPath == null) {
      return "";
    }
    var slash = rawPath.lastIndexOf('/');
    var name = rawPath.substring(slash + 1);
    var dot = name.lastIndexOf('.');
    return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }
}
