package dev.videoautomation.platform.spending;

import java.util.Optional;

/**
 * How a call picks its price variant: the charge's {@code attributes} key billing prices by (its {@code by}), and
 * where the value comes from. From the request body, the caller chooses (and a dry run computes the cost from the
 * input); from a setting of the owner, the deployment chooses and the caller cannot.
 */
public record PriceVariant(String attribute, Source source, String name) {

  /** Where the attribute's value comes from. */
  public enum Source {
    /** A top-level field of the JSON request body, named {@link #name()}. */
    BODY,
    /** A configuration property of the owning service, named {@link #name()}. */
    SETTING
  }

  /** The variant the caller picks with the body field of the attribute's name (e.g. {@code resolution}). */
  public static PriceVariant bodyField(String field) {
    return new PriceVariant(field, Source.BODY, field);
  }

  /** The variant the owning service's setting picks. */
  public static PriceVariant setting(String attribute, String property) {
    return new PriceVariant(attribute, Source.SETTING, property);
  }

  /** The body field that picks the variant; empty when the deployment picks it. */
  public Optional<String> bodyField() {
    return source == Source.BODY ? Optional.of(name) : Optional.empty();
  }
}
