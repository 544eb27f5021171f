package dev.videoautomation.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.junit.jupiter.api.Test;

/** The shared-answers filter on a small document: what an operation names, what it declares, what it gets. */
class SharedAnswersTest {
  private final SharedAnswers filter = new SharedAnswers();

  /** A document with the platform's responses (as the fragment defines them) and one of the service's own. */
  private static OpenAPI document(String path, Operation get) {
    var components = OASFactory.createComponents();
    SharedAnswers.BY_STATUS.values().forEach(name -> components.addResponse(name, OASFactory.createAPIResponse()
        .description("`" + name + "`: shared.").content(OASFactory.createContent().addMediaType("application/json",
            OASFactory.createMediaType().schema(OASFactory.createSchema().ref("#/components/schemas/Error"))))));
    components.addResponse("ProviderFailed", OASFactory.createAPIResponse().description("`upstream_error`."));
    return OASFactory.createOpenAPI().components(components)
        .paths(OASFactory.createPaths().addPathItem(path, OASFactory.createPathItem().GET(get)));
  }

  private static Operation operation(String answers) {
    var operation = OASFactory.createOperation().responses(OASFactory.createAPIResponses()
        .addAPIResponse("200", OASFactory.createAPIResponse().description("ok")));
    return answers == null ? operation : operation.addExtension(SharedAnswers.ANSWERS, answers);
  }

  @Test
  void shouldReferToTheSharedAnswerOfEachStatusNamedAndRemoveTheExtension() {
    var get = operation("400, 404,502=ProviderFailed");

    filter.filterOpenAPI(document("/v1/things/{id}", get));

    assertThat(get.getResponses().getAPIResponse("400").getRef()).isEqualTo("#/components/responses/InvalidRequest");
    assertThat(get.getResponses().getAPIResponse("404").getRef()).isEqualTo("#/components/responses/NotFound");
    assertThat(get.getResponses().getAPIResponse("502").getRef()).isEqualTo("#/components/responses/ProviderFailed");
    assertThat(get.getResponses().getAPIResponse("200").getDescription()).isEqualTo("ok");
    assertThat(get.getExtensions()).doesNotContainKey(SharedAnswers.ANSWERS);
  }

  @Test
  void shouldRemoveTheCopiesSmallRyeMakesOfAMethodsExtension() {
    var get = operation("404");
    get.requestBody(OASFactory.createRequestBody().addExtension(SharedAnswers.ANSWERS, "404"));
    get.getResponses().addExtension(SharedAnswers.ANSWERS, "404");
    get.getResponses().getAPIResponse("200").addExtension(SharedAnswers.ANSWERS, "404");

    filter.filterOpenAPI(document("/v1/things/{id}", get));

    assertThat(get.getRequestBody().getExtensions()).doesNotContainKey(SharedAnswers.ANSWERS);
    assertThat(get.getResponses().getExtensions()).doesNotContainKey(SharedAnswers.ANSWERS);
    assertThat(get.getResponses().getAPIResponse("200").getExtensions()).doesNotContainKey(SharedAnswers.ANSWERS);
  }

  /** A class-level extension applies to the class's methods; SmallRye also puts a copy on the class's tag. */
  @Test
  void shouldRemoveTheCopySmallRyePutsOnTheTagOfAClassNamingItsAnswers() {
    var get = operation("404");
    var document = document("/v1/things/{id}", get)
        .addTag(OASFactory.createTag().name("Things").addExtension(SharedAnswers.ANSWERS, "404"));

    filter.filterOpenAPI(document);

    assertThat(document.getTags().getFirst().getExtensions()).doesNotContainKey(SharedAnswers.ANSWERS);
    assertThat(get.getResponses().getAPIResponse("404").getRef()).isEqualTo("#/components/responses/NotFound");
  }

  @Test
  void shouldKeepAnAnswerTheOperationDeclaresItselfAndGiveItTheErrorBody() {
    var get = operation("404");
    get.getResponses().addAPIResponse("404", OASFactory.createAPIResponse().description("`not_found`: no such key."));

    filter.filterOpenAPI(document("/v1/things/{id}", get));

    var own = get.getResponses().getAPIResponse("404");
    assertThat(own.getRef()).isNull();
    assertThat(own.getDescription()).isEqualTo("`not_found`: no such key.");
    assertThat(schemaRef(own, "application/json")).isEqualTo("#/components/schemas/Error");
  }

