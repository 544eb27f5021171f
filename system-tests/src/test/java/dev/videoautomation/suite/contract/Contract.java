package dev.videoautomation.suite.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.Response;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;

/**
 * The committed OpenAPI snapshot ({@code system-tests/src/test/openapi/openapi.json}) as the judge of every exchange
 * the system tests have with the gateway, through Atlassian's validator with its defaults: an undeclared status,
 * content type, header or property is an error (undeclared query parameters are not: the {@code tag.<key>} filters
 * cannot be declared one by one). The snapshot's {@code servers} entry names a fixed local address while the suite's
 * gateways listen on free ports, so operations are matched on the path alone.
 *
 * <p>Two checks: {@link #check} judges the request and its answer; {@link #checkAnswer} only the answer, for the
 * requests the tests make invalid on purpose. An answer to a path or method the document does not have at all (a
 * 404 or 405 probe) cannot be matched to an operation; it must then be an error status with the shared error body,
 * {@code Problem} on the {@code /v1/auth/agent} family and {@code Error} everywhere else. A CORS preflight is not
 * judged: OpenAPI cannot describe one.
 */
public final class Contract {
  private static final List<String> NO_OPERATION = List.of("validation.request.path.missing",
      "validation.request.operation.notAllowed");
  private static volatile Contract instance;

  private final Path snapshot;
  private final OpenApiInteractionValidator validator;
  private final SchemaValidator schemas;
  private final Map<String, Schema> errorSchemas;
  private final Violations violations;

  private Contract(Path snapshot, String text, OpenAPI api, Violations violations) {
    this.snapshot = snapshot;
    this.validator = OpenApiInteractionValidator.createForInlineApiSpecification(text).withBasePathOverride("/")
        .build();
    this.schemas = new SchemaValidator(api, new MessageResolver());
    this.errorSchemas = api.getComponents() == null || api.getComponents().getSchemas() == null ? Map.of()
        : api.getComponents().getSchemas();
    this.violations = violations;
  }

  /** The snapshot, read once per test JVM. */
  public static Contract snapshot() {
    var current = instance;
    if (current == null) {
      synchronized (Contract.class) {
        if (instance == null) {
          instance = load();
        }
        current = instance;
      }
    }
    return current;
  }

  private static Contract load() {
    var root = Path.of(System.getProperty("suite.root", "..")).toAbsolutePath().normalize();
    var file = Path.of(System.getProperty("openapi.snapshot",
        root.resolve("system-tests/src/test/openapi/openapi.json").toString()));
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException("No OpenAPI snapshot at " + file + " to check the suite's answers against", e);
    }
    var options = new ParseOptions();
    options.setResolve(true);
    var parsed = new OpenAPIV3Parser().readContents(text, null, options);
    if (parsed.getOpenAPI() == null) {
      throw new IllegalStateException("The OpenAPI snapshot " + file + " does not parse: " + parsed.getMessages());
    }
    var mode = System.getProperty("openapi.conformance", "enforce");
    return new Contract(file, text, parsed.getOpenAPI(), new Violations(file, root.resolve("system-tests/target"),
        mode.toLowerCase(Locale.ROOT).equals("report")));
  }

  /** Judges a request the test meant to be valid, and its answer. */
  public void check(Request request, Response response) {
    if (isPreflight(request)) {
      return;
    }
    violations.judge(request, response, validator.validate(request, response));
  }

  /** Judges only the answer to a request that is invalid on purpose. */
  public void checkAnswer(Request request, Response response) {
    if (isPreflight(request)) {
      return;
    }
    var report = validator.validateResponse(request.getPath(), request.getMethod(), response);
    if (report.getMessages().stream().anyMatch(message -> NO_OPERATION.contains(message.getKey()))) {
      report = undocumentedPathAnswer(request, response);
    }
    violations.judge(request, response, report);
  }

  /** The answer to a path or method the document lacks: an error status and the shared error body. */
  private ValidationReport undocumentedPathAnswer(Request request, Response response) {
    var problem = request.getPath().startsWith("/v1/auth/agent");
    var type = response.getContentType().orElse("");
    var expectedType = problem ? "application/problem+json" : "application/json";
    if (response.getStatus() < 400 || !type.startsWith(expectedType)) {
      return ValidationReport.singleton(ValidationReport.Message.create("contract.undocumented.answer",
          "A path or method the document lacks must get an error status with " + expectedType + "; got "
              + response.getStatus() + " " + type + ".").build());
    }
    // The component itself: the validator's schema check does not resolve a bare $ref built here.
    var schema = errorSchemas.get(problem ? "Problem" : "Error");
    if (schema == null) {
      return ValidationReport.singleton(ValidationReport.Message.create("contract.undocumented.answer",
          "The snapshot has no shared error schema " + (problem ? "Problem" : "Error") + ".").build());
    }
    return schemas.validate(bodyText(response), schema, "response.body");
  }

  /**
   * An answer's body as text. The validator's own models keep it as a {@link com.atlassian.oai.validator.model.Body}
   * ({@code getBody()} is deprecated and empty for some of them).
   */
  static String bodyText(Response response) {
    try {
      var body = response.getResponseBody();
      if (body.isPresent() && body.get().hasBody()) {
        return body.get().toString(StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return response.getBody().orElse("");
  }

  private static boolean isPreflight(Request request) {
    return request.getMethod() == Request.Method.OPTIONS
        && request.getHeaderValue("Access-Control-Request-Method").isPresent();
  }

  /** Where the judgement comes from, for messages. */
  public Path file() {
    return snapshot;
  }
}
