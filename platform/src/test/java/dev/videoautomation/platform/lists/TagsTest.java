package dev.videoautomation.platform.lists;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;

import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.errors.ApiException;

class TagsTest {
  private static ValidatorFactory validators;

  @BeforeAll
  static void startValidation() {
    validators = Validation.byDefaultProvider().configure()
        .messageInterpolator(new ParameterMessageInterpolator())
        .buildValidatorFactory();
  }

  @AfterAll
  static void stopValidation() {
    validators.close();
  }

  @Test
  void shouldTreatMissingTagsAsNone() {
    assertThat(Tags.validate(null)).isEmpty();
  }

  @Test
  void shouldAcceptFiftyTagsWithDistinctKeysAndKeepTheirOrder() {
    var tags = tags(50);

    assertThat(Tags.validate(tags)).containsExactlyElementsOf(tags);
  }

  @Test
  void shouldRejectTheFiftyFirstTagNamingTags() {
    var failure = catchThrowableOfType(ApiException.class, () -> Tags.validate(tags(51)));

    assertThat(failure).isNotNull();
    assertThat(failure.error().status()).isEqualTo(400);
    assertThat(failure.error().getError()).isEqualTo("invalid_request");
    assertThat(failure.error().extra()).containsEntry("field", "tags");
    assertThat(failure.error().getMessage()).isEqualTo("Field 'tags' may hold at most 50 tags.");
  }

  @Test
  void shouldRejectARepeatedKeyNamingTheSecondOccurrence() {
    var tags = List.of(new Tags.Tag("team", "growth"), new Tags.Tag("env", "prod"), new Tags.Tag("team", "brand"));

    var failure = catchThrowableOfType(ApiException.class, () -> Tags.validate(tags));

    assertThat(failure).isNotNull();
    assertThat(failure.error().status()).isEqualTo(400);
    assertThat(failure.error().extra()).containsEntry("field", "tags[2].key");
    assertThat(failure.error().getMessage()).isEqualTo("Field 'tags[2].key' repeats the key 'team'.");
  }

  @Test
  void shouldRejectAMissingTagNamingItsIndex() {
    var tags = Arrays.asList(new Tags.Tag("team", "growth"), null);

    var failure = catchThrowableOfType(ApiException.class, () -> Tags.validate(tags));

    assertThat(failure).isNotNull();
    assertThat(failure.error().extra()).containsEntry("field", "tags[1]");
  }

  @Test
  void shouldReturnACopyTheCallerCannotChange() {
    var tags = new ArrayList<>(tags(2));

    var validated = Tags.validate(tags);
    tags.clear();

    assertThat(validated).hasSize(2);
    assertThatThrownBy(() -> validated.add(new Tags.Tag("x", "y"))).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void shouldBoundKeysAndValuesThroughBeanValidation() {
    var validator = validators.getValidator();

    assertThat(validator.validate(new Tags.Tag("k".repeat(64), "v".repeat(256)))).isEmpty();
    assertThat(validator.validate(new Tags.Tag("team", ""))).isEmpty();
    assertThat(validator.validate(new Tags.Tag(" ", "v"))).extracting(v -> v.getPropertyPath().toString())
        .containsExactly("key");
    assertThat(validator.validate(new Tags.Tag("k".repeat(65), "v"))).extracting(v -> v.getPropertyPath().toString())
        .containsExactly("key");
    assertThat(validator.validate(new Tags.Tag("team", null))).extracting(v -> v.getPropertyPath().toString())
        .containsExactly("value");
    assertThat(validator.validate(new Tags.Tag("team", "v".repeat(257))))
        .extracting(v -> v.getPropertyPath().toString()).containsExactly("value");
  }

  private static List<Tags.Tag> tags(int count) {
    return IntStream.range(0, count).mapToObj(i -> new Tags.Tag("key" + i, "value" + i)).toList();
  }
}
