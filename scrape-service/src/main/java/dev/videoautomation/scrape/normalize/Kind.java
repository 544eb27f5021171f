package dev.videoautomation.scrape.normalize;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the items of a normalized answer are, with the fields {@code fields} may select: an item's own fields and,
 * for an object or list of objects, {@code parent.child} ({@code metrics.views}, {@code media.url}).
 */
public enum Kind {
  PROFILE(Shapes.PROFILE),
  CHANNEL(Shapes.PROFILE),
  POSTS(Shapes.POST),
  POST(Shapes.POST),
  COMMENTS(Shapes.COMMENT),
  USERS(Shapes.USER),
  TRANSCRIPT(Shapes.TRANSCRIPT),
  ADS(Shapes.AD);

  private final Set<String> selectable;

  Kind(List<String> fields) {
    this.selectable = Set.copyOf(fields);
  }

  /** The name in the answer: {@code profile}, {@code posts}, … */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every name {@code fields} may hold for this kind, in a stable order (for the 400's message). */
  public Set<String> selectable() {
    return new LinkedHashSet<>(selectable.stream().sorted().toList());
  }

  public boolean selects(String field) {
    return selectable.contains(field);
  }

  /** The field names of each item shape ({@link Items}), nested ones as {@code parent.child}. */
  private static final class Shapes {
    static final List<String> AUTHOR = List.of("author", "author.id", "author.handle", "author.name");
    static final List<String> MEDIA = List.of("media", "media.type", "media.url", "media.width", "media.height",
        "media.durationSeconds");
    static final List<String> PROFILE = List.of("platform", "id", "handle", "name", "bio", "url", "avatarUrl",
        "verified", "followers", "following", "postCount");
    static final List<String> POST = concat(List.of("platform", "id", "url", "text", "createdAt", "durationSeconds",
        "metrics", "metrics.views", "metrics.likes", "metrics.comments", "metrics.shares", "hashtags"), AUTHOR, MEDIA);
    static final List<String> COMMENT = concat(List.of("id", "text", "createdAt", "likes", "replyCount"), AUTHOR);
    static final List<String> USER = List.of("platform", "id", "handle", "name", "avatarUrl", "followers",
        "verified");
    static final List<String> TRANSCRIPT = List.of("language", "text", "segments", "segments.start", "segments.end",
        "segments.text");
    static final List<String> AD = concat(List.of("library", "id", "advertiser", "text", "url", "startedAt",
        "endedAt", "countries"), MEDIA);

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
      return java.util.Arrays.stream(lists).flatMap(List::stream).toList();
    }
  }
}
