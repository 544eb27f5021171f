package dev.videoautomation.suite.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.Response;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.report.ValidationReport.Level;
import com.atlassian.oai.validator.report.ValidationReport.Message;

/**
 * What happens to an exchange the snapshot disagrees with. By default the test fails at once with a readable account
 * (the exchange, each disagreement, the start of the answer). With {@code -Dopenapi.conformance=report} (diagnosis
 * only) the run carries on and every distinct disagreement is listed once in
 * {@code system-tests/target/openapi-conformance.txt}, one line each: method and documented path, status, where,
 * message key, message.
 */
final class Violations {
  private static final int BODY_SHOWN = 600;

  private final Path snapshot;
  private final Path reportFile;
  private final boolean reportOnly;
  private final Set<String> listed = ConcurrentHashMap.newKeySet();

  Violations(Path snapshot, Path targetDirectory, boolean reportOnly) {
    this.snapshot = snapshot;
    this.reportFile = targetDirectory.resolve("openapi-conformance.txt");
    this.reportOnly = reportOnly;
  }

  void judge(Request request, Response response, ValidationReport report) {
    if (!report.hasErrors()) {
      return;
    }
    if (!reportOnly) {
      throw new ContractViolation(describe(request, response, report));
    }
    list(request, response, report);
  }

  private String describe(Request request, Response response, ValidationReport report) {
    var text = new StringBuilder("The exchange does not match the OpenAPI snapshot ").append(snapshot).append(":\n  ")
        .append(request.getMethod()).append(' ').append(request.getPath()).append(" -> ").append(response.getStatus())
        .append(' ').append(response.getContentType().orElse("(no content type)")).append('\n');
    errors(report.getMessages()).forEach(message -> describe(message, "  - ", text));
    var body = Contract.bodyText(response);
    if (response.getContentType().orElse("").contains("json")) {
      text.append("  answer: ").append(body.length() <= BODY_SHOWN ? body : body.substring(0, BODY_SHOWN) + "…")
          .append('\n');
    }
    return text.toString();
  }

  private static void describe(Message message, String indent, StringBuilder text) {
    text.append(indent).append(where(message)).append(": ").append(message.getKey()).append(": ")
        .append(message.getMessage()).append('\n');
    message.getAdditionalInfo().forEach(info -> text.append(indent).append("    ").append(info).append('\n'));
    message.getNestedMessages().forEach(nested -> describe(nested, indent + "    ", text));
  }

  private synchronized void list(Request request, Response response, ValidationReport report) {
    try {
      if (listed.isEmpty()) {
        Files.createDirectories(reportFile.getParent());
        Files.writeString(reportFile, "");
      }
      for (var message : errors(report.getMessages())) {
        var operation = message.getContext().flatMap(context -> context.getApiOperation())
            .map(found -> found.getMethod() + " " + found.getApiPath().original())
            .orElse(request.getMethod() + " " + request.getPath());
        var line = String.join(" | ", operation, String.valueOf(response.getStatus()), where(message),
            message.getKey(), flatten(message));
        if (listed.add(line)) {
          Files.writeString(reportFile, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String flatten(Message message) {
    var text = new StringBuilder(message.getMessage().replace('\n', ' '));
    message.getNestedMessages().forEach(nested -> text.append(" {").append(flatten(nested)).append('}'));
    return text.toString();
  }

  private static String where(Message message) {
    return message.getContext().flatMap(context -> context.getLocation()).map(location -> location.name()
        .toLowerCase(java.util.Locale.ROOT)).orElse(message.getKey().startsWith("validation.request") ? "request"
        : "response");
  }

  private static List<Message> errors(List<Message> messages) {
    return messages.stream().filter(message -> message.getLevel() == Level.ERROR).toList();
  }

  /** A disagreement with the document: a failed assertion, like any other a test makes. */
  static final class ContractViolation extends AssertionError {
    ContractViolation(String message) {
      super(message);
    }
  }
}
