package dev.videoautomation.suite.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A property-based fuzzer (jqwik) over every operation of the merged public OpenAPI document: each try picks an
 * operation and a body with the right field names and wrong types, strings from every Unicode plane, lone
 * surrogates, huge strings, bodies past the gateway's limit, deep nesting, missing or unknown fields, a key given
 * twice, a body that is not an object, or bytes that are not JSON, sometimes with a query string or header block past
 * the gateway's own limits ({@link RequestShapes}), and sends it through the gateway as a subscribed agent. Whatever
 * arrives, no answer may be a 500 or carry a stack trace, every answer carries {@code Service-Version}, every error is
 * the typed JSON body (413, 414 and 431 included), and no operation taking JSON accepts a body that gives a key twice.
 * jqwik prints the seed of a failing run and shrinks it to a small body.
 */
class BodyFuzzIT {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final int TRIES = 2_000;
  private static final Map<Integer, AtomicInteger> STATUSES = new ConcurrentSkipListMap<>();
  private static final AtomicInteger SENT = new AtomicInteger();
  /** Bodies giving a key twice that reached an operation taking JSON. */
  private static final AtomicInteger REPEATED_KEYS = new AtomicInteger();
  /** Operations that refused the content type: a share here means the fuzz is not reaching their parsers. */
  private static final Map<String, AtomicInteger> UNSUPPORTED_TYPE = new ConcurrentSkipListMap<>();
  private static volatile String key;
  private static List<Operation> operations;

  /**
   * {@code contentType}: the JSON type when the operation takes one, else the first it declares, else JSON;
   * {@code takesJson}: it declares a JSON body.
   */
  record Operation(String method, String path, List<String> fields, String contentType, boolean takesJson) {
  }

  record Call(Operation operation, String path, String body, int headerPadding) {
    @Override
    public String toString() {
      return operation.method() + " " + abbreviate(path) + " " + abbreviate(body)
          + (headerPadding > 0 ? " +" + headerPadding + " header bytes" : "");
    }
  }

  @BeforeContainer
  static void startTheSuite() throws Exception {
    ReliabilitySuite.ensureStarted();
    key = ReliabilitySuite.subscribedKeys(1).getFirst();
    var document = ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/openapi.json")));
    operations = operations(document);
    assertThat(operations).as("operations in /v1/openapi.json").hasSizeGreaterThan(40);
  }

  @AfterContainer
  static void recordTheFigures() {
    var counted = new TreeMap<Integer, Integer>();
    STATUSES.forEach((status, count) -> counted.put(status, count.get()));
    ReliabilitySuite.figure("fuzz", String.format(Locale.ROOT,
        "Body fuzzer (jqwik, %,d tries): %d operations of /v1/openapi.json, %,d requests through the gateway; "
            + "answers by status %s; 500 answers: %d (the property fails on the first); 415 from %s; %d bodies "
            + "giving a key twice to an operation taking JSON, none accepted.", TRIES, operations.size(), SENT.get(),
        counted, counted.getOrDefault(500, 0), UNSUPPORTED_TYPE.isEmpty() ? "no operation" : UNSUPPORTED_TYPE,
        REPEATED_KEYS.get()));
  }

