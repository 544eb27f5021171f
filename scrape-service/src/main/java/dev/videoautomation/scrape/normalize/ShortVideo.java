package dev.videoautomation.scrape.normalize;

import static dev.videoautomation.scrape.normalize.Read.count;
import static dev.videoautomation.scrape.normalize.Read.first;
import static dev.videoautomation.scrape.normalize.Read.firstUrl;
import static dev.videoautomation.scrape.normalize.Read.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.scrape.normalize.Items.Author;
import dev.videoautomation.scrape.normalize.Items.Media;

/**
 * TikTok's answers (the {@code shortvideo} platform): the app API's {@code aweme} items (profile videos, a video,
 * the trending feed), its comments and user search, the web profile, and the WEBVTT transcript.
 */
final class ShortVideo {
  static final String PLATFORM = "shortvideo";
  private static final Pattern HANDLE_IN_URL = Pattern.compile("tiktok\\.com/@([^/?#]+)");

  private ShortVideo() {
  }

  static Map<String, Mapping> mappings() {
    var byMaxCursor = Mapping.cursor("/max_cursor", "/has_more");
    var byCursor = Mapping.cursor("/cursor", "/has_more");
    return Map.of(
        "/v1/tiktok/profile", Mapping.one(Kind.PROFILE, ShortVideo::profile),
        "/v3/tiktok/profile/videos", Mapping.page(Kind.POSTS, ShortVideo::post, byMaxCursor, "/aweme_list"),
        "/v2/tiktok/video", Mapping.one(Kind.POST, data -> post(first(data.path("aweme_detail"), data))),
        "/v1/tiktok/video/transcript", Mapping.one(Kind.TRANSCRIPT,
            data -> Transcripts.fromText(text(data.path("language")), text(data.path("transcript")))),
        "/v1/tiktok/video/comments", Mapping.page(Kind.COMMENTS, ShortVideo::comment, byCursor, "/comments"),
        // The published answer lists users[]; older answers user_list[].
        "/v1/tiktok/search/users", Mapping.page(Kind.USERS, ShortVideo::user, byCursor, "/users", "/user_list"),
        "/v1/tiktok/get-trending-feed", Mapping.page(Kind.POSTS, ShortVideo::post, byMaxCursor, "/aweme_list"));
  }

  /** The web profile: {@code user} and its sibling {@code stats}. */
  static Items.Profile profile(JsonNode data) {
    var user = data.path("user");
    var stats = first(data.path("stats"), user.path("stats"));
    var handle = text(user.path("uniqueId"), user.path("unique_id"));
    return new Items.Profile(PLATFORM, text(user.path("id"), user.path("uid")), handle,
        text(user.path("nickname")), text(user.path("signature")), profileUrl(handle),
        text(user.path("avatarLarger"), user.path("avatarMedium"), user.path("avatarThumb")),
        Read.bool(user.path("verified")), count(stats.path("followerCount")), count(stats.path("followingCount")),
        count(stats.path("videoCount")));
  }

  /** An {@code aweme}: a video, or a photo post ({@code image_post_info}) whose sound is its audio. */
  static Items.Post post(JsonNode aweme) {
    var id = text(aweme.path("aweme_id"));
    var author = aweme.path("author");
    var url = postUrl(aweme, id);
    var handle = text(author.path("unique_id"), author.path("uniqueId"));
    if (handle == null && url != null) {
      var matcher = HANDLE_IN_URL.matcher(url);
      handle = matcher.find() ? matcher.group(1) : null;
    }
    var photoPost = aweme.path("image_post_info").path("images").size() > 0;
    if (url == null && handle != null && id != null) {
      url = profileUrl(handle) + (photoPost ? "/photo/" : "/video/") + id;
    }
    var video = aweme.path("video");
    var duration = Read.secondsFromMillis(video.path("duration"));
    var stats = aweme.path("statistics");
    var text = text(aweme.path("desc"));
    var tagged = aweme.path("text_extra");
    var hashtags = tagged.isArray() ? Read.texts(tagged, "hashtag_name") : Read.hashtagsIn(text);
    return new Items.Post(PLATFORM, id, url,
        Author.of(text(author.path("uid"), author.path("id")), handle, text(author.path("nickname"))), text,
        Read.epochMs(aweme.path("create_time")), duration,
        new Items.Metrics(count(stats.path("play_count")), count(stats.path("digg_count")),
            count(stats.path("comment_count")), count(stats.path("share_count"))),
        media(aweme, video, duration), hashtags);
  }

  /**
   * The share link without its tracking query, else the provider's {@code url} when it names this post; else (the
   * caller builds it) the platform's address of the post from its author's handle and id.
   */
  private static String postUrl(JsonNode aweme, String id) {
    return Read.either(Read.withoutQuery(text(aweme.path("share_url"))), Read.urlNaming(text(aweme.path("url")), id));
  }

  private static List<Media> media(JsonNode aweme, JsonNode video, Double duration) {
    var images = aweme.path("image_post_info").path("images");
    if (images.size() > 0) {
      var media = new ArrayList<Media>();
      for (var image : images) {
        var shown = image.path("display_image");
        media.addAll(Media.present(Media.of(Media.IMAGE, firstUrl(shown.path("url_list")),
            Read.size(shown.path("width")), Read.size(shown.path("height")), null)));
      }
      media.addAll(Media.present(Media.of(Media.AUDIO, firstUrl(aweme.path("music").path("play_url")
          .path("url_list")), null, null, null)));
      return media;
    }
    var play = first(video.path("play_addr"), video.path("bit_rate").path(0).path("play_addr"));
    return Media.present(Media.of(Media.VIDEO, firstUrl(play.path("url_list")),
        Read.size(video.path("width"), play.path("width")), Read.size(video.path("height"), play.path("height")),
        duration));
  }

  static Items.Comment comment(JsonNode comment) {
    var user = comment.path("user");
    return new Items.Comment(text(comment.path("cid"), comment.path("id")),
        Author.of(text(user.path("uid")), text(user.path("unique_id")), text(user.path("nickname"))),
        text(comment.path("text")), Read.epochMs(comment.path("create_time")), count(comment.path("digg_count")),
        count(comment.path("reply_comment_total")));
  }

  /** A search hit: {@code user_info} in the full answer, the user itself in the trimmed one. */
  static Items.User user(JsonNode hit) {
    var user = first(hit.path("user_info"), hit);
    var avatar = firstUrl(first(user.path("avatar_larger"), user.path("avatar_medium"), user.path("avatar_thumb"))
        .path("url_list"));
    return new Items.User(PLATFORM, text(user.path("uid")), text(user.path("unique_id")), text(user.path("nickname")),
        avatar, count(user.path("follower_count")), verified(user));
  }

  /** {@code verified} where given; the app API's {@code custom_verify} badge text otherwise (blank: not verified). */
  private static Boolean verified(JsonNode user) {
    var flag = Read.bool(user.path("verified"));
    if (flag != null) {
      return flag;
    }
    var badge = user.path("custom_verify");
    return badge.isTextual() ? !badge.asText().isBlank() : null;
  }

  private static String profileUrl(String handle) {
    return handle == null ? null : "https://www.tiktok.com/@" + handle;
  }
}
