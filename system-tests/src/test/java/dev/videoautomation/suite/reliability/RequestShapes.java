package dev.videoautomation.suite.reliability;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.StreamReadFeature;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * The parts of a fuzzed request besides its JSON: bodies past the gateway's document limit, query strings and header
 * blocks past its own limits but within its HTTP decoder's (where the answer must still be the suite's JSON), and
 * lone UTF-16 surrogates written as JSON escapes (a raw one cannot be sent: UTF-8 encoding would replace it), and
 * objects that give a key twice (which no JSON library writes, so they are written here as text). The
 * sizes come without jqwik's edge cases, whose every bound is past a limit and would crowd the bodies out.
 */
final class RequestShapes {
  /** The gateway's defaults (docs/errors.md, Request sizes). */
  static final int MAX_BODY_BYTES = 1_048_576;
  static final int MAX_URI_BYTES = 4_000;
  static final int MAX_HEADER_BYTES = 16_384;
  /** Its HTTP decoder's limits (gateway application.properties): past these a bare answer is acceptable. */
  static final int DECODER_LINE_BYTES = 65_536;
  static final int DECODER_HEADER_BYTES = 131_072;

  /** Reads a body only to find a key given twice, as the services' strict mapper does. */
  private static final JsonFactory DUPLICATE_FINDER = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private RequestShapes() {
  }

  /** Mostly nothing; sometimes a query string past the gateway's limit but inside the decoder's. */
  static Arbitrary<String> queries() {
    return Arbitraries.frequencyOf(
        Tuple.of(12, Arbitraries.just("")),
        Tuple.of(1, Arbitraries.integers().between(MAX_URI_BYTES + 1, DECODER_LINE_BYTES - 1_000)
            .map(n -> "?cursor=" + "c".repeat(n))),
        Tuple.of(1, Arbitraries.of("?limit=%ED%A0%80", "?cursor=%ED%B0%80x", "?tag.k=%F0%9F",
            "?limit=99999999999999"))).withoutEdgeCases();
  }

  /** Bytes of one padding header: mostly none; sometimes past the gateway's limit but inside the decoder's. */
  static Arbitrary<Integer> headerPadding() {
    return Arbitraries.frequencyOf(
        Tuple.of(12, Arbitraries.just(0)),
        Tuple.of(1, Arbitraries.integers().between(MAX_HEADER_BYTES + 1, DECODER_HEADER_BYTES - 8_000)))
        .withoutEdgeCases();
  }

  /** A body past the document limit: a JSON object whose one text field carries it. */
  static Arbitrary<String> oversized(String field) {
    return Arbitraries.integers().between(MAX_BODY_BYTES + 1, 3 * MAX_BODY_BYTES)
        .map(n -> "{\"" + field + "\":\"" + "x".repeat(n) + "\"}").withoutEdgeCases();
  }

  /** Text holding a lone surrogate, as JSON escapes: the server's parser sees the lone UTF-16 unit. */
  static Arbitrary<String> loneSurrogates() {
    return Arbitraries.of("\\uD800", "a\\uDC00b", "\\uDFFF\\uD800", "\\uD83D", "x\\uDBFF");
  }

  /**
   * A body giving a key twice: {@code field} at the top (values alike or not), or a key inside its object, list of
   * objects or deeper, as tags ({@code tags[0].key}) and free-form documents hold them.
   */
  static Arbitrary<String> duplicateKeys(String field) {
    var key = "\"" + field + "\"";
    return Arbitraries.of(
        "{" + key + ":\"a\"," + key + ":\"b\"}",
        "{" + key + ":1," + key + ":1}",
        "{" + key + ":null," + key + ":\"https://example.com/v.mp4\"}",
        "{" + key + ":{\"k\":1,\"k\":2}}",
        "{" + key + ":[{\"key\":\"a\",\"key\":\"b\",\"value\":\"c\"}]}",
        "{" + key + ":{\"a\":{\"b\":[1,{\"c\":true,\"c\":false}]}}}");
  }

  /** Whether {@code body} gives a key twice in one object (before anything else in it is malformed). */
  static boolean repeatsAKey(String body) {
    try (var parser = DUPLICATE_FINDER.createParser(body)) {
      while (parser.nextToken() != null) {
        // Reading every token is enough: the parser checks each object's keys as it reads them.
      }
      return false;
    } catch (JsonParseException e) {
      return e.getOriginalMessage().startsWith("Duplicate field");
    } catch (IOException e) {
      return false;
    }
  }
}
