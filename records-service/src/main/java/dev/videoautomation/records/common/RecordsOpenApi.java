package dev.videoautomation.records.common;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem.HttpMethod;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Completes the six record kinds' operations with what they all share, so each resource declares only what is its
 * own: every operation can answer 400 (a malformed id, field or query) and 503 (the database or a service it needs is
 * down); one that names a record ({@code /{id}}, or the collection PUT/DELETE) 404; one that reads a JSON body 415.
 * The {@code id} parameters get the kind's id form. An answer an operation declares itself is kept as it is.
 */
public class RecordsOpenApi implements OASFilter {
  private record Kind(String noun, String idPattern) {
  }

  private static final Map<String, Kind> KINDS = Map.of(
      "/v1/accounts", new Kind("account", ApiDocs.ACCOUNT_ID),
      "/v1/posts", new Kind("post", ApiDocs.POST_ID),
      "/v1/references", new Kind("reference", ApiDocs.REFERENCE_ID),
      "/v1/assets", new Kind("asset", ApiDocs.ASSET_ID),
      "/v1/projects", new Kind("project", ApiDocs.PROJECT_ID),
      "/v1/campaigns", new Kind("campaign", ApiDocs.CAMPAIGN_ID));

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    if (openAPI.getPaths() == null) {
      return;
    }
    openAPI.getPaths().getPathItems().forEach((path, item) -> {
      var byPath = path.endsWith("/{id}");
      var kind = KINDS.get(byPath ? path.substring(0, path.length() - "/{id}".length()) : path);
      if (kind != null) {
        item.getOperations().forEach((method, operation) -> complete(kind, byPath, method, operation));
      }
    });
  }

  private static void complete(Kind kind, boolean byPath, HttpMethod method, Operation operation) {
    var responses = operation.getResponses();
    share(responses, "400", ApiDocs.INVALID);
    var namesARecord = byPath || method == HttpMethod.PUT || method == HttpMethod.DELETE;
    if (namesARecord) {
      share(responses, "404", ApiDocs.NOT_FOUND);
    }
    if (method == HttpMethod.POST || method == HttpMethod.PUT) {
      share(responses, "415", ApiDocs.NOT_JSON);
    }
    share(responses, "503", ApiDocs.UNAVAILABLE);
    for (var parameter : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
      if ("id".equals(parameter.getName())) {
        parameter.description(byPath ? "The " + kind.noun() + "'s id." : ApiDocs.QUERY_ID)
            .schema(OASFactory.createSchema().addType(SchemaType.STRING).maxLength(ApiDocs.ID_MAX)
                .pattern(kind.idPattern()));
      }
    }
  }

  private static void share(APIResponses responses, String status, String component) {
    // At run time SmallRye adds a bare 400 "Bad Request" to operations that take a body; ours replaces it.
    var declared = responses.getAPIResponse(status);
    if (declared == null || declared.getRef() == null && declared.getContent() == null) {
      responses.addAPIResponse(status, OASFactory.createAPIResponse().ref("#/components/responses/" + component));
    }
  }
}
