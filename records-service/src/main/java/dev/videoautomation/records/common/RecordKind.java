package dev.videoautomation.records.common;

import java.util.function.Function;

import dev.videoautomation.platform.ids.IdPrefix;

/**
 * How {@link OwnedRecordResource} speaks of one record kind: its noun in a 404, its id prefix, its view, where an
 * update body names the record, and what a removal answers.
 *
 * @param noun the kind in "The {noun} {id}" of a 404
 * @param prefix the prefix every id of the kind has
 * @param view the answer for one record
 * @param bodyId the id an update body names (null when it names none)
 * @param removed the answer to a DELETE
 */
public record RecordKind<R extends OwnedRecord, V, U, D>(String noun, IdPrefix prefix, Function<R, V> view,
    Function<U, String> bodyId, Function<R, D> removed) {
  /** A kind whose DELETE removes the record and answers {@code {id, deleted: true}}. */
  public static <R extends OwnedRecord, V, U> RecordKind<R, V, U, Deleted> deleting(String noun, IdPrefix prefix,
      Function<R, V> view, Function<U, String> bodyId) {
    return new RecordKind<>(noun, prefix, view, bodyId, r -> Deleted.of(r.id));
  }
}
