package dev.videoautomation.scrape.normalize;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.logging.Log;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.scrape.config.ScrapeConfig;

/**
 * {@code normalize: true}: the provider's answer read into one record shape per kind, beside the untouched
 * {@code data}. Mappings are keyed by the upstream path a route is configured with, since the answer's shape is the
 * provider path's, not the neutral route's: an operator who repoints a route to a path without a mapping gets
 * {@code normalized: null} and a note, never an error.
 */
@ApplicationScoped
public class Normalizer {
  /** The shape of {@code normalized} and its items; raised when a field's meaning or type changes. */
  public static final int VERSION = 1;
  /** At most this many names in {@code fields}. */
  public static final int MAX_FIELDS = 40;

  private static final Map<String, Mapping> BY_UPSTREAM_PATH = byUpstreamPath();

  private final ScrapeConfig config;
  private final ObjectMapper json;

  Normalizer(ScrapeConfig config, ObjectMapper json) {
    this.config = config;
    this.json = json;
  }

  /** What a call asked: {@code normalize}, and the item fields {@code fields} selects (null: all). */
  public record Request(boolean normalize, List<String> fields) {
  }

  /**
   * The plan for a call on {@code route}, by the provider path the route table gives it, checked before the
   * provider is asked: {@code fields} without {@code normalize}, with more than {@link #MAX_FIELDS} names, or naming
   * a field the path's kind lacks, is a 400 naming {@code fields} (an unmapped path's names cannot be checked).
   * Empty when nothing is to be normalized.
   */
  public Optional<Plan> plan(String route, Request request) {
    if (!request.normalize()) {
      if (request.fields() != null) {
        throw ApiException.invalidField("fields", "selects fields of normalized items; send it with "
            + "\"normalize\": true");
      }
      return Optional.empty();
    }
    if (request.fields() != null && request.fields().size() > MAX_FIELDS) {
      throw ApiException.invalidField("fields", "must name at most " + MAX_FIELDS + " fields");
    }
    var target = config.routes().get(route);
    var upstreamPath = target == null ? null : target.path();
    var mapping = upstreamPath == null ? null : BY_UPSTREAM_PATH.get(upstreamPath);
    if (mapping != null && request.fields() != null) {
      for (var field : request.fields()) {
        if (field == null || !mapping.kind().selects(field)) {
          throw ApiException.invalidField("fields", "names '" + field + "', which is not a field of a "
              + mapping.kind().wire() + " item (" + String.join(", ", mapping.kind().selectable()) + ")");
        }
      }
    }
    return Optional.of(new Plan(route, upstreamPath, mapping, request.fields()));
  }

  /** How one answer is normalized; {@code mapping} null when its upstream path has none. */
  public final class Plan {
    private final String route;
    private final String upstreamPath;
    private final Mapping mapping;
    private final List<String> fields;

    private Plan(String route, String upstreamPath, Mapping mapping, List<String> fields) {
      this.route = route;
      this.upstreamPath = upstreamPath;
      this.mapping = mapping;
      this.fields = fields;
    }

    /**
     * {@code normalized} for the provider's {@code data}: {@code {kind, version, items, nextCursor}}, or null with
     * a note when the path has no mapping or its answer could not be read (a provider answer of another shape).
     */
    public Outcome apply(JsonNode data) {
      if (mapping == null) {
        Log.debugf("No normalized mapping for %s (route %s)", upstreamPath, route);
        return Outcome.withNote(Note.unmapped(route, upstreamPath));
      }
      try {
        var page = mapping.read().apply(data);
        var normalized = json.createObjectNode();
        normalized.put("kind", mapping.kind().wire());
        normalized.put("version", VERSION);
        normalized.set("items", FieldSelection.select(json.valueToTree(page.items()), fields));
        normalized.put("nextCursor", page.nextCursor());
        return new Outcome(normalized, null);
      } catch (RuntimeException e) {
        // A provider answer this mapping cannot read is still answered: data as it came, and why nothing else.
        Log.warnf("Normalizing the answer of %s failed: %s", upstreamPath, e.toString());
        return Outcome.withNote(Note.unreadable(route, upstreamPath));
      }
    }
  }

  /** {@code normalized} (null when not made) and the note saying why it was not. */
  public record Outcome(ObjectNode normalized, Note note) {
    static Outcome withNote(Note note) {
      return new Outcome(null, note);
    }
  }

  private static Map<String, Mapping> byUpstreamPath() {
    var all = new HashMap<String, Mapping>();
    for (var family : List.of(ShortVideo.mappings(), Photo.mappings(), Microblog.mappings(), VideoSite.mappings(),
        AdLibraries.mappings())) {
      family.forEach((path, mapping) -> {
        if (all.put(path, mapping) != null) {
          throw new IllegalStateException("Two normalized mappings for " + path);
        }
      });
    }
    return Map.copyOf(all);
  }

  /** The upstream paths that have a mapping (tests hold the route table to it). */
  public static java.util.Set<String> mappedPaths() {
    return BY_UPSTREAM_PATH.keySet();
  }

  /** The kind the items of an upstream path's answer are, if it has a mapping. */
  public static Optional<Kind> kindOf(String upstreamPath) {
    return Optional.ofNullable(BY_UPSTREAM_PATH.get(upstreamPath)).map(Mapping::kind);
  }
}