  @Property(tries = TRIES, shrinking = ShrinkingMode.BOUNDED, afterFailure = AfterFailureMode.SAMPLE_FIRST)
  void noBodyMakesAnyEndpointFailOrLeakAStackTrace(@ForAll("calls") Call call) throws Exception {
    var method = call.operation().method();
    var request = ReliabilitySuite.as(key, call.path()).header("Content-Type", call.operation().contentType())
        .method(method, method.equals("GET") ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(call.body()));
    if (call.headerPadding() > 0) {
      request.header("X-Fuzz-Padding", "p".repeat(call.headerPadding()));
    }
    // Invalid on purpose: the answer, not the request, is held to the OpenAPI snapshot.
    var response = ReliabilitySuite.invalidRequest(request);
    if (response.statusCode() == 200 && call.operation().path().equals("/v1/api_keys/rotate")) {
      // A well-formed rotation replaced the key; carry on with the new one, as the agent would.
      key = ReliabilitySuite.json(response).path("credential").asText();
    }
    SENT.incrementAndGet();
    STATUSES.computeIfAbsent(response.statusCode(), s -> new AtomicInteger()).incrementAndGet();
    if (response.statusCode() == 415) {
      UNSUPPORTED_TYPE.computeIfAbsent(call.operation().method() + " " + call.operation().path(),
          o -> new AtomicInteger()).incrementAndGet();
    }
    var what = call + " → " + response.statusCode() + " " + abbreviate(response.body());
    assertThat(response.statusCode()).as(what).isNotEqualTo(500);
    assertThat(response.body()).as(what).doesNotContain("\tat ", "at java.", "at dev.videoautomation", "Exception:");
    assertThat(response.headers().firstValue("Service-Version")).as(what).isPresent();
    var type = response.headers().firstValue("Content-Type").orElse("");
    // Errors are typed JSON (problem+json on the auth family); the human pages (checkout, claim) answer HTML.
    if (response.statusCode() >= 400 && !type.startsWith("text/html")) {
      assertThat(type).as(what).containsAnyOf("application/json", "application/problem+json");
      var error = ReliabilitySuite.json(response);
      assertThat(error.path("error").asText()).as(what).matches("[a-z_]+");
    }
    expectedRefusal(call).ifPresent(code -> assertThat(ReliabilitySuite.json(response).path("error").asText())
        .as(what).isEqualTo(code));
    if (!method.equals("GET") && call.operation().takesJson() && RequestShapes.repeatsAKey(call.body())) {
      // Which of the two values was meant is unknowable: the body is refused, never read as one of them.
      REPEATED_KEYS.incrementAndGet();
      assertThat(response.statusCode()).as(what).isGreaterThanOrEqualTo(400);
    }
  }

  /** The gateway's own refusal a request past its limits must get, in the order it checks them. */
  private static Optional<String> expectedRefusal(Call call) {
    if (call.path().length() > RequestShapes.MAX_URI_BYTES) {
      return Optional.of("uri_too_long");
    }
    if (call.headerPadding() > RequestShapes.MAX_HEADER_BYTES) {
      return Optional.of("headers_too_large");
    }
    var document = !call.operation().method().equals("GET") && !call.operation().path().equals("/v1/upload");
    if (document && call.body().getBytes(StandardCharsets.UTF_8).length > RequestShapes.MAX_BODY_BYTES) {
      return Optional.of("payload_too_large");
    }
    return Optional.empty();
  }

  @Provide
  Arbitrary<Call> calls() {
    return Arbitraries.of(operations).flatMap(operation -> Combinators.combine(pathValues(operation),
            RequestShapes.queries(), body(operation), RequestShapes.headerPadding())
        .as((path, query, body, padding) -> new Call(operation, path + query, body, padding)));
  }

  /** Every operation, with the field names of its JSON schema when it takes a body. */
  private static List<Operation> operations(JsonNode document) {
    var found = new ArrayList<Operation>();
    for (Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields(); paths.hasNext(); ) {
      var path = paths.next();
      for (var method : List.of("get", "post", "put", "patch", "delete")) {
        var operation = path.getValue().path(method);
        if (operation.isMissingNode()) {
          continue;
        }
        var fields = new ArrayList<String>();
        // Uploads (multipart, raw bytes) get their own type, so the fuzz reaches their parsers instead of a 415.
        var declared = new ArrayList<String>();
        operation.path("requestBody").path("content").fieldNames().forEachRemaining(declared::add);
        var contentType = declared.stream().filter(type -> type.contains("json")).findFirst()
            .orElse(declared.isEmpty() ? "application/json" : declared.getFirst());
        var schema = operation.at("/requestBody/content/application~1json/schema");
        if (schema.has("$ref")) {
          schema = document.at(schema.get("$ref").asText().substring(1));
        }
        schema.path("properties").fieldNames().forEachRemaining(fields::add);
        found.add(new Operation(method.toUpperCase(Locale.ROOT), path.getKey(), fields, contentType,
            declared.stream().anyMatch(type -> type.contains("json"))));
      }
    }
    return found;
  }

  private static Arbitrary<String> pathValues(Operation operation) {
    var values = Arbitraries.oneOf(Arbitraries.of("abc", "vid_AAAAAAAAAAAAAAAAAAAAAA", "ast_0", "0", "-1",
        "%2e%2e%2f", "x".repeat(300), URLEncoder.encode("\u202E\uD83D\uDE00", StandardCharsets.UTF_8),
        "%ED%A0%80"),
        Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(40));
    return values.map(value -> operation.path().replaceAll("\\{[^}]+}", value));
  }

