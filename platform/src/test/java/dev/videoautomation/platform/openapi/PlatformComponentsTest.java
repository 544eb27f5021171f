package dev.videoautomation.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import dev.videoautomation.platform.lists.PageRequest;
import dev.videoautomation.platform.lists.TagFilters;
import dev.videoautomation.platform.spending.CreditHeaders;

/** The platform fragment says what the platform's code does: the list bounds, the shared answers the filter names. */
class PlatformComponentsTest {
  static final Path FRAGMENT = Path.of("src/main/openapi/platform-components.yaml");

  static JsonNode fragment() throws IOException {
    return new ObjectMapper(new YAMLFactory()).readTree(FRAGMENT.toFile());
  }

  @Test
  void shouldBoundLimitAsPageRequestDoes() throws IOException {
    var limit = fragment().at("/components/parameters/Limit");

    assertThat(limit.path("name").asText()).isEqualTo("limit");
    assertThat(limit.at("/schema/minimum").asInt()).isEqualTo(1);
    assertThat(limit.at("/schema/maximum").asInt()).isEqualTo(PageRequest.MAX_LIMIT);
    assertThat(limit.at("/schema/default").asInt()).isEqualTo(PageRequest.DEFAULT_LIMIT);
    assertThat(limit.path("description").asText())
        .contains("1 to " + PageRequest.MAX_LIMIT + " (default " + PageRequest.DEFAULT_LIMIT + ")");
  }

  @Test
  void shouldDeclareTheSpendHeadersAsCreditHeadersReadsAndWritesThem() throws IOException {
    var cap = fragment().at("/components/parameters/MaxCredits");
    assertThat(cap.path("name").asText()).isEqualTo(CreditHeaders.MAX_CREDITS);
    assertThat(cap.path("in").asText()).isEqualTo("header");
    assertThat(cap.at("/schema/minimum").asInt()).isZero();
    assertThat(cap.at("/schema/maximum").asLong()).isEqualTo(Integer.MAX_VALUE);
    assertThat(cap.path("description").asText()).contains("budget_exceeded").contains("400 naming `Max-Credits`");
    assertThat(fragment().at("/components/headers/CreditsRemaining/schema/type").asText()).isEqualTo("integer");
    assertThat(SpendHeaders.MAX_CREDITS).isEqualTo("#/components/parameters/MaxCredits");
    assertThat(SpendHeaders.CREDITS_REMAINING).isEqualTo("#/components/headers/CreditsRemaining");
  }

  @Test
  void shouldBoundTheTagFilterAsTagFiltersDoes() throws IOException {
    var tag = fragment().at("/components/parameters/TagFilter");

    assertThat(tag.path("name").asText()).isEqualTo(TagFilters.PARAMETER);
    assertThat(tag.path("in").asText()).isEqualTo("query");
    assertThat(tag.path("style").asText()).isEqualTo("deepObject");
    assertThat(tag.path("explode").asBoolean()).isTrue();
    assertThat(tag.at("/schema/maxProperties").asInt()).isEqualTo(TagFilters.MAX_FILTERS);
    assertThat(tag.at("/schema/additionalProperties/maxLength").asInt()).isEqualTo(TagFilters.MAX_VALUE_LENGTH);
    assertThat(tag.path("description").asText()).contains("At most " + TagFilters.MAX_FILTERS + " filters, keys 1 to "
        + TagFilters.MAX_KEY_LENGTH + " characters, values at most " + TagFilters.MAX_VALUE_LENGTH);
  }

  @Test
  void shouldDefineEverySharedAnswerWithTheErrorBodyAndItsCode() throws IOException {
    var responses = fragment().at("/components/responses");

    assertThat(responses.properties()).hasSize(SharedAnswers.BY_STATUS.size());
    SharedAnswers.BY_STATUS.forEach((status, name) -> {
      var response = responses.path(name);
      assertThat(response.at("/content/application~1json/schema/$ref").asText()).as(name)
          .isEqualTo("#/components/schemas/Error");
      assertThat(response.path("description").asText()).as(name).startsWith("`").hasSizeLessThan(600);
    });
    assertThat(fragment().at("/components/schemas").has(SharedAnswers.ERROR)).isTrue();
    assertThat(fragment().at("/components/schemas").has(SharedAnswers.PROBLEM)).isTrue();
  }
}
