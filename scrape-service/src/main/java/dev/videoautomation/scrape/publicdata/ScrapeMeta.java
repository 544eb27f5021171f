package dev.videoautomation.scrape.publicdata;

import java.util.List;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.scrape.normalize.Note;
import dev.videoautomation.scrape.staging.StagingMeta;

/**
 * What a scrape answer says about itself: what {@code download_media} staged (only when it was true) and notes
 * (only when there is one, such as why {@code normalized} is null).
 */
@RegisterForReflection
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "ScrapeMeta", description = "About this answer: what `download_media` did with the media files of "
    + "`data` and `normalized` (`staged` and `unstaged`, only when it was true), and `notes` (only when there is one).")
public record ScrapeMeta(
    @Schema(description = "Distinct files stored on the CDN (identical URLs count once, also when both `data` and "
        + "`normalized` hold them).", minimum = "0", maximum = "2147483647") Integer staged,
    @Schema(description = "Each place in `data` or `normalized` whose file could not be staged (it is null now); "
        + "one entry per place, so as long as the provider's answer has media.") List<StagingMeta.Unstaged> unstaged,
    @Schema(description = "Things to know that are not errors, e.g. `normalize_unmapped`.", maxItems = 10)
    List<Note> notes) {

  /** Null when there is nothing to say. */
  static ScrapeMeta of(StagingMeta staging, List<Note> notes) {
    if (staging == null && notes == null) {
      return null;
    }
    return new ScrapeMeta(staging == null ? null : staging.staged(), staging == null ? null : staging.unstaged(),
        notes);
  }
}
