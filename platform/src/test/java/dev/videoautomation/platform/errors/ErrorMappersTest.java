package dev.videoautomation.platform.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Set;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import dev.videoautomation.platform.lists.Tags.Tag;

/** The two path helpers of the mappers, fed with real Jackson failures and real Bean Validation violations. */
class ErrorMappersTest {
  private static ValidatorFactory validators;
  private final ObjectMapper mapper = new ObjectMapper();

  record Body(@NotBlank String name, @Min(1) int count, List<@Valid Tag> tags, @Valid Nested nested) {
  }

  record Nested(@NotBlank String title) {
  }

  /** Stands in for a JAX-RS resource: Bean Validation puts the method and parameter nodes in front. */
  static class Resource {
    public void create(@NotNull @Valid Body body) {
    }

    public void search(@NotBlank String query) {
    }
  }

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
  void shouldNameATopLevelUnknownField() {
    var e = failureOf(UnrecognizedPropertyException.class, "{\"name\":\"a\",\"colour\":\"red\"}");

    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("colour");
  }

  @Test
  void shouldNameAnUnknownFieldInsideAListElementWithItsIndex() {
    var e = failureOf(UnrecognizedPropertyException.class,
        "{\"tags\":[{\"key\":\"a\",\"value\":\"b\"},{\"key\":\"c\",\"value\":\"d\",\"colour\":1}]}");

    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("tags[1].colour");
  }

  @Test
  void shouldNameAFieldOfTheWrongType() {
    var e = failureOf(InvalidFormatException.class, "{\"name\":\"a\",\"count\":\"many\"}");

    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("count");
  }

  @Test
  void shouldNameANestedFieldOfTheWrongShape() {
    var e = failureOf(MismatchedInputException.class, "{\"tags\":[{\"key\":{\"x\":1},\"value\":\"b\"}]}");

    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("tags[0].key");
  }

  @Test
  void shouldNameAnObjectFieldGivenAScalar() {
    var e = failureOf(MismatchedInputException.class, "{\"nested\":\"text\"}");

    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("nested");
  }

  @Test
  void shouldNameAListElementOfTheWrongShapeByIndex() {
    var e = failureOf(MismatchedInputException.class, "{\"tags\":[{\"key\":\"a\",\"value\":\"b\"},7]}");

    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("tags[1]");
  }

  @Test
  void shouldNameTheBodyWhenTheWholeBodyHasTheWrongShape() {
    var e = failureOf(MismatchedInputException.class, "[1, 2]");

    assertThat(e.getPath()).isEmpty();
    assertThat(ErrorMappers.jsonPath(e)).isEqualTo("body");
  }

  @Test
  void shouldNameAFieldOfABeanViolationByItsPropertyPath() {
    var violations = validators.getValidator().validate(new Body(" ", 1, List.of(), new Nested("t")));

    assertThat(fieldNames(violations)).containsExactly("name");
  }

  @Test
  void shouldNameAViolationInsideAListElementWithItsIndex() {
    var body = new Body("a", 1, List.of(new Tag("k", "v"), new Tag("", "v")), new Nested("t"));

    var violations = validators.getValidator().validate(body);

    assertThat(fieldNames(violations)).containsExactly("tags[1].key");
  }

  @Test
  void shouldDropTheMethodAndParameterNodesOfAResourceMethodViolation() throws NoSuchMethodException {
    var method = Resource.class.getMethod("create", Body.class);
    var body = new Body("a", 0, List.of(), new Nested(""));

    var violations = validators.getValidator().forExecutables()
        .validateParameters(new Resource(), method, new Object[] {body});

    assertThat(violations).extracting(v -> v.getPropertyPath().toString())
        .allMatch(path -> path.startsWith("create."));
    assertThat(fieldNames(violations)).containsExactlyInAnyOrder("count", "nested.title");
  }

  @Test
  void shouldNameTheParameterWhenTheViolationIsOnTheParameterItself() throws NoSuchMethodException {
    var method = Resource.class.getMethod("search", String.class);

    var violations = validators.getValidator().forExecutables()
        .validateParameters(new Resource(), method, new Object[] {""});

    assertThat(fieldNames(violations)).containsExactly("query");
  }

  @Test
  void shouldNameTheBodyParameterWhenTheBodyIsMissing() throws NoSuchMethodException {
    var method = Resource.class.getMethod("create", Body.class);

    var violations = validators.getValidator().forExecutables()
        .validateParameters(new Resource(), method, new Object[] {null});

    assertThat(fieldNames(violations)).containsExactly("body");
  }

  private <T extends JsonMappingException> T failureOf(Class<T> type, String json) {
    var failure = catchThrowableOfType(type, () -> mapper.readValue(json, Body.class));
    assertThat(failure).as("reading %s", json).isNotNull();
    return failure;
  }

  private static List<String> fieldNames(Set<? extends ConstraintViolation<?>> violations) {
    return violations.stream().map(v -> ErrorMappers.fieldName(v.getPropertyPath())).toList();
  }
}
