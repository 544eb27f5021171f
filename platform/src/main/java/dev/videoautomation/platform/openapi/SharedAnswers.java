package dev.videoautomation.platform.openapi;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem.HttpMethod;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import io.quarkus.smallrye.openapi.OpenApiFilter;

import dev.videoautomation.platform.errors.ProblemDetails;

/**
 * Completes every service's OpenAPI document with the answers its operations share (docs/openapi.md), at build time,
 * in every service and the gateway without any of them naming it.
 * <ul>
 * <li>An operation lists the shared answers it gives in one extension, {@code @Extension(name = ANSWERS, value =
 * "400,404,502=ProviderFailed")} on the method (or in {@code @Operation(extensions = ...)}): a status alone names the
 * platform's answer for it ({@link #BY_STATUS}, defined in {@code platform-components.yaml}), {@code status=Name} the
 * response {@code #/components/responses/Name} of the platform fragment or of the service's own
 * {@code META-INF/openapi.yaml}. Each becomes a {@code $ref} unless the operation declares that status itself; the
 * extension is removed (with the copies SmallRye puts on the method's request body and responses). On the resource
 * class it names the answers of every method that names none itself (SmallRye copies it onto the class's tag as well,
 * where it is removed too). An unknown status or name fails the build.</li>
 * <li>Every 4xx and 5xx answer without content and without {@code $ref} gets the error body: {@code Error}
 * ({@code application/json}), or on {@code /v1/auth/agent/**} {@code Problem} ({@code application/problem+json}).
 * There a shared answer is written out as a copy of the component's description with the {@code Problem} body, not
 * as a {@code $ref}, since the components carry the {@code Error} form. An answer that really has no body says so
 * with {@value #NO_BODY}{@code : true}.</li>
 * <li>HEAD answers have no body: the ones SmallRye invents for a method returning {@code Response} are removed, and a
 * HEAD operation cannot name shared answers (theirs have a body).</li>
 * </ul>
 * Build filters run before a service's {@code mp.openapi.filter}; SmallRye's bare "Bad Request" 400 is switched off
 * (platform's microprofile-config.properties), so no answer this filter fills was meant for that one to replace.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class SharedAnswers implements OASFilter {
  /** The operation extension naming its shared answers. */
  public static final String ANSWERS = "x-answers";
  /** The response extension of an error answer that has no body (a 416 of the CDN); removed from the document. */
  public static final String NO_BODY = "x-no-body";
  /** The platform's shared answer of each status (platform-components.yaml, {@code components.responses}). */
  public static final Map<String, String> BY_STATUS = Map.of(
      "400", "InvalidRequest",
      "404", "NotFound",
      "409", "Conflict",
      "413", "PayloadTooLarge",
      "415", "UnsupportedMediaType",
      "422", "Unprocessable");
  public static final String ERROR = "Error";
  public static final String PROBLEM = "Problem";
  private static final String RESPONSES = "#/components/responses/";
  private static final String SCHEMAS = "#/components/schemas/";
  private static final String JSON = "application/json";

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    // On a resource class the extension names every method's answers; SmallRye copies it onto the class's @Tag too.
    if (openAPI.getTags() != null) {
      openAPI.getTags().forEach(tag -> tag.removeExtension(ANSWERS));
    }
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    var components = openAPI.getComponents() == null || openAPI.getComponents().getResponses() == null
        ? Map.<String, APIResponse>of() : openAPI.getComponents().getResponses();
    openAPI.getPaths().getPathItems().forEach((path, item) -> item.getOperations().forEach((method, operation) -> {
      var problem = ProblemDetails.appliesTo(path);
      var named = method + " " + path;
      attach(named, operation, components, problem, method == HttpMethod.HEAD);
      if (operation.getResponses() != null && operation.getResponses().getAPIResponses() != null) {
        operation.getResponses().getAPIResponses().forEach((status, response) ->
            complete(status, response, problem, method == HttpMethod.HEAD));
      }
    }));
  }

  /** Adds the answers the operation's {@value #ANSWERS} names, then removes the extension. */
  private static void attach(String named, Operation operation, Map<String, APIResponse> components,
      boolean problem, boolean head) {
    var listed = operation.getExtensions() == null ? null : operation.getExtensions().get(ANSWERS);
    if (listed == null) {
      return;
    }
    removeEverywhere(operation);
    if (head) {
      throw new IllegalStateException(named + ": a HEAD answer has no body, so it names no shared answer ("
          + ANSWERS + " \"" + listed + "\"); describe its answers in place");
    }
    if (operation.getResponses() == null) {
      operation.setResponses(OASFactory.createAPIResponses());
    }
    var responses = operation.getResponses();
    answers(named, String.valueOf(listed), components).forEach((status, name) -> {
      if (responses.getAPIResponse(status) != null) {
        return;
      }
      responses.addAPIResponse(status, problem ? problemCopy(components.get(name))
          : OASFactory.createAPIResponse().ref(RESPONSES + name));
    });
  }

  /**
   * Removes the extension from the operation and from where SmallRye copies a method's {@code @Extension} besides:
   * the request body, the responses and each response.
   */
  private static void removeEverywhere(Operation operation) {
    operation.removeExtension(ANSWERS);
    if (operation.getRequestBody() != null) {
      operation.getRequestBody().removeExtension(ANSWERS);
    }
    if (operation.getResponses() != null) {
      operation.getResponses().removeExtension(ANSWERS);
      if (operation.getResponses().getAPIResponses() != null) {
        operation.getResponses().getAPIResponses().values().forEach(response -> response.removeExtension(ANSWERS));
      }
    }
  }

  /** Status → component name of each entry, checked against the components the document holds. */
  private static Map<String, String> answers(String named, String listed, Map<String, APIResponse> components) {
    var answers = new TreeMap<String, String>();
    for (var entry : Arrays.stream(listed.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList()) {
      var parts = entry.split("=", 2);
      var status = parts[0].strip();
      var name = parts.length == 2 ? parts[1].strip() : BY_STATUS.get(status);
      if (!status.matches("[1-5][0-9][0-9]")) {
        throw new IllegalStateException(named + ": " + ANSWERS + " entry '" + entry + "' does not start with an "
            + "HTTP status; write \"404\" or \"502=ProviderFailed\"");
      }
      if (name == null) {
        throw new IllegalStateException(named + ": " + ANSWERS + " names " + status + ", which has no shared "
            + "answer; the platform shares " + new TreeMap<>(BY_STATUS) + ", others are named as status=Component");
      }
      if (!components.containsKey(name)) {
        throw new IllegalStateException(named + ": " + ANSWERS + " names the response '" + name + "', which is "
            + "not in components.responses (the platform's are merged from META-INF/openapi-shared/"
            + "platform-components.yaml, a service's own from its META-INF/openapi.yaml); known: "
            + new TreeMap<>(components).keySet());
      }
      if (answers.put(status, name) != null) {
        throw new IllegalStateException(named + ": " + ANSWERS + " names " + status + " twice");
      }
    }
    return answers;
  }

  /** The shared answer written out in the Problem form: its description, the Problem body. */
  private static APIResponse problemCopy(APIResponse shared) {
    return OASFactory.createAPIResponse().description(shared.getDescription())
        .content(body(true));
  }

  /** The error body where a 4xx or 5xx answer has none; none at all on HEAD. */
  private static void complete(String status, APIResponse response, boolean problem, boolean head) {
    var noBody = response.getExtensions() != null && response.getExtensions().containsKey(NO_BODY);
    if (noBody) {
      response.removeExtension(NO_BODY);
    }
    if (head) {
      response.setContent(null);
      return;
    }
    var error = status.startsWith("4") || status.startsWith("5");
    var bare = response.getRef() == null
        && (response.getContent() == null || response.getContent().getMediaTypes() == null
        || response.getContent().getMediaTypes().isEmpty());
    if (error && bare && !noBody) {
      response.setContent(body(problem));
    }
  }

  private static Content body(boolean problem) {
    var schema = OASFactory.createSchema().ref(SCHEMAS + (problem ? PROBLEM : ERROR));
    return OASFactory.createContent().addMediaType(problem ? ProblemDetails.MEDIA_TYPE : JSON,
        OASFactory.createMediaType().schema(schema));
  }
}
