package dev.videoautomation.suite.contract;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.Response;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;

/** The judge itself, on the committed snapshot, without a running suite: it must be able to say no. */
class ContractTest {
  private static final Contract CONTRACT = Contract.snapshot();

  @Test
  void shouldAcceptTheSharedErrorBodyOnAPathTheDocumentLacks() {
    assertThatCode(() -> CONTRACT.checkAnswer(get("/v1/does-not-exist"),
        json(404, "{\"error\":\"not_found\",\"message\":\"No such path.\"}"))).doesNotThrowAnyException();
  }

  @Test
  void shouldRefuseAnotherBodyOrASuccessOnAPathTheDocumentLacks() {
    assertThatThrownBy(() -> CONTRACT.checkAnswer(get("/v1/does-not-exist"), json(404, "{\"oops\":1}")))
        .isInstanceOf(AssertionError.class).hasMessageContaining("error");
    assertThatThrownBy(() -> CONTRACT.checkAnswer(get("/v1/does-not-exist"),
        json(200, "{\"error\":\"not_found\",\"message\":\"x\"}")))
        .isInstanceOf(AssertionError.class).hasMessageContaining("contract.undocumented.answer");
  }

  @Test
  void shouldRefuseARequestBodyOfTheWrongTypeUnlessSentAsInvalidOnPurpose() {
    var request = SimpleRequest.Builder.post("/v1/auth/agent").withContentType("application/json")
        .withBody("{\"type\":5}").build();
    var refused = SimpleResponse.Builder.status(400).withContentType("application/problem+json")
        .withBody("{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400}").build();

    assertThatThrownBy(() -> CONTRACT.check(request, refused)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("validation.request.body");
  }

  private static Request get(String path) {
    return SimpleRequest.Builder.get(path).build();
  }

  private static Response json(int status, String body) {
    return SimpleResponse.Builder.status(status).withContentType("application/json").withBody(body).build();
  }
}
