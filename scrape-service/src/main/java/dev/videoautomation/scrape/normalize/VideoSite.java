package dev.videoautomation.scrape.normalize;

import static dev.videoautomation.scrape.normalize.Read.count;
import static dev.videoautomation.scrape.normalize.Read.text;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.scrape.normalize.Items.Author;
import dev.videoautomation.scrape.normalize.Items.Media;

/**
 * YouTube's answers (the {@code videosite} platform), flat camelCase objects. A video's text is its title (the
 * description is in {@code data}); its medium is the thumbnail, the provider giving no video file.
 */
final class VideoSite {
  static final String PLATFORM = "videosite";
  private static final Pattern HANDLE_IN_URL = Pattern.compile("youtube\\.com/@([^/?#]+)");

  private VideoSite() {
  }

  static Map<String, Mapping> mappings() {
    return Map.of(
        "/v1/youtube/channel", Mapping.one(Kind.CHANNEL, VideoSite::channel),
        "/v1/youtube/channel-videos", Mapping.page(Kind.POSTS, VideoSite::listedVideo,
            Mapping.cursor("/continuationToken", null), "/videos"),
        "/v1/youtube/video", Mapping.one(Kind.POST, VideoSite::video),
        "/v1/youtube/video/comments", Mapping.page(Kind.COMMENTS, VideoSite::comment,
            Mapping.cursor("/continuationToken", null), "/comments"));
  }

  /**
   * A channel: the handle from the provider's {@code handle} or its channel URL ({@code /@name}); the video count
   * from a number, or from display text written out in full ({@code "9,221 videos"}; an abbreviated one is null).
   */
  static Items.Profile channel(JsonNode data) {
    var url = text(data.path("channel"), data.path("url"));
    return new Items.Profile(PLATFORM, text(data.path("channelId"), data.path("id")),
        Read.either(text(data.path("handle")), handleIn(url)), text(data.path("name"), data.path("title")),
        text(data.path("description")), url, largest(data.path("avatar").path("image").path("sources")),
        Read.bool(data.path("verified"), data.path("isVerified")), count(data.path("subscriberCount")), null,
        Read.either(count(data.path("videoCount")), Read.countFromText(data.path("videoCountText"))));
  }

  /** A video as a channel's list gives it: no likes or comment counts. */
  static Items.Post listedVideo(JsonNode video) {
    var channel = video.path("channel");
    var title = text(video.path("title"));
    return new Items.Post(PLATFORM, text(video.path("id")), text(video.path("url")),
        Author.of(text(channel.path("id")), text(channel.path("handle")), text(channel.path("title"))), title,
        Read.epochMs(video.path("publishedTime")), Read.decimal(video.path("lengthSeconds")),
        new Items.Metrics(count(video.path("viewCountInt")), null, null, null), thumbnail(video),
        Read.hashtagsIn(title, text(video.path("description"))));
  }

  static Items.Post video(JsonNode video) {
    var channel = video.path("channel");
    var title = text(video.path("title"));
    return new Items.Post(PLATFORM, text(video.path("id")), text(video.path("url")),
        Author.of(text(channel.path("id")), text(channel.path("handle")), text(channel.path("title"))), title,
        Read.epochMs(video.path("publishDate")), Read.secondsFromMillis(video.path("durationMs")),
        new Items.Metrics(count(video.path("viewCountInt")), count(video.path("likeCountInt")),
            count(video.path("commentCountInt")), null),
        thumbnail(video), Read.hashtagsIn(title, text(video.path("description"))));
  }

  /** A comment: the author's display name is their {@code @handle}; a relative time ("9 days ago") is no instant. */
  static Items.Comment comment(JsonNode comment) {
    var author = comment.path("author");
    var name = text(author.path("name"));
    var handle = name != null && name.startsWith("@") ? name.substring(1) : null;
    return new Items.Comment(text(comment.path("id")),
        Author.of(text(author.path("channelId")), handle, handle == null ? name : null),
        text(comment.path("content")), Read.epochMs(comment.path("publishedTime")),
        count(comment.path("engagement").path("likes")), count(comment.path("engagement").path("replies")));
  }

  private static List<Media> thumbnail(JsonNode video) {
    var image = Media.of(Media.IMAGE, text(video.path("thumbnail")), null, null, null);
    return image == null ? List.of() : List.of(image);
  }

  private static String largest(JsonNode sources) {
    JsonNode best = null;
    for (var source : sources) {
      if (text(source.path("url")) != null
          && (best == null || source.path("width").asInt() > best.path("width").asInt())) {
        best = source;
      }
    }
    return best == null ? null : text(best.path("url"));
  }

  private static String handleIn(String url) {
    if (url == null) {
      return null;
    }
    var matcher = HANDLE_IN_URL.matcher(url);
    return matcher.find() ? matcher.group(1) : null;
  }
}
