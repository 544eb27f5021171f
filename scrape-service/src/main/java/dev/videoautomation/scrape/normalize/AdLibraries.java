package dev.videoautomation.scrape.normalize;

import static dev.videoautomation.scrape.normalize.Read.first;
import static dev.videoautomation.scrape.normalize.Read.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.videoautomation.scrape.normalize.Items.Media;

/**
 * The four ad libraries: Meta's (social; snake_case, epoch seconds), Google's transparency center (search) and
 * LinkedIn's (professional), both camelCase with ISO dates, and Reddit's (forum; the ad's creative nested). Each
 * reader takes the snake_case spelling too, which older answers used. Only what the provider gives is read: Reddit
 * gives no run dates, Google and Reddit no countries, Google no ad text, so those are null.
 */
final class AdLibraries {
  private AdLibraries() {
  }

  static Map<String, Mapping> mappings() {
    var byCursor = Mapping.cursor("/cursor", null);
    return Map.of(
        "/v1/facebook/adLibrary/search/ads", Mapping.page(Kind.ADS, AdLibraries::social, byCursor, "/searchResults",
            "/results"),
        "/v1/google/company/ads", Mapping.page(Kind.ADS, AdLibraries::search, byCursor, "/ads"),
        "/v1/linkedin/ads/search", Mapping.page(Kind.ADS, AdLibraries::professional, AdLibraries::professionalCursor,
            "/ads"),
        // No page token is published (at most 30 ads); one is passed on if the provider starts answering it.
        "/v1/reddit/ads/search", Mapping.page(Kind.ADS, AdLibraries::forum, byCursor, "/ads"));
  }

  /** A Meta ad: its id is {@code ad_archive_id}, its files the snapshot's images, videos and cards. */
  static Items.Ad social(JsonNode ad) {
    var snapshot = ad.path("snapshot");
    var id = text(ad.path("ad_archive_id"), ad.path("ad_id"));
    var body = snapshot.path("body");
    var media = new ArrayList<Media>();
    for (var group : List.of("images", "videos", "cards")) {
      for (var file : snapshot.path(group)) {
        media.addAll(Media.present(
            Media.of(Media.VIDEO, text(file.path("video_hd_url"), file.path("video_sd_url")), null, null, null),
            Media.of(Media.IMAGE, text(file.path("original_image_url"), file.path("resized_image_url")), null, null,
                null)));
      }
    }
    var url = Read.either(text(ad.path("url")), id == null ? null : "https://www.facebook.com/ads/library/?id=" + id);
    return new Items.Ad("social", id, text(ad.path("page_name"), snapshot.path("page_name")),
        text(body.path("text"), body), url, Read.epochMs(ad.path("start_date")), Read.epochMs(ad.path("end_date")),
        media, Read.texts(ad.path("targeted_or_reached_countries"), null));
  }

  /** A Google ad: a creative of an advertiser, its preview image the only file given. */
  static Items.Ad search(JsonNode ad) {
    return new Items.Ad("search", text(ad.path("creativeId"), ad.path("creative_id")),
        text(ad.path("advertiserName"), ad.path("advertiser_name")), null, text(ad.path("adUrl"), ad.path("ad_url")),
        Read.epochMs(first(ad.path("firstShown"), ad.path("first_shown"))),
        Read.epochMs(first(ad.path("lastShown"), ad.path("last_shown"))),
        Media.present(Media.of(Media.IMAGE, text(ad.path("imageUrl"), ad.path("image_url")), null, null, null)),
        null);
  }

  /** A LinkedIn ad; its {@code url} is the ad's page in the library, {@code destinationUrl} stays in data. */
  static Items.Ad professional(JsonNode ad) {
    var media = new ArrayList<>(Media.present(Media.of(Media.VIDEO, text(ad.path("video")), null, null, null),
        Media.of(Media.IMAGE, text(ad.path("image")), null, null, null)));
    for (var image : first(ad.path("carouselImages"), ad.path("carousel_images"))) {
      media.addAll(Media.present(Media.of(Media.IMAGE, text(image, image.path("url")), null, null, null)));
    }
    var id = text(ad.path("id"));
    return new Items.Ad("professional", id, text(ad.path("advertiser"), ad.path("poster")),
        text(ad.path("description"), ad.path("headline")),
        id == null ? null : "https://www.linkedin.com/ad-library/detail/" + id,
        Read.epochMs(first(ad.path("startDate"), ad.path("start_date"))),
        Read.epochMs(first(ad.path("endDate"), ad.path("end_date"))), media,
        Read.texts(first(ad.path("impressionsByCountry"), ad.path("impressions_by_country")), "country"));
  }

  /** LinkedIn pages by token until {@code isLastPage}. */
  private static String professionalCursor(JsonNode data) {
    var last = first(data.path("isLastPage"), data.path("is_last_page"));
    return last.asBoolean(false) ? null : text(data.path("paginationToken"), data.path("pagination_token"));
  }

  /** A Reddit ad: the post that is the ad ({@code creative}) and its author ({@code profile_info}). */
  static Items.Ad forum(JsonNode ad) {
    var creative = ad.path("creative");
    var media = new ArrayList<>(Media.present(Media.of(Media.VIDEO, text(ad.path("video_url")), null, null, null)));
    var partType = "VIDEO".equalsIgnoreCase(text(creative.path("type"))) ? Media.VIDEO : Media.IMAGE;
    for (var part : creative.path("content")) {
      media.addAll(Media.present(Media.of(partType, text(part.path("media_url")), null, null, null)));
    }
    media.addAll(Media.present(Media.of(Media.IMAGE, text(creative.path("thumbnail_url"), ad.path("thumbnail_url")),
        null, null, null)));
    return new Items.Ad("forum", text(ad.path("id")),
        text(ad.path("profile_info").path("name"), ad.path("advertiser").path("name")),
        text(creative.path("body"), creative.path("headline"), ad.path("headline")),
        text(creative.path("post_url"), ad.path("post_url")), null, null, media, null);
  }
}
