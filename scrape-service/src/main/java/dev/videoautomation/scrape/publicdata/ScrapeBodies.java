package dev.videoautomation.scrape.publicdata;

import java.util.List;

import jakarta.validation.constraints.NotBlank;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.scrape.common.ScrapeLimits;

/**
 * The request bodies of the 24 scrape operations, each exactly the fields the reference lists for its path (an
 * unknown field is a 400 naming it), forwarded by these names ({@link ScrapeService#run}). The evident identifier
 * is required; {@code download_media} defaults to false. Every body also takes {@code normalize} and {@code fields}.
 * These three shape this service's answer, are never forwarded, and are described once (openapi/AnswerShapingDocs).
 * Text fields are bounded by {@link ScrapeLimits} (checked in {@link ScrapeService}; the document states the same).
 */
public final class ScrapeBodies {
  static final String HANDLE = "The account's handle on the platform, with or without a leading `@`.";
  static final String CHANNEL_HANDLE = "The channel's handle (`@name` or `name`); this or `channel_id` is required.";
  static final String CHANNEL_ID = "The channel's id (`UC…`); this or `handle` is required.";
  static final String URL = "The URL of a post or video on the platform. It passes the URL guard before the provider "
      + "sees it: http(s), no user info, a host name (not resolved here: the provider fetches the post) or a public "
      + "address.";
  static final String CURSOR = "The provider's page token from the previous answer; absent for the first page.";
  static final String QUERY = "The words to search for.";
  static final String COMPANY = "The company's web domain, e.g. `somebrand.com`.";
  static final String COUNTRY = "An ISO 3166-1 country code such as `US` (the social ad library also takes `ALL`).";
  static final String TRIM = "Ask the provider for a smaller answer (fewer fields).";

  private ScrapeBodies() {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeHandleTrimRequest", description = "A handle, with `trim` and `download_media`.")
  public record HandleTrimMedia(
      @Schema(description = HANDLE, maxLength = ScrapeLimits.HANDLE, example = "some.creator")
      @NotBlank String handle,
      @Schema(description = TRIM, defaultValue = "false") Boolean trim,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeHandlePageRequest", description = "A handle and a page cursor, with `download_media`.")
  public record HandleCursorMedia(
      @Schema(description = HANDLE, maxLength = ScrapeLimits.HANDLE, example = "some.creator")
      @NotBlank String handle,
      @Schema(description = CURSOR, maxLength = ScrapeLimits.CURSOR) String cursor,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeHandlePageTrimRequest", description = "A handle and a page cursor, with `trim` and "
      + "`download_media`.")
  public record HandleCursorTrimMedia(
      @Schema(description = HANDLE, maxLength = ScrapeLimits.HANDLE, example = "some_creator")
      @NotBlank String handle,
      @Schema(description = CURSOR, maxLength = ScrapeLimits.CURSOR) String cursor,
      @Schema(description = TRIM, defaultValue = "false") Boolean trim,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeHandleRequest", description = "A handle, with `download_media`.")
  public record HandleMedia(
      @Schema(description = HANDLE, maxLength = ScrapeLimits.HANDLE, example = "some.creator")
      @NotBlank String handle,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeUrlTrimRequest", description = "A post or video URL, with `trim` and `download_media`.")
  public record UrlTrimMedia(
      @Schema(description = URL, maxLength = ScrapeLimits.URL,
          example = "https://www.tiktok.com/@some.creator/video/7430000000000000000") @NotBlank String url,
      @Schema(description = TRIM, defaultValue = "false") Boolean trim,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeUrlRequest", description = "A post or video URL, with `download_media`.")
  public record UrlMedia(
      @Schema(description = URL, maxLength = ScrapeLimits.URL,
          example = "https://www.instagram.com/reel/Cx1AbCdEfGh/") @NotBlank String url,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeTranscriptRequest", description = "The URL of the video whose transcript is wanted.")
  public record UrlOnly(
      @Schema(description = URL, maxLength = ScrapeLimits.URL,
          example = "https://www.tiktok.com/@some.creator/video/7430000000000000000") @NotBlank String url,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeCommentsRequest", description = "A post or video URL and a page cursor.")
  public record UrlCursor(
      @Schema(description = URL, maxLength = ScrapeLimits.URL,
          example = "https://www.youtube.com/watch?v=dQw4w9WgXcQ") @NotBlank String url,
      @Schema(description = CURSOR, maxLength = ScrapeLimits.CURSOR) String cursor,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeUserSearchRequest", description = "A search query and a page cursor.")
  public record QueryCursor(
      @Schema(description = QUERY, maxLength = ScrapeLimits.QUERY, example = "home cooking")
      @NotBlank String query,
      @Schema(description = CURSOR, maxLength = ScrapeLimits.CURSOR) String cursor,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeTrendingRequest", description = "A country (default `US`), with `download_media`.")
  public record CountryMedia(
      @Schema(description = COUNTRY, maxLength = ScrapeLimits.COUNTRY, example = "US") String country,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  /** videosite channel: {@code handle} or {@code channel_id}, at least one. */
  @RegisterForReflection
  @Schema(name = "ScrapeChannelRequest", description = "A channel named by `handle` or `channel_id` (one is "
      + "required), with `download_media`.")
  public record ChannelMedia(
      @Schema(description = CHANNEL_HANDLE, maxLength = ScrapeLimits.HANDLE, example = "somecreator") String handle,
      @Schema(description = CHANNEL_ID, maxLength = ScrapeLimits.CHANNEL_ID, example = "UCX6OQ3DkcsbYNE6H8uQQuVA")
      @JsonProperty("channel_id") String channelId,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest.Channel {
  }

  /** videosite channel videos: {@code handle} or {@code channel_id}, at least one. */
  @RegisterForReflection
  @Schema(name = "ScrapeChannelVideosRequest", description = "A channel named by `handle` or `channel_id` (one is "
      + "required) and a page cursor, with `download_media`.")
  public record ChannelCursorMedia(
      @Schema(description = CHANNEL_HANDLE, maxLength = ScrapeLimits.HANDLE, example = "somecreator") String handle,
      @Schema(description = CHANNEL_ID, maxLength = ScrapeLimits.CHANNEL_ID, example = "UCX6OQ3DkcsbYNE6H8uQQuVA")
      @JsonProperty("channel_id") String channelId,
      @Schema(description = CURSOR, maxLength = ScrapeLimits.CURSOR) String cursor,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest.Channel {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeSocialAdsRequest", description = "A keyword or page name and an optional country, with "
      + "`download_media`.")
  public record QueryCountryMedia(
      @Schema(description = QUERY, maxLength = ScrapeLimits.QUERY, example = "running shoes")
      @NotBlank String query,
      @Schema(description = COUNTRY, maxLength = ScrapeLimits.COUNTRY, example = "US") String country,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeCompanyAdsRequest", description = "A company's web domain, with `download_media`.")
  public record CompanyMedia(
      @Schema(description = COMPANY, maxLength = ScrapeLimits.COMPANY, example = "somebrand.com")
      @NotBlank String company,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }

  @RegisterForReflection
  @Schema(name = "ScrapeAdKeywordRequest", description = "A keyword, with `download_media`.")
  public record QueryMedia(
      @Schema(description = QUERY, maxLength = ScrapeLimits.QUERY, example = "vpn")
      @NotBlank String query,
      @JsonProperty("download_media") Boolean downloadMedia,
      Boolean normalize, List<String> fields) implements ScrapeRequest {
  }
}
