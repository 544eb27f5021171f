package dev.videoautomation.platform.openapi;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The MCP toolsets (issue 33 §1): which sets of tools a session sees, each taking operations by the contract's tags.
 * {@link ToolsetDocs} writes the set into every operation as {@code x-toolset}; the gateway lists and filters tools by
 * it. {@code Records: webhooks} belongs to {@link #JOBS} (webhooks announce jobs' ends), every other
 * {@code Records: …} tag to {@link #RECORDS}.
 */
public enum Toolset {
  START("Register, find keys, the API's info, usage, pricing, subscribing and credits.",
      "Agent registration", "Key discovery", "Discovery and usage", "Billing"),
  KEYS("Create, list, rotate, recover and revoke API keys.", "API keys"),
  JOBS("Follow, list and cancel jobs; webhooks that announce their ends.", "Jobs", "Records: webhooks"),
  SCRAPE("Read profiles, posts, comments, transcripts and ads from the platforms; import a video by URL.",
      "Scrape", "Video import"),
  MEDIA("Stage media, transcribe, extract, watch, overlay text, check and scan for compliance.",
      "Media", "Intelligence", "Processing", "Check", "Compliance"),
  CREATE("Generate clones, images, music and videos.", "Clone", "Images", "Music", "Generated videos"),
  RECORDS("Keep accounts, assets, campaigns, editor projects, posts and references.");

  /** The extension that names an operation's set. */
  public static final String EXTENSION = "x-toolset";
  /** Every {@code Records: …} tag not named by another set. */
  public static final String RECORDS_TAG_PREFIX = "Records: ";

  private final String purpose;
  private final Set<String> tags;

  Toolset(String purpose, String... tags) {
    this.purpose = purpose;
    this.tags = Set.of(tags);
  }

  /** The set's name as agents write it: {@code start}, {@code keys}, ... */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** One line saying what the set is for. */
  public String purpose() {
    return purpose;
  }

  /** The set taking an operation of {@code tags}: the first tag a set names, else a {@code Records: …} tag. */
  public static Optional<Toolset> forTags(List<String> tags) {
    if (tags == null) {
      return Optional.empty();
    }
    for (var tag : tags) {
      for (var set : values()) {
        if (set.tags.contains(tag)) {
          return Optional.of(set);
        }
      }
    }
    return tags.stream().anyMatch(tag -> tag.startsWith(RECORDS_TAG_PREFIX)) ? Optional.of(RECORDS)
        : Optional.empty();
  }

  /** The set named {@code id} ({@code start}, ...), if there is one. */
  public static Optional<Toolset> byId(String id) {
    return Arrays.stream(values()).filter(set -> set.id().equals(id)).findFirst();
  }
}
