package dev.videoautomation.records.posts;

import static jakarta.transaction.Transactional.TxType.NOT_SUPPORTED;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import io.quarkus.narayana.jta.QuarkusTransaction;

import dev.videoautomation.platform.calls.MediaCalls;
import dev.videoautomation.platform.calls.OwnerRefusal;
import dev.videoautomation.platform.calls.OwnerUnavailable;
import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.errors.ErrorCode;
import dev.videoautomation.platform.ids.IdPrefix;
import dev.videoautomation.platform.ids.Ids;
import dev.videoautomation.records.assets.AssetRepository;
import dev.videoautomation.records.clients.CloneCalls;

/**
 * What a post's {@code videoId} may name, all of them the caller's own published media: an asset ({@code ast_…},
 * published from its CDN URL), a generated video ({@code vid_…}, published from its result once it has succeeded)
 * or an upload ({@code med_…}, a video stored by {@code POST /v1/upload} or any other media call, published from its
 * CDN URL). Anything else, or another client's, is a 400 naming {@code videoId}.
 */
@ApplicationScoped
public class PostVideos {
  private final AssetRepository assets;
  private final CloneCalls clone;
  private final MediaCalls media;

  public PostVideos(AssetRepository assets, CloneCalls clone, MediaCalls media) {
    this.assets = assets;
    this.clone = clone;
    this.media = media;
  }

  /**
   * The URL to publish, or null for a generated video still rendering (the publisher resolves it again). Clone and
   * media are asked outside any transaction; the asset is read in a short one of its own.
   */
  @Transactional(NOT_SUPPORTED)
  public String publishableUrl(String clientId, String videoId) {
    if (Ids.looksLike(IdPrefix.AST, videoId)) {
      var asset = QuarkusTransaction.requiringNew().call(() -> assets.findOwned(clientId, videoId));
      return asset.map(a -> a.url).orElseThrow(() -> ApiException.invalidField("videoId",
          "names no asset of yours; list them at GET /v1/assets"));
    }
    if (Ids.looksLike(IdPrefix.VID, videoId)) {
      return generatedVideo(clientId, videoId);
    }
    if (Ids.looksLike(IdPrefix.MED, videoId)) {
      return upload(clientId, videoId);
    }
    throw ApiException.invalidField("videoId", "must be an asset id (ast_…), a generated video id (vid_…) or the id "
        + "of a video you uploaded (med_…)");
  }

  private String generatedVideo(String clientId, String videoId) {
    try {
      var video = clone.find(videoId).filter(v -> v.clientId() == null || v.clientId().equals(clientId))
          .orElseThrow(() -> ApiException.invalidField("videoId",
              "names no generated video of yours; list them at GET /v1/videos"));
      if ("failed".equals(video.status()) || "canceled".equals(video.status())) {
        throw ApiException.invalidField("videoId", "names a generated video that " + video.status()
            + " and can never be published");
      }
      return video.succeeded() ? video.resultUrl() : null;
    } catch (OwnerUnavailable e) {
      throw unavailable("generated video", "clone");
    }
  }

  /** A stored object of the caller's, read from media-service (never fetched); it must be a video. */
  private String upload(String clientId, String mediaId) {
    try {
      var stored = media.resolveOwn(mediaId, clientId).orElseThrow();
      var type = stored.contentType() == null ? "" : stored.contentType();
      if (!type.startsWith("video/")) {
        throw ApiException.invalidField("videoId", "names media of type " + type + "; a post publishes a video");
      }
      return stored.url();
    } catch (OwnerUnavailable e) {
      throw unavailable("uploaded video", "media");
    } catch (OwnerRefusal e) {
      if (MediaCalls.isNotFound(e)) {
        throw ApiException.invalidField("videoId", "names no media of yours; upload the video at POST /v1/upload "
            + "and use the id it answers");
      }
      throw e;
    }
  }

  private static ApiException unavailable(String what, String owner) {
    return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The " + what + " could not be checked: the " + owner
        + " service is unavailable. Retry in a moment.");
  }
}
