package dev.videoautomation.platform.lists;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.entry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.videoautomation.platform.errors.ApiException;

class TagFiltersTest {

  @Test
  void shouldReadEveryTagFilterInTheOrderGivenAndIgnoreOtherParameters() {
    var query = new LinkedHashMap<String, List<String>>();
    query.put("tag.team", List.of("growth"));
    query.put("limit", List.of("5"));
    query.put("cursor", List.of("abc"));
    query.put("tag.env", List.of("prod"));
    query.put("tags", List.of("x"));
    query.put("xtag.a", List.of("y"));
    query.put("Tag.upper", List.of("z"));
    query.put("tag.a.b", List.of("dotted"));

    var filters = TagFilters.parse(query);

    assertThat(filters).containsExactly(entry("team", "growth"), entry("env", "prod"), entry("a.b", "dotted"));
  }

  @Test
  void shouldGiveNoFiltersWhenThereAreNone() {
    assertThat(TagFilters.parse(Map.of())).isEmpty();
    assertThat(TagFilters.parse(Map.of("limit", List.of("5")))).isEmpty();
  }

  @Test
  void shouldKeepAnEmptyValueAsAFilterForTheEmptyValue() {
    assertThat(TagFilters.parse(Map.of("tag.team", List.of("")))).containsExactly(entry("team", ""));
  }

  @Test
  void shouldAcceptTheLongestKeyAndValueAllowed() {
    var key = "k".repeat(64);
    var value = "v".repeat(256);

    assertThat(TagFilters.parse(Map.of("tag." + key, List.of(value)))).containsExactly(entry(key, value));
  }

  @Test
  void shouldRejectAFilterWithoutAKeyNamingTheParameter() {
    assertRejected(Map.of("tag.", List.of("x")), "tag.", "needs a tag key of 1 to 64 characters");
  }

  @Test
  void shouldRejectAKeyThatIsTooLongNamingTheParameter() {
    var param = "tag." + "k".repeat(65);

    assertRejected(Map.of(param, List.of("x")), param, "needs a tag key of 1 to 64 characters");
  }

  @Test
  void shouldRejectAValueThatIsTooLongNamingTheParameter() {
    assertRejected(Map.of("tag.team", List.of("v".repeat(257))), "tag.team", "needs a value of at most 256 characters");
  }

  @Test
  void shouldRejectAFilterGivenTwiceNamingTheParameter() {
    assertRejected(Map.of("tag.team", List.of("growth", "brand")), "tag.team", "may be given once");
  }

  @Test
  void shouldAcceptTwentyFiltersAndRejectTheTwentyFirst() {
    var query = new LinkedHashMap<String, List<String>>();
    for (int i = 0; i < 20; i++) {
      query.put("tag.k" + i, List.of("v"));
    }
    assertThat(TagFilters.parse(query)).hasSize(20);

    query.put("tag.k20", List.of("v"));
    assertRejected(query, "tag", "filters are limited to 20 per call");
  }

  @Test
  void shouldReadTheBracketFormAsTheDottedOne() {
    var query = new LinkedHashMap<String, List<String>>();
    query.put("tag[team]", List.of("growth"));
    query.put("limit", List.of("5"));
    query.put("tag[a.b]", List.of("dotted"));
    query.put("tag[x[y]]", List.of("nested"));
    query.put("tags[z]", List.of("ignored"));

    assertThat(TagFilters.parse(query)).containsExactly(entry("team", "growth"), entry("a.b", "dotted"),
        entry("x[y]", "nested"));
  }

  @Test
  void shouldAndBothFormsGivenTogether() {
    var query = new LinkedHashMap<String, List<String>>();
    query.put("tag.team", List.of("growth"));
    query.put("tag[env]", List.of("prod"));

    assertThat(TagFilters.parse(query)).containsExactly(entry("team", "growth"), entry("env", "prod"));
  }

  @Test
  void shouldHoldTheBracketFormToTheSameBounds() {
    var key = "k".repeat(64);
    assertThat(TagFilters.parse(Map.of("tag[" + key + "]", List.of("v".repeat(256)))))
        .containsExactly(entry(key, "v".repeat(256)));

    var tooLong = "tag[" + "k".repeat(65) + "]";
    assertRejected(Map.of(tooLong, List.of("x")), tooLong, "needs a tag key of 1 to 64 characters");
    assertRejected(Map.of("tag[]", List.of("x")), "tag[]", "needs a tag key of 1 to 64 characters");
    assertRejected(Map.of("tag[team]", List.of("v".repeat(257))), "tag[team]",
        "needs a value of at most 256 characters");
    assertRejected(Map.of("tag[team]", List.of("growth", "brand")), "tag[team]", "may be given once");
  }

  @Test
  void shouldRejectAKeyGivenInBothForms() {
    var query = new LinkedHashMap<String, List<String>>();
    query.put("tag.team", List.of("growth"));
    query.put("tag[team]", List.of("growth"));

    assertRejected(query, "tag[team]", "filters on the tag key 'team' as tag.team does; give each key once");
    var reversed = new LinkedHashMap<String, List<String>>();
    reversed.put("tag[team]", List.of("growth"));
    reversed.put("tag.team", List.of("brand"));
    assertRejected(reversed, "tag[team]", "filters on the tag key 'team' as tag.team does; give each key once");
  }

  @Test
  void shouldRejectAFilterThatIsNotOneRatherThanListEverything() {
    assertRejected(Map.of("tag[team", List.of("growth")), "tag[team", "needs the form tag[<key>]=<value>");
    assertRejected(Map.of("tag[team]x", List.of("growth")), "tag[team]x", "needs the form tag[<key>]=<value>");
    assertRejected(Map.of("tag", List.of("team")), "tag",
        "needs a key: tag[<key>]=<value> or tag.<key>=<value>");
  }

  @Test
  void shouldCountBothFormsTowardsTheTwentyFilters() {
    var query = new LinkedHashMap<String, List<String>>();
    for (int i = 0; i < 10; i++) {
      query.put("tag.d" + i, List.of("v"));
      query.put("tag[b" + i + "]", List.of("v"));
    }
    assertThat(TagFilters.parse(query)).hasSize(20);

    query.put("tag[b10]", List.of("v"));
    assertRejected(query, "tag", "filters are limited to 20 per call");
  }

  @Test
  void shouldGiveAMapTheCallerCannotChange() {
    var filters = TagFilters.parse(Map.of("tag.team", List.of("growth")));

    assertThatThrownBy(() -> filters.put("env", "prod")).isInstanceOf(UnsupportedOperationException.class);
  }

  private static void assertRejected(Map<String, List<String>> query, String param, String problem) {
    var failure = catchThrowableOfType(ApiException.class, () -> TagFilters.parse(query));

    assertThat(failure).as("query %s", query.keySet()).isNotNull();
    assertThat(failure.error().status()).isEqualTo(400);
    assertThat(failure.error().getError()).isEqualTo("invalid_request");
    assertThat(failure.error().extra()).containsEntry("field", param);
    assertThat(failure.error().getMessage()).isEqualTo("Field '" + param + "' " + problem + ".");
  }
}
