package dev.videoautomation.platform.json;

import java.util.ArrayDeque;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;

/**
 * A key given twice in one object of a caller's body ({@code {"code":"1","code":"2"}}). JSON leaves the meaning open
 * (RFC 8259 §4: names "SHOULD be unique"); taking the last value silently, or failing on a record's second creator
 * value, would act on something the caller may not have meant, so {@link RequestBodyMapper} turns on Jackson's
 * duplicate detection and the error mappers answer 400 naming the key by its path. Jackson reports a duplicate as a
 * plain parse error, so it is recognised by its wording, and the path is read from where the parser stopped.
 */
public final class DuplicateKeys {
  /** The end of the sentence that starts "Field 'x' ...". */
  public static final String COMPLAINT = "appears more than once in its object; send each field once";
  /** How jackson-core words it ({@code JsonReadContext._checkDup}); RequestBodyMapperTest holds it to this. */
  private static final String JACKSON_WORDING = "Duplicate field '";

  private DuplicateKeys() {
  }

  /**
   * The path of the duplicated key ({@code tags[0].key}) when {@code failure}, or one of its causes, is Jackson
   * refusing a duplicate key; empty for any other failure.
   */
  public static Optional<String> field(Throwable failure) {
    for (var cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof JsonParseException parse && parse.getOriginalMessage() != null
          && parse.getOriginalMessage().startsWith(JACKSON_WORDING)
          && parse.getProcessor() instanceof JsonParser parser && parser.getParsingContext() != null) {
        return Optional.of(pathOf(parser.getParsingContext()));
      }
    }
    return Optional.empty();
  }

  /** The dotted path of the parser's position: the context's name is the duplicated key when Jackson refuses it. */
  static String pathOf(JsonStreamContext context) {
    var steps = new ArrayDeque<String>();
    for (var at = context; at != null && !at.inRoot(); at = at.getParent()) {
      if (at.inArray()) {
        steps.addFirst("[" + Math.max(0, at.getCurrentIndex()) + "]");
      } else if (at.getCurrentName() != null) {
        steps.addFirst("." + at.getCurrentName());
      }
    }
    var path = String.join("", steps);
    return path.startsWith(".") ? path.substring(1) : path.isEmpty() ? "body" : path;
  }
}
