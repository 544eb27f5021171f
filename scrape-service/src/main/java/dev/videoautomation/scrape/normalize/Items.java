package dev.videoautomation.scrape.normalize;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The normalized records, one shape per kind whatever the platform (docs/scrape-service.md, "Normalized records";
 * the schemas {@code ScrapeNormalized*} of META-INF/openapi.yaml). Every field is written, null when the provider did
 * not give it. Instants are epoch milliseconds, durations seconds.
 */
public final class Items {
  private Items() {
  }

  /** A profile or a channel. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Profile(String platform, String id, String handle, String name, String bio, String url,
      String avatarUrl, Boolean verified, Long followers, Long following, Long postCount) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Author(String id, String handle, String name) {
    /** Null when the provider named no author at all. */
    static Author of(String id, String handle, String name) {
      return id == null && handle == null && name == null ? null : new Author(id, handle, name);
    }
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Metrics(Long views, Long likes, Long comments, Long shares) {
  }

  /** A file of a post or ad: {@code type} is video, image or audio. */
  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Media(String type, String url, Integer width, Integer height, Double durationSeconds) {
    static final String VIDEO = "video";
    static final String IMAGE = "image";
    static final String AUDIO = "audio";

    /** Null when there is no URL: a file without an address is no file. */
    static Media of(String type, String url, Integer width, Integer height, Double durationSeconds) {
      return url == null ? null : new Media(type, url, width, height, durationSeconds);
    }

    /** The files that are there, in order (a null is a file the provider did not give). */
    static List<Media> present(Media... files) {
      return java.util.Arrays.stream(files).filter(java.util.Objects::nonNull).toList();
    }
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Post(String platform, String id, String url, Author author, String text, Long createdAt,
      Double durationSeconds, Metrics metrics, List<Media> media, List<String> hashtags) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Comment(String id, Author author, String text, Long createdAt, Long likes, Long replyCount) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record User(String platform, String id, String handle, String name, String avatarUrl, Long followers,
      Boolean verified) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Segment(Double start, Double end, String text) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Transcript(String language, String text, List<Segment> segments) {
  }

  @RegisterForReflection
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record Ad(String library, String id, String advertiser, String text, String url, Long startedAt,
      Long endedAt, List<Media> media, List<String> countries) {
  }
}
