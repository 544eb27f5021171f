package dev.videoautomation.platform.updates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.platform.errors.ApiException;
import dev.videoautomation.platform.json.RequestBodyMapper;

/** A PUT body names what changes; an absent or null field leaves the value, a refused one changes nothing. */
class PartialUpdateTest {
  private static final ObjectMapper STRICT = new RequestBodyMapper(new ObjectMapper()).strict();

  /** What a record's update body looks like: every field optional. */
  record Update(String title, List<String> tags, Integer rank, String url) {
  }

  /** A record as a service holds it: fields it sets itself. */
  static final class Item {
    String title = "old title";
    List<String> tags = List.of("old");
    int rank = 3;
    String url = "https://example.com/a";
  }

  private static Item update(String json) throws Exception {
    var body = STRICT.readValue(json, Update.class);
    return PartialUpdate.<Item>of(body)
        .set(body.title(), PartialUpdateTest::title, (item, title) -> item.title = title)
        .set(body.tags(), (item, tags) -> item.tags = tags)
        .set(body.rank(), (item, rank) -> item.rank = rank)
        .refuse("url", body.url(), "cannot be changed; create a new item instead")
        .applyTo(new Item());
  }

  private static String title(String title) {
    if (title.length() > 10) {
      throw ApiException.invalidField("title", "must be at most 10 characters");
    }
    return title.strip();
  }

  @Test
  void shouldLeaveEveryValueWhenTheFieldsAreAbsent() throws Exception {
    var item = update("{}");

    assertThat(item.title).isEqualTo("old title");
    assertThat(item.tags).containsExactly("old");
    assertThat(item.rank).isEqualTo(3);
  }

  @Test
  void shouldLeaveTheValueWhenTheFieldIsNull() throws Exception {
    var item = update("{\"title\": null, \"tags\": null, \"rank\": null, \"url\": null}");

    assertThat(item.title).isEqualTo("old title");
    assertThat(item.tags).containsExactly("old");
    assertThat(item.rank).isEqualTo(3);
  }

  @Test
  void shouldSetOnlyTheFieldsGivenAsTheirChecksAnswer() throws Exception {
    var item = update("{\"title\": \" new \", \"rank\": 0}");

    assertThat(item.title).isEqualTo("new");
    assertThat(item.rank).isZero();
    assertThat(item.tags).containsExactly("old");
  }

  @Test
  void shouldSetAnEmptyValueGiven() throws Exception {
    assertThat(update("{\"tags\": []}").tags).isEmpty();
  }

  @Test
  void shouldRefuseABadFieldBeforeAnythingIsSet() {
    var target = new Item();
    var body = new Update("new", List.of("x"), 1, null);

    var changes = PartialUpdate.<Item>of(body).set(body.tags(), (item, tags) -> item.tags = tags);
    assertThatThrownBy(() -> changes.set("far too long a title", PartialUpdateTest::title, (item, t) -> item.title = t))
        .isInstanceOf(ApiException.class).hasMessageContaining("at most 10");
    assertThat(target.tags).containsExactly("old");
    assertThat(target.title).isEqualTo("old title");
  }

  @Test
  void shouldRefuseAFieldThatCannotChangeAndABodyThatIsMissing() {
    assertThatThrownBy(() -> update("{\"url\": \"https://example.com/b\"}")).isInstanceOf(ApiException.class)
        .hasMessageContaining("url").hasMessageContaining("cannot be changed");
    assertThatThrownBy(() -> PartialUpdate.of(null)).isInstanceOf(ApiException.class).hasMessageContaining("body");
  }

  @Test
  void shouldReadTheBodyByTheStrictRules() {
    assertThatThrownBy(() -> update("{\"rank\": \"4\"}")).hasMessageContaining("rank");
    assertThatThrownBy(() -> update("{\"title\": \"a\", \"title\": \"b\"}")).hasMessageContaining("title");
  }

  @Test
  void shouldSayWhenNothingChanges() {
    assertThat(PartialUpdate.<Item>of(new Update(null, null, null, null)).set(null, (item, v) -> { }).isEmpty())
        .isTrue();
  }
}
