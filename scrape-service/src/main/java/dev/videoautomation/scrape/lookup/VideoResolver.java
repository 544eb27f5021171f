package dev.videoautomation.scrape.lookup;

import java.net.URI;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.platform.errors.ApiError;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.scrape.provider.ScrapeProvider;

/**
 * A post's video file: the provider's post answer, and in it the highest-quality file, without watermark when the
 * provider offers one (TikTok: the best {@code bit_rate} entry, else {@code play_addr}, and {@code download_addr},
 * watermarked, only as a last resort; Instagram: the largest {@code video_versions} entry, else {@code video_url}).
 */
@ApplicationScoped
public class VideoResolver {
  private final ScrapeProvider provider;

  VideoResolver(ScrapeProvider provider) {
    this.provider = provider;
  }

  public VideoFile resolve(String platform, String url) {
    var post = post(platform, url);
    var data = provider.fetch(route(platform), Map.of("url", post));
    var file = Platforms.SHORTVIDEO.equals(platform) ? TikTokVideo.find(data) : InstagramVideo.find(data);
    if (file == null) {
      throw new ApiException(ApiError.of(ErrorCode.NO_VIDEO, "This post has no video (it may be a photo post).")
          .withSetup("Pass the URL of a post that contains a video."));
    }
    return new VideoFile(platform, post, file.url(), contentType(file.url()), file.durationSeconds(), file.width(),
        file.height(), file.watermarked(), expiresAt(file.url()));
  }

  /** Everything {@link #resolve} checks before it asks the provider, with the same answers (a dry run stops here). */
  public void check(String platform, String url) {
    provider.check(route(platform), Map.of("url", post(platform, url)));
  }

  private static String post(String platform, String url) {
    Platforms.require(platform);
    if (url == null || url.isBlank()) {
      throw ApiException.invalidField("url", "is required");
    }
    return url.strip();
  }

  private static String route(String platform) {
    return Platforms.SHORTVIDEO.equals(platform) ? "shortvideo/video" : "photo/post";
  }

  /** A candidate file found in a provider answer. */
  record Candidate(String url, Integer width, Integer height, Double durationSeconds, boolean watermarked) {
  }

  static String contentType(String url) {
    var lower = url.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains(".mp4") || lower.contains("mime_type=video_mp4")) {
      return "video/mp4";
    }
    return lower.contains(".webm") ? "video/webm" : null;
  }

  /** When a signed CDN URL stops working: TikTok's {@code x-expires} (seconds), Instagram's {@code oe} (hex seconds). */
  static Long expiresAt(String url) {
    String query;
    try {
      query = URI.create(url).getRawQuery();
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (query == null) {
      return null;
    }
    for (var pair : query.split("&")) {
      var eq = pair.indexOf('=');
      if (eq < 0) {
        continue;
      }
      var name = pair.substring(0, eq);
      var value = pair.substring(eq + 1);
      try {
        if (name.equals("x-expires") || name.equals("expire")) {
          return Long.parseLong(value) * 1000;
        }
        if (name.equals("oe")) {
          return Long.parseLong(value, 16) * 1000;
        }
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  static Integer intOrNull(JsonNode node) {
    return node != null && node.isNumber() && node.asInt() > 0 ? node.asInt() : null;
  }

  static String firstUrl(JsonNode urlList) {
    for (var item : urlList) {
      if (item.isTextual() && !item.asText().isBlank()) {
        return item.asText();
      }
    }
    return null;
  }
}
