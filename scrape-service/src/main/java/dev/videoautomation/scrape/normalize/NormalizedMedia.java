package dev.videoautomation.scrape.normalize;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Where the files of a normalized record are, for {@code download_media}: each item's {@code media[].url} and
 * {@code avatarUrl}. Unlike the provider's answer, where files are recognised by name and place, here the places are
 * known; a record's {@code url} (the post's or profile's page) is never one.
 */
public final class NormalizedMedia {
  private NormalizedMedia() {
  }

  /** A file's place: its JSON path, the object holding it and the field, and the URL there now. */
  public record Place(String path, ObjectNode holder, String field, String url) {
  }

  /** The places in {@code normalized} that hold a URL; {@code root} is its JSON path (e.g. {@code $.normalized}). */
  public static List<Place> places(JsonNode normalized, String root) {
    var places = new ArrayList<Place>();
    var items = normalized.path("items");
    for (int i = 0; i < items.size(); i++) {
      var path = root + ".items[" + i + "]";
      add(places, items.get(i), "avatarUrl", path + ".avatarUrl");
      var media = items.get(i).path("media");
      for (int j = 0; j < media.size(); j++) {
        add(places, media.get(j), "url", path + ".media[" + j + "].url");
      }
    }
    return places;
  }

  private static void add(List<Place> places, JsonNode holder, String field, String path) {
    if (holder instanceof ObjectNode object && object.path(field).isTextual()) {
      places.add(new Place(path, object, field, object.path(field).asText()));
    }
  }
}