  @Test
  void shouldGiveEveryBareErrorAnswerTheErrorBodyAndLeaveTheRestAlone() {
    var get = operation(null);
    var declared = OASFactory.createContent().addMediaType("text/html", OASFactory.createMediaType());
    get.getResponses().addAPIResponse("503", OASFactory.createAPIResponse().description("down"))
        .addAPIResponse("409", OASFactory.createAPIResponse().description("page").content(declared))
        .addAPIResponse("422", OASFactory.createAPIResponse().ref("#/components/responses/Unprocessable"))
        .addAPIResponse("204", OASFactory.createAPIResponse().description("gone"));

    filter.filterOpenAPI(document("/v1/things", get));

    assertThat(schemaRef(get.getResponses().getAPIResponse("503"), "application/json"))
        .isEqualTo("#/components/schemas/Error");
    assertThat(get.getResponses().getAPIResponse("409").getContent().getMediaTypes()).containsOnlyKeys("text/html");
    assertThat(get.getResponses().getAPIResponse("422").getContent()).isNull();
    assertThat(get.getResponses().getAPIResponse("204").getContent()).isNull();
    assertThat(get.getResponses().getAPIResponse("200").getContent()).isNull();
  }

  @Test
  void shouldLeaveAnAnswerMarkedWithoutBodyBareAndDropTheMarker() {
    var get = operation(null);
    get.getResponses().addAPIResponse("416", OASFactory.createAPIResponse().description("no body")
        .addExtension(SharedAnswers.NO_BODY, "true"));

    filter.filterOpenAPI(document("/cdn/m/{id}", get));

    var unsatisfiable = get.getResponses().getAPIResponse("416");
    assertThat(unsatisfiable.getContent()).isNull();
    assertThat(unsatisfiable.getExtensions()).doesNotContainKey(SharedAnswers.NO_BODY);
  }

  @Test
  void shouldWriteProblemDetailsOnTheRegistrationFamily() {
    var get = operation("400");
    get.getResponses().addAPIResponse("401", OASFactory.createAPIResponse().description("`invalid_code`."));

    filter.filterOpenAPI(document("/v1/auth/agent/claim", get));

    var shared = get.getResponses().getAPIResponse("400");
    assertThat(shared.getRef()).isNull();
    assertThat(shared.getDescription()).isEqualTo("`InvalidRequest`: shared.");
    assertThat(schemaRef(shared, "application/problem+json")).isEqualTo("#/components/schemas/Problem");
    assertThat(shared.getContent().getMediaTypes()).containsOnlyKeys("application/problem+json");
    assertThat(schemaRef(get.getResponses().getAPIResponse("401"), "application/problem+json"))
        .isEqualTo("#/components/schemas/Problem");
  }

  @Test
  void shouldRemoveTheBodiesOfHeadAnswers() {
    var head = operation(null);
    head.getResponses().addAPIResponse("404", OASFactory.createAPIResponse().description("none")
        .content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType())));
    var document = document("/cdn/m/{id}", operation(null));
    document.getPaths().getPathItem("/cdn/m/{id}").HEAD(head);

    filter.filterOpenAPI(document);

    assertThat(head.getResponses().getAPIResponse("404").getContent()).isNull();
    assertThat(head.getResponses().getAPIResponse("404").getDescription()).isEqualTo("none");
  }

  @Test
  void shouldFailTheBuildOnAnAnswerItCannotName() {
    assertThatThrownBy(() -> filter.filterOpenAPI(document("/v1/things", operation("400,418"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("GET /v1/things").hasMessageContaining("418").hasMessageContaining("InvalidRequest");
    assertThatThrownBy(() -> filter.filterOpenAPI(document("/v1/things", operation("502=ProviderFialed"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'ProviderFialed'").hasMessageContaining("ProviderFailed");
    assertThatThrownBy(() -> filter.filterOpenAPI(document("/v1/things", operation("not-found"))))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("'not-found'");
    assertThatThrownBy(() -> filter.filterOpenAPI(document("/v1/things", operation("404,404=NotFound"))))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("404 twice");
  }

  @Test
  void shouldRefuseSharedAnswersOnHead() {
    var document = document("/cdn/m/{id}", operation(null));
    document.getPaths().getPathItem("/cdn/m/{id}").HEAD(operation("404"));

    assertThatThrownBy(() -> filter.filterOpenAPI(document)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("HEAD /cdn/m/{id}");
  }

  private static String schemaRef(APIResponse response, String mediaType) {
    return response.getContent().getMediaType(mediaType).getSchema().getRef();
  }
}
