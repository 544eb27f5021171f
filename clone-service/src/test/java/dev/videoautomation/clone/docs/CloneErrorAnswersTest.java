package dev.videoautomation.clone.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Operation;
import org.junit.jupiter.api.Test;

import dev.videoautomation.clone.sources.InputDocs;

/** The shared error answers: added where an operation names their family, never over what it declares itself. */
class CloneErrorAnswersTest {
  private static Operation operation(String families) {
    var responses = OASFactory.createAPIResponses()
        .addAPIResponse("202", OASFactory.createAPIResponse().description("Queued"))
        .addAPIResponse("422", OASFactory.createAPIResponse().ref("#/components/responses/" + ApiDocs.UNPROCESSABLE))
        // What SmallRye adds to an operation that takes a body when nothing else declares 400.
        .addAPIResponse("400", OASFactory.createAPIResponse().description("Bad Request"));
    return OASFactory.createOperation().responses(responses).addExtension(CloneErrorAnswers.EXTENSION, families);
  }

  @Test
  void shouldAddEachFamilysAnswersInTheOrderTheOperationsWroteThem() {
    var operation = operation(CloneErrorAnswers.MEDIA_TASK);
    CloneErrorAnswers.complete(operation);
    var answers = operation.getResponses().getAPIResponses();
    assertThat(answers.keySet()).containsExactly("202", "400", "404", "413", "402", "415", "422", "502", "503",
        "504");
    assertThat(operation.getExtensions()).doesNotContainKey(CloneErrorAnswers.EXTENSION);
    var refused = answers.get("400");
    assertThat(refused.getDescription()).isEqualTo(InputDocs.BAD_URL);
    var json = refused.getContent().getMediaType("application/json");
    assertThat(json.getSchema().getRef()).isEqualTo("#/components/schemas/Error");
    assertThat(json.getExamples().get("refused").getValue()).isInstanceOf(Map.class)
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("error", "url_not_allowed").containsEntry("field", "referenceImageUrl");
    assertThat(answers.get("402").getRef()).isEqualTo("#/components/responses/" + ApiDocs.NO_CREDITS);
    assertThat(answers.get("422").getRef()).isEqualTo("#/components/responses/" + ApiDocs.UNPROCESSABLE);
  }

  @Test
  void shouldKeepAnAnswerTheOperationWordsItself() {
    var operation = operation(CloneErrorAnswers.TASK_BY_ID);
    operation.getResponses().addAPIResponse("404", OASFactory.createAPIResponse().description("Its own words")
        .content(OASFactory.createContent()));
    CloneErrorAnswers.complete(operation);
    var answers = operation.getResponses().getAPIResponses();
    assertThat(answers.get("404").getDescription()).isEqualTo("Its own words");
    assertThat(answers.get("400").getRef()).isEqualTo("#/components/responses/" + ApiDocs.INVALID_QUERY);
  }

  @Test
  void shouldLeaveAnOperationWithoutTheExtensionAlone() {
    var operation = operation(CloneErrorAnswers.PROVIDER_TASK);
    operation.removeExtension(CloneErrorAnswers.EXTENSION);
    CloneErrorAnswers.complete(operation);
    assertThat(operation.getResponses().getAPIResponses().keySet()).containsExactly("202", "422", "400");
  }

  @Test
  void shouldFailOnAnUnknownFamily() {
    assertThatThrownBy(() -> CloneErrorAnswers.complete(operation("caller-media,typo")))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("'typo'");
  }
}
