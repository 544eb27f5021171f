package dev.videoautomation.platform.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * How a service's OpenAPI document holds the platform's shared components (platform-components.yaml, merged from the
 * copy in the service's own classes): each one present as the platform wrote it, and no service-local twin of it, a
 * component under another name that says the same ({@link #twins}).
 */
public final class SharedComponents {
  /** Where service-parent copies the platform fragment in every service's classes. */
  public static final String FRAGMENT = "META-INF/openapi-shared/platform-components.yaml";
  /** The kinds of component the fragment holds. */
  static final List<String> KINDS = List.of("schemas", "parameters", "headers", "responses");
  /** What a twin may word differently and still be the same thing (a response's description is what it says). */
  private static final Set<String> WORDING = Set.of("description", "example", "examples");

  private SharedComponents() {
  }

  /** The platform fragment as this service's classpath holds it. */
  public static JsonNode fragment() {
    try (var in = Thread.currentThread().getContextClassLoader().getResourceAsStream(FRAGMENT)) {
      if (in == null) {
        throw new IllegalStateException(FRAGMENT + " is not on the classpath: service-parent copies it into each "
            + "service's classes");
      }
      return new ObjectMapper(new YAMLFactory()).readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Asserts that the OpenAPI document (JSON) holds each platform component as the platform wrote it and no twin of
   * one beyond {@code knownTwins}, which may only shrink.
   */
  public static void assertHeldOnce(String documentJson, Set<String> knownTwins) {
    JsonNode document;
    try {
      document = new ObjectMapper().readTree(documentJson);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    var fragment = fragment();
    assertThat(missingOrChanged(fragment, document)).as("the platform's components, as written in "
        + "platform/src/main/openapi/platform-components.yaml").isEmpty();
    var twins = twins(fragment, document);
    assertThat(twins).as("components that say what a platform one says: use the platform's (docs/openapi.md)")
        .isSubsetOf(knownTwins);
    assertThat(knownTwins).as("known twins that are gone: remove them from knownTwins()").isSubsetOf(twins);
  }

  /** Each platform component the document lacks or holds in another form, as {@code kind/Name}. */
  public static List<String> missingOrChanged(JsonNode fragment, JsonNode document) {
    var problems = new ArrayList<String>();
    for (var kind : KINDS) {
      fragment.path("components").path(kind).properties().forEach(shared -> {
        var served = document.path("components").path(kind).get(shared.getKey());
        if (served == null) {
          problems.add(kind + "/" + shared.getKey() + " is missing");
        } else if (!served.equals(shared.getValue())) {
          problems.add(kind + "/" + shared.getKey() + " differs from the platform's: " + served);
        }
      });
    }
    return problems;
  }

  /**
   * The document's own components that twin a platform one, as {@code kind/Name → kind/PlatformName}: a schema or
   * parameter equal to it but for descriptions and examples, a response equal to it in full.
   */
  public static Set<String> twins(JsonNode fragment, JsonNode document) {
    var twins = new TreeSet<String>();
    for (var kind : KINDS) {
      var shared = fragment.path("components").path(kind);
      document.path("components").path(kind).properties().forEach(own -> {
        if (shared.has(own.getKey())) {
          return;
        }
        shared.properties().forEach(platform -> {
          if (same(kind, own.getValue(), platform.getValue())) {
            twins.add(kind + "/" + own.getKey() + " → " + kind + "/" + platform.getKey());
          }
        });
      });
    }
    return twins;
  }

  private static boolean same(String kind, JsonNode own, JsonNode platform) {
    return kind.equals("responses") ? own.equals(platform) : withoutWording(own).equals(withoutWording(platform));
  }

  private static JsonNode withoutWording(JsonNode node) {
    var copy = node.deepCopy();
    strip(copy);
    return copy;
  }

  private static void strip(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.remove(WORDING);
    }
    node.forEach(SharedComponents::strip);
  }
}
