package dev.videoautomation.gateway.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import org.commonmark.ext.gfm.tables.TableBody;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.AttributeProvider;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * The page at {@code /docs/errors}: docs/errors.md (copied into the jar at build, the one place the codes are
 * explained) rendered as HTML once. Every row of the codes table gets its code as its {@code id}, so a
 * problem-details {@code type} such as {@code /docs/errors#rate_limited} lands on the row that explains it; headings
 * get GitHub-style ids, so the page's own links ({@code #request-sizes}) work as they do on GitHub.
 */
@ApplicationScoped
public class ErrorCodesPage {
  static final String SOURCE = "docs/errors.md";

  private final String html;

  ErrorCodesPage() {
    this.html = render(read());
  }

  public String html() {
    return html;
  }

  static String render(String markdown) {
    var extensions = List.of(TablesExtension.create());
    var document = Parser.builder().extensions(extensions).build().parse(markdown);
    var body = HtmlRenderer.builder().extensions(extensions).escapeHtml(true)
        .attributeProviderFactory(context -> new Anchors()).build().render(document);
    return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Errors: Video Automation Service API</title>
        <style>
        body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
          line-height: 1.5; }
        table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: .4rem; vertical-align: top; }
        tr:target { background: #fff3c4; } code, pre { background: #f4f4f4; } pre { padding: .6rem; overflow: auto; }
        </style>
        </head>
        <body>
        """ + body + """
        <p>The whole API: <a href="/docs">/docs</a> (<a href="/v1/openapi.json">/v1/openapi.json</a>).</p>
        </body>
        </html>
        """;
  }

  private static String read() {
    try (InputStream in = ErrorCodesPage.class.getClassLoader().getResourceAsStream(SOURCE)) {
      if (in == null) {
        throw new IllegalStateException(SOURCE + " is not on the classpath: the build copies it from docs/.");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Ids for headings (their slug) and for the rows of the codes table (their code). */
  private static final class Anchors implements AttributeProvider {
    @Override
    public void setAttributes(Node node, String tagName, Map<String, String> attributes) {
      if (node instanceof Heading) {
        attributes.put("id", slug(text(node)));
      } else if (node instanceof TableRow && node.getParent() instanceof TableBody
          && node.getFirstChild() instanceof TableCell cell && cell.getFirstChild() instanceof Code code
          && code.getNext() == null) {
        attributes.put("id", code.getLiteral());
      }
    }

    /** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
    private static String slug(String text) {
      return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").trim().replace(' ', '-');
    }

    private static String text(Node node) {
      var text = new StringBuilder();
      for (var child = node.getFirstChild(); child != null; child = child.getNext()) {
        if (child instanceof Text literal) {
          text.append(literal.getLiteral());
        } else if (child instanceof Code code) {
          text.append(code.getLiteral());
        } else {
          text.append(text(child));
        }
      }
      return text.toString();
    }
  }
}
