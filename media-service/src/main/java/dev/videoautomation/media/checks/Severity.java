package dev.videoautomation.media.checks;

import java.util.Locale;
import java.util.Optional;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.fasterxml.jackson.annotation.JsonValue;

/** How much a failed rule matters: only a failed {@code error} fails the check. */
@Schema(name = "CheckSeverity", description = "How much a failed rule matters: only a failed error fails the check.")
public enum Severity {
  ERROR, WARNING, INFO;

  @JsonValue
  public String json() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The severity named {@code text} (error, warning, info), or empty. */
  public static Optional<Severity> parse(String text) {
    for (var severity : values()) {
      if (severity.json().equals(text)) {
        return Optional.of(severity);
      }
    }
    return Optional.empty();
  }
}
