package dev.videoautomation.platform.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonMappingException;

/**
 * A request body holds text the database cannot keep exactly: U+0000, which PostgreSQL text and jsonb refuse, or a
 * lone UTF-16 surrogate, which has no UTF-8 form and would be stored as {@code ?}. Thrown while the body is read, so
 * its path names the field (the error mappers answer 400 with {@code field}).
 */
public class UnstorableTextException extends JsonMappingException {
  /** Why the text cannot be stored, and what the caller is told about it. */
  public enum Reason {
    NUL("holds a NUL character (U+0000), which cannot be stored; remove it"),
    LONE_SURROGATE("holds a lone UTF-16 surrogate (\\uD800 to \\uDFFF without its pair), which cannot be stored "
        + "exactly; send the whole character or remove it");

    private final String complaint;

    Reason(String complaint) {
      this.complaint = complaint;
    }

    /** The end of the sentence that starts "Field 'x' ...". */
    public String complaint() {
      return complaint;
    }
  }

  private final Reason reason;

  UnstorableTextException(JsonParser parser, Reason reason) {
    super(parser, "A text value " + reason.complaint());
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
