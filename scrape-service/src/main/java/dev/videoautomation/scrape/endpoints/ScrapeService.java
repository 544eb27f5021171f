package dev.videoautomation.scrape.endpoints;

import jakarta.enterprise.context.ApplicationScoped;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.token.CurrentCaller;
import dev.videoautomation.scrape.provider.ScrapeProvider;
import dev.videoautomation.scrape.staging.MediaStager;

/** One scrape call: the provider's answer for the route, staged to the CDN when the caller asked for it. */
@ApplicationScoped
public class ScrapeService {
  static final String PURPOSE = "scrape";

  private final ScrapeProvider provider;
  private final MediaStager stager;
  private final CurrentCaller caller;

  ScrapeService(ScrapeProvider provider, MediaStager stager, CurrentCaller caller) {
    this.provider = provider;
    this.stager = stager;
    this.caller = caller;
  }

  /** {@code route} is the neutral path under /v1/scrape, e.g. {@code shortvideo/profile}. */
  public ScrapeResult run(String route, ScrapeRequest body) {
    ScrapeLimits.check(body.fields());
    var clientId = body.stageMedia() ? caller.requireClientId() : null;
    var data = provider.fetch(route, body.fields());
    if (clientId == null) {
      return new ScrapeResult(data, null);
    }
    var staged = stager.stage(data, clientId, PURPOSE);
    return new ScrapeResult(staged.data(), staged.meta());
  }

  /** videosite: a channel is named by {@code handle} or {@code channel_id}; neither is a 400 naming both. */
  public ScrapeResult runChannel(String route, ScrapeRequest body, String handle, String channelId) {
    if (blank(handle) && blank(channelId)) {
      throw ApiException.invalidField("handle", "or 'channel_id' is required");
    }
    return run(route, body);
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
