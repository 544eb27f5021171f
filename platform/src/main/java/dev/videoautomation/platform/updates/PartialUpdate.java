package dev.videoautomation.platform.updates;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

import dev.videoautomation.platform.errors.ApiException;

/**
 * A partial update, as every {@code PUT} of a record takes it: the body (read by the strict rules of
 * {@link dev.videoautomation.platform.json.RequestBodyMapper} into the kind's update record) names only the fields to
 * change, and a field that is absent or {@code null} leaves the value as it is. Each field given is checked when it
 * is named, before the record is loaded, so a refused field is a 400 that changed nothing; {@link #applyTo} then sets
 * the checked values on the record through the setters given. Nothing is read reflectively and the record never
 * leaves the service that owns it: this class sees only values and setters.
 *
 * <pre>{@code
 * public Optional<Reference> update(String clientId, String id, ReferenceDtos.Update body) {
 *   var changes = PartialUpdate.<Reference>of(body)
 *       .set(body.url(), url -> Inputs.httpUrl("url", url), (reference, url) -> reference.url = url)
 *       .set(body.title(), title -> Inputs.optional("title", title, MAX_TITLE), (r, title) -> r.title = title)
 *       .set(body.tags(), Inputs::tags, (reference, tags) -> reference.tags = tags);
 *   return references.findOwned(clientId, id).map(reference -> {
 *     changes.applyTo(reference).touched();
 *     return reference;
 *   });
 * }
 * }</pre>
 *
 * @param <T> what is updated
 */
public final class PartialUpdate<T> {
  private final List<Change<T, ?>> changes = new ArrayList<>();

  private record Change<T, V>(V value, BiConsumer<T, V> setter) {
    void applyTo(T target) {
      setter.accept(target, value);
    }
  }

  private PartialUpdate() {
  }

  /** An update from {@code body}; no body at all is a 400 naming {@code body}. */
  public static <T> PartialUpdate<T> of(Object body) {
    if (body == null) {
      throw ApiException.invalidField("body", "is required");
    }
    return new PartialUpdate<>();
  }

  /** Sets {@code value} with {@code setter} when it is given (not null). */
  public <V> PartialUpdate<T> set(V value, BiConsumer<T, V> setter) {
    return set(value, Function.identity(), setter);
  }

  /**
   * Checks {@code value} now when it is given (the check throws the 400 naming the field) and sets what the check
   * answers with {@code setter}; a check answering null sets nothing.
   */
  public <V, W> PartialUpdate<T> set(V value, Function<? super V, ? extends W> check, BiConsumer<T, W> setter) {
    if (value != null) {
      W checked = check.apply(value);
      if (checked != null) {
        changes.add(new Change<>(checked, setter));
      }
    }
    return this;
  }

  /** A field that cannot be changed: given at all, it is a 400 naming it, saying {@code why}. */
  public PartialUpdate<T> refuse(String field, Object value, String why) {
    if (value != null) {
      throw ApiException.invalidField(field, why);
    }
    return this;
  }

  /** Whether the body changes nothing. */
  public boolean isEmpty() {
    return changes.isEmpty();
  }

  /** Sets every value given on {@code target}, in the order named; the values absent leave it as it is. */
  public T applyTo(T target) {
    changes.forEach(change -> change.applyTo(target));
    return target;
  }
}