  private static Arbitrary<String> body(Operation operation) {
    var fields = operation.fields().isEmpty() ? List.of("url", "id", "name", "prompt") : operation.fields();
    return Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.just("{}")),
        Tuple.of(4, objectOf(fields, wrongType())),
        Tuple.of(3, objectOf(fields, unicode().map(NODES::textNode))),
        Tuple.of(1, objectOf(fields, Arbitraries.integers().between(10_000, 300_000)
            .map(n -> NODES.textNode("x".repeat(n))))),
        Tuple.of(1, Arbitraries.of(200, 900, 1_100, 5_000).map(BodyFuzzIT::deep)),
        Tuple.of(1, Arbitraries.of(fields).flatMap(RequestShapes::oversized)),
        Tuple.of(2, Combinators.combine(Arbitraries.of(fields), RequestShapes.loneSurrogates())
            .as((field, text) -> "{\"" + field + "\":\"" + text + "\"}")),
        Tuple.of(2, objectOf(fields, unicode().map(NODES::textNode)).map(json -> json.replaceFirst("\\{",
            "{\"unexpectedField\":1,"))),
        Tuple.of(2, Arbitraries.of(fields).flatMap(RequestShapes::duplicateKeys)),
        Tuple.of(1, Arbitraries.of("[]", "\"just a string\"", "12", "null", "true", "[{\"url\": 1}]")),
        Tuple.of(1, Arbitraries.oneOf(Arbitraries.of("{", "{\"a\":", "not json", "{'single': 'quotes'}",
            "\u0000\u0001", "{\"a\":1}{\"b\":2}"), Arbitraries.strings().all().ofMaxLength(64))));
  }

  private static Arbitrary<String> objectOf(List<String> fields, Arbitrary<JsonNode> values) {
    return values.list().ofSize(fields.size()).flatMap(nodes -> Arbitraries.integers().between(0,
        (1 << Math.min(fields.size(), 20)) - 1).map(present -> {
          var object = NODES.objectNode();
          for (int i = 0; i < fields.size(); i++) {
            if (i >= 20 || (present & (1 << i)) != 0) {
              object.set(fields.get(i), nodes.get(i));
            }
          }
          return object.toString();
        }));
  }

  private static Arbitrary<String> unicode() {
    return Arbitraries.oneOf(
        Arbitraries.strings().withCharRange('\u0590', '\u06FF').ofMaxLength(40),   // right-to-left scripts
        Arbitraries.strings().withCharRange('\u4E00', '\u9FFF').ofMaxLength(40),   // CJK
        Arbitraries.strings().withCharRange('\u0000', '\u001F').ofMaxLength(40),   // control characters, NUL
        Arbitraries.strings().all().ofMaxLength(40),                                  // any UTF-16 unit
        Arbitraries.of("\uD83D\uDE00\uD83C\uDFF3\uFE0F\u200D\uD83C\uDF08", "\uD800", "\u202Eevil", "' OR 1=1 --",
            "../../../etc/passwd", "${jndi:ldap://127.0.0.1/x}", "%00", "<script>alert(1)</script>",
            "https://127.0.0.1:1/x", "file:///etc/passwd"));
  }

  private static Arbitrary<JsonNode> wrongType() {
    return Arbitraries.oneOf(
        Arbitraries.longs().map(NODES::numberNode),
        Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, 0L, -1L).map(NODES::numberNode),
        Arbitraries.doubles().map(NODES::numberNode),
        Arbitraries.of(true, false).map(NODES::booleanNode),
        unicode().list().ofMaxSize(3).map(items -> {
          var array = NODES.arrayNode();
          items.forEach(array::add);
          return (JsonNode) array;
        }),
        unicode().map(text -> (JsonNode) NODES.objectNode().put("nested", text)),
        Arbitraries.just(NODES.nullNode()));
  }

  private static String deep(int depth) {
    return "{\"a\":" + "[".repeat(depth) + "1" + "]".repeat(depth) + "}";
  }

  private static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "…(" + text.length() + " chars)";
  }
}
