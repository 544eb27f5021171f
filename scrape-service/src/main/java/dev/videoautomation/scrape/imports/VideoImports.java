package dev.videoautomation.scrape.imports;

import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.lookup.Platforms;
import dev.videoautomation.scrape.lookup.VideoResolver;

/** Video import: resolve a post's best video file through the provider, then stage it to the CDN for the caller. */
@ApplicationScoped
public class VideoImports {
  static final String PURPOSE = "import";
  static final List<String> VIDEO_ONLY = List.of("video/*");

  private final VideoResolver resolver;
  private final MediaCalls media;
  private final CurrentCaller caller;

  VideoImports(VideoResolver resolver, MediaCalls media, CurrentCaller caller) {
    this.resolver = resolver;
    this.media = media;
    this.caller = caller;
  }

  public ImportedVideo importVideo(String platform, String url) {
    Platforms.require(platform);
    ScrapeLimits.check(Map.of("url", url));
    var clientId = caller.requireClientId();
    var file = resolver.resolve(platform, url);
    var staged = media.stageUrl(StageUrl.of(file.videoUrl(), clientId, PURPOSE).allowing(VIDEO_ONLY));
    return new ImportedVideo(staged.id(), staged.url(), platform, file.sourceUrl(),
        staged.durationSeconds() != null ? staged.durationSeconds() : file.durationSeconds(),
        staged.width() != null ? staged.width() : file.width(),
        staged.height() != null ? staged.height() : file.height(), staged.sizeBytes(), staged.contentType());
  }
}
