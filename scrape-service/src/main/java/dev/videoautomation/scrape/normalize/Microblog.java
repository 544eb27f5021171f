package dev.videoautomation.scrape.normalize;

import static dev.videoautomation.scrape.normalize.Read.count;
import static dev.videoautomation.scrape.normalize.Read.each;
import static dev.videoautomation.scrape.normalize.Read.first;
import static dev.videoautomation.scrape.normalize.Read.text;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.scrape.normalize.Items.Author;
import dev.videoautomation.scrape.normalize.Items.Media;

/**
 * X's answers (the {@code microblog} platform): GraphQL users and tweets, their fields under {@code legacy}, the
 * author under {@code core.user_results.result}; the transcript is plain text.
 */
final class Microblog {
  static final String PLATFORM = "microblog";
  private static final String SITE = "https://x.com/";

  private Microblog() {
  }

  static Map<String, Mapping> mappings() {
    return Map.of(
        "/v1/twitter/profile", Mapping.one(Kind.PROFILE, Microblog::profile),
        // No page token is documented; one is passed on if the provider starts answering it.
        "/v1/twitter/user-tweets", Mapping.page(Kind.POSTS, Microblog::tweet,
            data -> Read.nextCursor(first(data.path("cursor"), data.path("next_cursor")), data.path("has_more")),
            "/tweets"),
        "/v1/twitter/tweet", Mapping.one(Kind.POST, data -> tweet(first(data.path("tweet"), data))),
        "/v1/twitter/tweet/transcript", Mapping.one(Kind.TRANSCRIPT,
            data -> Transcripts.fromText(text(data.path("language")), text(data.path("transcript")))));
  }

  static Items.Profile profile(JsonNode user) {
    var legacy = user.path("legacy");
    var handle = text(legacy.path("screen_name"), user.path("core").path("screen_name"));
    return new Items.Profile(PLATFORM, text(user.path("rest_id"), legacy.path("id_str")), handle,
        text(legacy.path("name"), user.path("core").path("name")), text(legacy.path("description")),
        handle == null ? null : SITE + handle,
        text(legacy.path("profile_image_url_https"), user.path("avatar").path("image_url")), verified(user),
        count(legacy.path("followers_count")), count(legacy.path("friends_count")),
        count(legacy.path("statuses_count")));
  }

  /** X's paid check ({@code is_blue_verified}) where given, else the legacy badge. */
  private static Boolean verified(JsonNode user) {
    return Read.bool(user.path("is_blue_verified"), user.path("legacy").path("verified"));
  }

  static Items.Post tweet(JsonNode tweet) {
    var legacy = tweet.path("legacy");
    var user = tweet.path("core").path("user_results").path("result");
    var handle = text(user.path("legacy").path("screen_name"), user.path("core").path("screen_name"));
    var id = text(tweet.path("rest_id"), legacy.path("id_str"));
    // X serves a post at /{handle}/status/{id}, and at /i/status/{id} when the handle is not known.
    var url = Read.urlNaming(text(tweet.path("url")), id);
    if (url == null && id != null) {
      url = SITE + (handle == null ? "i" : handle) + "/status/" + id;
    }
    var media = first(legacy.path("extended_entities").path("media"), legacy.path("entities").path("media"));
    var items = each(media, Microblog::medium);
    var duration = items.stream().filter(m -> Media.VIDEO.equals(m.type())).map(Media::durationSeconds)
        .filter(java.util.Objects::nonNull).findFirst().orElse(null);
    var tags = legacy.path("entities").path("hashtags");
    return new Items.Post(PLATFORM, id, url,
        Author.of(text(user.path("rest_id"), legacy.path("user_id_str")), handle,
            text(user.path("legacy").path("name"), user.path("core").path("name"))),
        text(legacy.path("full_text"), legacy.path("text")), Read.epochMs(legacy.path("created_at")), duration,
        new Items.Metrics(count(tweet.path("views").path("count")), count(legacy.path("favorite_count")),
            count(legacy.path("reply_count")), count(legacy.path("retweet_count"))),
        items, tags.isArray() ? Read.texts(tags, "text") : null);
  }

  /**
   * A photo is its {@code media_url_https}; a video or GIF its highest-bitrate MP4 variant (the playlist variant is
   * not one file). {@code url} of a medium is a t.co link, never the file.
   */
  private static Media medium(JsonNode medium) {
    var size = medium.path("original_info");
    var width = Read.size(size.path("width"));
    var height = Read.size(size.path("height"));
    var type = text(medium.path("type"));
    if ("photo".equals(type)) {
      return Media.of(Media.IMAGE, text(medium.path("media_url_https")), width, height, null);
    }
    var info = medium.path("video_info");
    JsonNode best = null;
    for (var variant : info.path("variants")) {
      if ("video/mp4".equals(text(variant.path("content_type")))
          && (best == null || variant.path("bitrate").asLong() > best.path("bitrate").asLong())) {
        best = variant;
      }
    }
    return best == null ? null : Media.of(Media.VIDEO, text(best.path("url")), width, height,
        Read.secondsFromMillis(info.path("duration_millis")));
  }
}
