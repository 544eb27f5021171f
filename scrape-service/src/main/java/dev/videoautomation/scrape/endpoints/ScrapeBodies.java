package dev.videoautomation.scrape.endpoints;

import java.util.Map;

import jakarta.validation.constraints.NotBlank;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The request bodies of the 24 scrape endpoints, each exactly the fields the reference lists for its path (an
 * unknown field is a 400 naming it). The evident identifier is required; {@code download_media} defaults to false.
 */
public final class ScrapeBodies {
  private ScrapeBodies() {
  }

  private static boolean yes(Boolean value) {
    return Boolean.TRUE.equals(value);
  }

  @RegisterForReflection
  public record HandleTrimMedia(@NotBlank String handle, Boolean trim,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("handle", handle, "trim", ScrapeRequest.trim(trim));
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record HandleCursorMedia(@NotBlank String handle, String cursor,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("handle", handle, "cursor", cursor);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record HandleCursorTrimMedia(@NotBlank String handle, String cursor, Boolean trim,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("handle", handle, "cursor", cursor, "trim", ScrapeRequest.trim(trim));
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record HandleMedia(@NotBlank String handle, @JsonProperty("download_media") Boolean downloadMedia)
      implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("handle", handle);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record UrlTrimMedia(@NotBlank String url, Boolean trim,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("url", url, "trim", ScrapeRequest.trim(trim));
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record UrlMedia(@NotBlank String url, @JsonProperty("download_media") Boolean downloadMedia)
      implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("url", url);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record UrlOnly(@NotBlank String url) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("url", url);
    }

    public boolean stageMedia() {
      return false;
    }
  }

  @RegisterForReflection
  public record UrlCursor(@NotBlank String url, String cursor) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("url", url, "cursor", cursor);
    }

    public boolean stageMedia() {
      return false;
    }
  }

  @RegisterForReflection
  public record QueryCursor(@NotBlank String query, String cursor) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("query", query, "cursor", cursor);
    }

    public boolean stageMedia() {
      return false;
    }
  }

  @RegisterForReflection
  public record CountryMedia(String country, @JsonProperty("download_media") Boolean downloadMedia)
      implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("country", country);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  /** videosite channel: {@code handle} or {@code channel_id}, at least one. */
  @RegisterForReflection
  public record ChannelMedia(String handle, @JsonProperty("channel_id") String channelId,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("handle", handle, "channel_id", channelId);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  /** videosite channel videos: {@code handle} or {@code channel_id}, at least one. */
  @RegisterForReflection
  public record ChannelCursorMedia(String handle, @JsonProperty("channel_id") String channelId, String cursor,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("handle", handle, "channel_id", channelId, "cursor", cursor);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record QueryCountryMedia(@NotBlank String query, String country,
      @JsonProperty("download_media") Boolean downloadMedia) implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("query", query, "country", country);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record CompanyMedia(@NotBlank String company, @JsonProperty("download_media") Boolean downloadMedia)
      implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("company", company);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }

  @RegisterForReflection
  public record QueryMedia(@NotBlank String query, @JsonProperty("download_media") Boolean downloadMedia)
      implements ScrapeRequest {
    public Map<String, String> fields() {
      return ScrapeRequest.of("query", query);
    }

    public boolean stageMedia() {
      return yes(downloadMedia);
    }
  }
}
