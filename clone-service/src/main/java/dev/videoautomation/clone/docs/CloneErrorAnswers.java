package dev.videoautomation.clone.docs;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.clone.sources.InputDocs;

/**
 * The error answers several clone operations share, declared once. An operation names the families of errors it can
 * give in the extension {@value #EXTENSION} (e.g. {@code "caller-media,provider-task"}); this filter adds each
 * family's statuses the operation does not declare itself and removes the extension. An unknown family name fails
 * the build. The answers are listed success first, then those worded in place, then those naming a shared component
 * of {@code META-INF/openapi.yaml}, each by status: the order the operations declared them in before this filter.
 */
public class CloneErrorAnswers implements OASFilter {
  public static final String EXTENSION = "x-clone-errors";
  /** Fields that take the caller's own media or an outside URL: the URL refused, media not found, too large. */
  public static final String CALLER_MEDIA = "caller-media";
  /** A JSON body that charges credits and starts a provider task: no credits, not JSON, the provider failing. */
  public static final String PROVIDER_TASK = "provider-task";
  /** One task by its id in the path: a malformed id, none of the caller's. */
  public static final String TASK_BY_ID = "task-by-id";
  /** A provider task started from inputs that may name the caller's media. */
  public static final String MEDIA_TASK = CALLER_MEDIA + "," + PROVIDER_TASK;

  private static final String ERROR_SCHEMA = "#/components/schemas/Error";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String RESPONSES = "#/components/responses/";

  /** An answer worded here with its example ({@code text}), or one naming a shared component. */
  private record Answer(String status, String component, String text, String exampleName, String example) {
    static Answer shared(String status, String component) {
      return new Answer(status, component, null, null, null);
    }

    static Answer worded(String status, String text, String exampleName, String example) {
      return new Answer(status, null, text, exampleName, example);
    }
  }

  private static final Map<String, List<Answer>> FAMILIES = Map.of(
      CALLER_MEDIA, List.of(
          Answer.worded("400", InputDocs.BAD_URL, "refused", InputDocs.BAD_URL_EXAMPLE),
          Answer.worded("404", InputDocs.NOT_FOUND, "not yours", InputDocs.NOT_FOUND_EXAMPLE),
          Answer.worded("413", InputDocs.TOO_LARGE, "too large inline", InputDocs.TOO_LARGE_EXAMPLE)),
      PROVIDER_TASK, List.of(
          Answer.shared("402", ApiDocs.NO_CREDITS),
          Answer.shared("415", ApiDocs.NOT_JSON),
          Answer.shared("502", ApiDocs.PROVIDER_FAILED),
          Answer.shared("503", ApiDocs.UNAVAILABLE),
          Answer.shared("504", ApiDocs.PROVIDER_TIMEOUT)),
      TASK_BY_ID, List.of(
          Answer.shared("400", ApiDocs.INVALID_QUERY),
          Answer.shared("404", ApiDocs.TASK_NOT_FOUND)));

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().values()
        .forEach(item -> item.getOperations().values().forEach(CloneErrorAnswers::complete));
  }

  static void complete(Operation operation) {
    var marker = operation.getExtensions() == null ? null : operation.getExtensions().get(EXTENSION);
    if (marker == null) {
      return;
    }
    operation.removeExtension(EXTENSION);
    var answers = new TreeMap<>(operation.getResponses().getAPIResponses());
    for (var answer : answers(String.valueOf(marker))) {
      var own = answers.get(answer.status());
      if (own == null || bare(own)) {
        answers.put(answer.status(), response(answer));
      }
    }
    var ordered = new LinkedHashMap<String, APIResponse>();
    answers.forEach((status, response) -> putIf(ordered, status, response, status.startsWith("2")));
    answers.forEach((status, response) -> putIf(ordered, status, response, response.getRef() == null));
    answers.forEach(ordered::putIfAbsent);
    operation.getResponses().setAPIResponses(ordered);
  }

  private static void putIf(Map<String, APIResponse> into, String status, APIResponse response, boolean condition) {
    if (condition) {
      into.putIfAbsent(status, response);
    }
  }

  private static List<Answer> answers(String marker) {
    return Arrays.stream(marker.split(",")).map(String::strip).distinct().flatMap(name -> {
      var family = FAMILIES.get(name);
      if (family == null) {
        throw new IllegalStateException("Unknown error family '" + name + "' in " + EXTENSION + "; known: "
            + FAMILIES.keySet());
      }
      return family.stream();
    }).toList();
  }

  /** SmallRye adds a bare 400 "Bad Request" to operations that take a body; a family's answer replaces it. */
  private static boolean bare(APIResponse response) {
    return response.getRef() == null && response.getContent() == null;
  }

  private static APIResponse response(Answer answer) {
    if (answer.component() != null) {
      return OASFactory.createAPIResponse().ref(RESPONSES + answer.component());
    }
    var example = OASFactory.createExample().value(parse(answer.example()));
    // Examples before the schema: the key order SmallRye gives an annotation's content.
    var media = OASFactory.createMediaType().addExample(answer.exampleName(), example)
        .schema(OASFactory.createSchema().ref(ERROR_SCHEMA));
    return OASFactory.createAPIResponse().description(answer.text())
        .content(OASFactory.createContent().addMediaType("application/json", media));
  }

  /** The example as the document shows it: the JSON value, not its text (as SmallRye reads an annotation's). */
  private static Object parse(String example) {
    try {
      return JSON.readValue(example, Object.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("An example of " + EXTENSION + " is not JSON: " + example, e);
    }
  }
}
