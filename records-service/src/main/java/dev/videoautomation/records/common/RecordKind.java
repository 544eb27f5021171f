package dev.videoautomation.records.common;

import java.util.function.Function;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response.Status;

import dev.videoautomation.platform.ids.IdPrefix;

/**
 * How {@link OwnedRecordResource} speaks of one record kind: its noun in a 404, its id prefix, the status of a
 * create, where an update body names the record, and how its list reads its own filters from the query.
 *
 * @param noun the kind in "The {noun} {id}" of a 404
 * @param prefix the prefix every id of the kind has
 * @param created 201, or 202 for a kind whose records are completed later (accounts are verified)
 * @param bodyId the id an update body names (null when it names none)
 * @param filters the list's filters, from the query parameters (the first value of each, as {@code @QueryParam})
 * @param <F> the kind's list filters
 * @param <U> the kind's update body
 */
public record RecordKind<F, U>(String noun, IdPrefix prefix, Status created, Function<U, String> bodyId,
    Function<MultivaluedMap<String, String>, F> filters) {
  /** A kind whose create answers 201 with the record as stored. */
  public static <F, U> RecordKind<F, U> of(String noun, IdPrefix prefix, Function<U, String> bodyId,
      Function<MultivaluedMap<String, String>, F> filters) {
    return new RecordKind<>(noun, prefix, Status.CREATED, bodyId, filters);
  }
}
