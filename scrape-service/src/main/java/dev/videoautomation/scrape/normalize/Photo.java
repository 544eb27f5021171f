package dev.videoautomation.scrape.normalize;

import static dev.videoautomation.scrape.normalize.Read.count;
import static dev.videoautomation.scrape.normalize.Read.first;
import static dev.videoautomation.scrape.normalize.Read.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.scrape.normalize.Items.Author;
import dev.videoautomation.scrape.normalize.Items.Media;

/**
 * Instagram's answers (the {@code photo} platform) in its two shapes: the web GraphQL one (profile, post: {@code
 * edge_*} counts, {@code taken_at_timestamp}) and the mobile API one (user posts, reels: {@code like_count},
 * {@code image_versions2}, {@code video_versions}).
 */
final class Photo {
  static final String PLATFORM = "photo";
  private static final String SITE = "https://www.instagram.com/";
  /** The mobile API's {@code media_type}: 1 image, 2 video, 8 carousel. */
  private static final int CAROUSEL = 8;

  private Photo() {
  }

  static Map<String, Mapping> mappings() {
    return Map.of(
        "/v1/instagram/profile", Mapping.one(Kind.PROFILE, Photo::profile),
        "/v2/instagram/user/posts", Mapping.page(Kind.POSTS, Photo::mobilePost,
            Mapping.cursor("/next_max_id", "/more_available"), "/items"),
        "/v1/instagram/post", Mapping.one(Kind.POST, Photo::webPost),
        "/v2/instagram/post/comments", Mapping.page(Kind.COMMENTS, Photo::comment,
            Mapping.cursor("/cursor", "/has_more"), "/comments"),
        // The full answer wraps each reel in "media" and pages in paging_info; the trimmed one is flat.
        "/v1/instagram/user/reels", Mapping.page(Kind.POSTS, item -> mobilePost(first(item.path("media"), item)),
            data -> Read.nextCursor(first(data.at("/paging_info/max_id"), data.path("max_id")),
                data.at("/paging_info/more_available")), "/items"));
  }

  static Items.Profile profile(JsonNode data) {
    var user = first(data.path("data").path("user"), data.path("user"));
    var handle = text(user.path("username"));
    return new Items.Profile(PLATFORM, text(user.path("id"), user.path("pk")), handle, text(user.path("full_name")),
        text(user.path("biography")), handle == null ? null : SITE + handle + "/",
        text(user.path("profile_pic_url_hd"), user.path("profile_pic_url")), Read.bool(user.path("is_verified")),
        count(user.path("edge_followed_by").path("count"), user.path("follower_count")),
        count(user.path("edge_follow").path("count"), user.path("following_count")),
        count(user.path("edge_owner_to_timeline_media").path("count"), user.path("media_count")));
  }

  /** A mobile API media item (user posts, reels). */
  static Items.Post mobilePost(JsonNode item) {
    var user = first(item.path("user"), item.path("owner"));
    var code = text(item.path("code"));
    var caption = text(item.path("caption").path("text"));
    return new Items.Post(PLATFORM, text(item.path("pk"), item.path("id")), Read.either(text(item.path("url")),
        postUrl(code)), author(user), caption, Read.epochMs(item.path("taken_at")),
        Read.decimal(item.path("video_duration")),
        new Items.Metrics(count(item.path("play_count"), item.path("ig_play_count"), item.path("view_count")),
            count(item.path("like_count")), count(item.path("comment_count")), count(item.path("reshare_count"))),
        mobileMedia(item), Read.hashtagsIn(caption));
  }

  private static List<Media> mobileMedia(JsonNode item) {
    if (item.path("media_type").asInt() == CAROUSEL && item.path("carousel_media").isArray()) {
      var media = new ArrayList<Media>();
      item.path("carousel_media").forEach(child -> media.addAll(mobileMedia(child)));
      return media;
    }
    var video = item.path("video_versions").path(0);
    if (Read.present(video)) {
      return Media.present(Media.of(Media.VIDEO, text(video.path("url")), Read.size(video.path("width")),
          Read.size(video.path("height")), Read.decimal(item.path("video_duration"))));
    }
    var image = item.path("image_versions2").path("candidates").path(0);
    return Media.present(Media.of(Media.IMAGE, text(image.path("url"), item.path("display_url")),
        Read.size(image.path("width"), item.path("original_width")),
        Read.size(image.path("height"), item.path("original_height")), null));
  }

  /** The web shape of one post ({@code xdt_shortcode_media}), a carousel's children each a medium. */
  static Items.Post webPost(JsonNode data) {
    var post = first(data.path("data").path("xdt_shortcode_media"), data.path("data").path("shortcode_media"),
        data.path("xdt_shortcode_media"), data.path("shortcode_media"));
    var caption = text(post.path("edge_media_to_caption").path("edges").path(0).path("node").path("text"));
    return new Items.Post(PLATFORM, text(post.path("id")), postUrl(text(post.path("shortcode"))),
        author(post.path("owner")), caption, Read.epochMs(post.path("taken_at_timestamp")),
        Read.decimal(post.path("video_duration")),
        new Items.Metrics(count(post.path("video_play_count"), post.path("video_view_count")),
            count(post.path("edge_media_preview_like").path("count"), post.path("edge_liked_by").path("count")),
            count(post.path("edge_media_to_parent_comment").path("count"),
                post.path("edge_media_preview_comment").path("count"),
                post.path("edge_media_to_comment").path("count")), null),
        webMedia(post), Read.hashtagsIn(caption));
  }

  private static List<Media> webMedia(JsonNode post) {
    var children = post.path("edge_sidecar_to_children").path("edges");
    if (children.isArray() && !children.isEmpty()) {
      var media = new ArrayList<Media>();
      children.forEach(child -> media.addAll(webMedia(child.path("node"))));
      return media;
    }
    var size = post.path("dimensions");
    var video = post.path("is_video").asBoolean(false) || Read.present(post.path("video_url"));
    return Media.present(video
        ? Media.of(Media.VIDEO, text(post.path("video_url")), Read.size(size.path("width")),
            Read.size(size.path("height")), Read.decimal(post.path("video_duration")))
        : Media.of(Media.IMAGE, text(post.path("display_url")), Read.size(size.path("width")),
            Read.size(size.path("height")), null));
  }

  /** A comment: {@code created_at} is ISO-8601 text in the published answer, epoch seconds elsewhere. */
  static Items.Comment comment(JsonNode comment) {
    return new Items.Comment(text(comment.path("id"), comment.path("pk")), author(comment.path("user")),
        text(comment.path("text")), Read.epochMs(comment.path("created_at")),
        count(comment.path("comment_like_count"), comment.path("like_count")),
        count(comment.path("child_comment_count")));
  }

  private static Author author(JsonNode user) {
    return Author.of(text(user.path("id"), user.path("pk")), text(user.path("username")),
        text(user.path("full_name")));
  }

  private static String postUrl(String shortcode) {
    return shortcode == null ? null : SITE + "p/" + shortcode + "/";
  }
}
