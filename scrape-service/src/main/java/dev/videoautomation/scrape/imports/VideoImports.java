package dev.videoautomation.scrape.imports;

import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.StageUrl;
import dev.videoautomation.platform.spending.DryRuns;
import dev.videoautomation.platform.spending.SpendingOperation;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.scrape.common.ScrapeLimits;
import dev.videoautomation.scrape.lookup.Platforms;
import dev.videoautomation.scrape.lookup.VideoResolver;

/**
 * Video import: resolve a post's best video file through the provider, then stage it to the CDN for the caller. A dry
 * run makes the checks that come before the provider (the platform, the URL and its guard, the provider's key) and
 * stops there: what media would say of the file is known only by fetching it.
 */
@ApplicationScoped
public class VideoImports {
  static final String PURPOSE = "import";
  static final List<String> VIDEO_ONLY = List.of("video/*");

  private final VideoResolver resolver;
  private final MediaCalls media;
  private final CurrentCaller caller;
  private final DryRuns dryRuns;

  VideoImports(VideoResolver resolver, MediaCalls media, CurrentCaller caller, DryRuns dryRuns) {
    this.resolver = resolver;
    this.media = media;
    this.caller = caller;
    this.dryRuns = dryRuns;
  }

  public ImportedVideo importVideo(String platform, String url) {
    Platforms.require(platform);
    ScrapeLimits.check(Map.of("url", url));
    var clientId = caller.requireClientId();
    resolver.check(platform, url);
    dryRuns.stopIfRequested(SpendingOperation.IMPORT_VIDEO);
    var file = resolver.resolve(platform, url);
    var staged = media.stageUrl(StageUrl.of(file.videoUrl(), clientId, PURPOSE).allowing(VIDEO_ONLY));
    return new ImportedVideo(staged.id(), staged.url(), platform, file.sourceUrl(),
        staged.durationSeconds() != null ? staged.durationSeconds() : file.durationSeconds(),
        staged.width() != null ? staged.width() : file.width(),
        staged.height() != null ? staged.height() : file.height(), staged.sizeBytes(), staged.contentType());
  }
}
