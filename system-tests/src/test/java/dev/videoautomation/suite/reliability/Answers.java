package dev.videoautomation.suite.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Set;

/** What every answer of the suite must be, even while something is broken. */
final class Answers {
  private Answers() {
  }

  /**
   * An error answer an agent can act on: one of the expected statuses, a JSON body with {@code error} and
   * {@code message}, and nothing of a stack trace.
   */
  static void assertTypedError(HttpResponse<String> response, Set<Integer> expectedStatuses) {
    assertThat(response.statusCode()).as(response.body()).isIn(expectedStatuses);
    assertThat(response.body()).doesNotContain("Exception", "\tat ", "at java.", "at dev.videoautomation");
    var body = ReliabilitySuite.json(response);
    assertThat(body.path("error").asText()).as(response.body()).matches("[a-z_]+");
    assertThat(body.path("message").asText()).as(response.body()).isNotBlank();
  }
}
