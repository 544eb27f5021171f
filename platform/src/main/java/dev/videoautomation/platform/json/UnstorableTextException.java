package dev.videoautomation.platform.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonMappingException;

/**
 * A request body holds a text value with U+0000, which PostgreSQL text and jsonb cannot store. Thrown while the body is
 * read, so its path names the field (the error mappers answer 400 with {@code field}).
 */
public class UnstorableTextException extends JsonMappingException {
  UnstorableTextException(JsonParser parser) {
    super(parser, "A text value holds a NUL character (U+0000)");
  }
}
