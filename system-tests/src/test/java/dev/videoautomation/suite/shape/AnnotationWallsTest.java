package dev.videoautomation.suite.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * A resource method reads as code: from its first annotation to its opening brace, parameter annotations included,
 * it takes at most {@value #MOST} lines (class-level annotations do not count). What an annotation would say at
 * length goes to the service's {@code META-INF/openapi.yaml} (docs/openapi.md). The methods over the limit before
 * issue 30 are listed in {@code shape/annotation-walls.txt}; the list only shrinks.
 */
class AnnotationWallsTest {
  static final int MOST = 12;
  private static final Pattern HTTP_METHOD =
      Pattern.compile("^@(jakarta\\.ws\\.rs\\.)?(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\\b");
  private static final Pattern STRING = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");
  private static final Pattern NAME = Pattern.compile("(\\w+)\\s*\\(");
  private static final String PACKAGES = "/src/main/java/dev/videoautomation/";

  /** A resource method and the lines from its first annotation to its opening brace. */
  record Wall(String method, int lines, String where) {
  }

  @Test
  void shouldKeepEveryResourceMethodUnderAtMostTwelveAnnotationLines() throws IOException {
    var over = new TreeMap<String, Wall>();
    for (var source : Modules.mainSources()) {
      walls(source).stream().filter(wall -> wall.lines() > MOST).forEach(wall -> over.put(wall.method(), wall));
    }
    var listed = Modules.allowlist("annotation-walls.txt");

    assertThat(over.keySet()).as("resource methods under more than %d annotation lines (prose and examples go to "
        + "the service's openapi.yaml, docs/openapi.md): %s", MOST, describe(over)).isSubsetOf(listed);
    assertThat(listed).as("listed in shape/annotation-walls.txt but no longer over %d lines: remove them", MOST)
        .isSubsetOf(over.keySet());
  }

  @Test
  void shouldCountFromTheFirstAnnotationToTheOpeningBrace() {
    var lines = List.of(
        "@Path(\"/x\")",
        "public class XResource {",
        "  /** Gets it. */",
        "  @GET",
        "  @Operation(summary = \"A (parenthesis in text\",",
        "      description = \"more\")",
        "  // a comment inside the wall",
        "  @APIResponse(responseCode = \"200\")",
        "  public String get(@PathParam(\"id\") String id,",
        "      @QueryParam(\"q\") String q) {",
        "    return id;",
        "  }",
        "",
        "  @Inject",
        "  Helper helper;",
        "",
        "  public record View(@Schema(required = true) String id) {",
        "  }",
        "",
        "  @POST",
        "  String call(@HeaderParam(\"X\") String x);",
        "}");

    assertThat(walls("XResource", lines)).containsExactly(new Wall("XResource.get", 7, "XResource:4"));
  }

  /** The methods of one source file, named by their class below {@code dev.videoautomation} and the method. */
  static List<Wall> walls(Path source) throws IOException {
    var relative = source.toString().replace('\\', '/');
    var name = relative.substring(relative.indexOf(PACKAGES) + PACKAGES.length(), relative.length() - ".java".length())
        .replace('/', '.');
    return walls(name, Files.readAllLines(source)).stream()
        .map(wall -> new Wall(wall.method(), wall.lines(), Modules.ROOT.relativize(source) + ":"
            + wall.where().substring(wall.where().indexOf(':') + 1)))
        .toList();
  }

  /** The HTTP methods of one source file, by the lines their annotations and signature take. */
  static List<Wall> walls(String className, List<String> lines) {
    var walls = new ArrayList<Wall>();
    var start = -1;
    var depth = 0;
    var http = false;
    for (var i = 0; i < lines.size(); i++) {
      var line = lines.get(i).strip();
      var code = STRING.matcher(line).replaceAll("\"\"");
      if (depth > 0 || line.startsWith("@")) {
        if (start < 0) {
          start = i;
          http = false;
        }
        http |= HTTP_METHOD.matcher(line).find();
        depth = Math.max(depth + count(code, '(') - count(code, ')') + count(code, '{') - count(code, '}'), 0);
        continue;
      }
      if (start >= 0 && (line.startsWith("//") || line.startsWith("*") || line.startsWith("/*"))) {
        continue;
      }
      if (start >= 0 && http && code.contains("(")) {
        var brace = i;
        while (brace < lines.size() - 1 && !lines.get(brace).contains("{") && !lines.get(brace).strip().endsWith(";")) {
          brace++;
        }
        // A method without a body is a REST client's, not a resource method.
        if (lines.get(brace).contains("{")) {
          var method = NAME.matcher(code);
          var methodName = method.find() ? method.group(1) : "?";
          walls.add(new Wall(className + "." + methodName, brace - start + 1, className + ":" + (start + 1)));
        }
      }
      start = -1;
    }
    return walls;
  }

  private static int count(String text, char c) {
    return (int) text.chars().filter(ch -> ch == c).count();
  }

  private static String describe(Map<String, Wall> walls) {
    var text = new StringBuilder();
    walls.values().forEach(wall -> text.append("\n  ").append(wall.method()).append(" (").append(wall.lines())
        .append(" lines, ").append(wall.where()).append(')'));
    return text.toString();
  }
}
