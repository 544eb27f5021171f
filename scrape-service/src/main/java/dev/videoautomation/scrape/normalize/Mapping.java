package dev.videoautomation.scrape.normalize;

import java.util.List;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/** How one upstream path's answer becomes normalized items: their kind, and the reader of the provider's JSON. */
record Mapping(Kind kind, Function<JsonNode, Page> read) {

  /** The items of one answer, and what to send as {@code cursor} for the next page (null: none). */
  record Page(List<?> items, String nextCursor) {
  }

  /** A single record (a profile, a post, a transcript): one item (none when the reader found nothing), no next page. */
  static Mapping one(Kind kind, Function<JsonNode, Object> read) {
    return new Mapping(kind, data -> {
      var item = read.apply(data);
      return new Page(item == null ? List.of() : List.of(item), null);
    });
  }

  /**
   * A list: each element of the array at the first of {@code pointers} that is present (JSON pointers; answers of
   * other versions name the list differently) read by {@code item}, and the page's {@code next} cursor.
   */
  static Mapping page(Kind kind, Function<JsonNode, Object> item, Function<JsonNode, String> next,
      String... pointers) {
    return new Mapping(kind, data -> {
      JsonNode list = MissingNode.getInstance();
      for (var pointer : pointers) {
        if (Read.present(data.at(pointer))) {
          list = data.at(pointer);
          break;
        }
      }
      return new Page(Read.each(list, item), next.apply(data));
    });
  }

  /** The next cursor: the token at {@code token}, unless the flag at {@code flag} (null: none) says no more. */
  static Function<JsonNode, String> cursor(String token, String flag) {
    return data -> Read.nextCursor(data.at(token), flag == null ? null : data.at(flag));
  }
}
