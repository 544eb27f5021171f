package dev.videoautomation.platform.lists;

import java.util.HashSet;
import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.quarkus.runtime.annotations.RegisterForReflection;

import dev.videoautomation.platform.errors.ApiException;

/** Tag bounds shared by every record that carries tags, and the {@code {key, value}} pair itself. */
public final class Tags {
  public static final int MAX_PER_RECORD = 50;
  public static final int MAX_KEY_LENGTH = 64;
  public static final int MAX_VALUE_LENGTH = 256;

  private Tags() {
  }

  @RegisterForReflection
  public record Tag(@NotBlank @Size(max = MAX_KEY_LENGTH) String key,
                    @NotNull @Size(max = MAX_VALUE_LENGTH) String value) {
  }

  /** Checks the count and that no key repeats; the field-level bounds are Bean Validation's job. */
  public static List<Tag> validate(List<Tag> tags) {
    if (tags == null) {
      return List.of();
    }
    if (tags.size() > MAX_PER_RECORD) {
      throw ApiException.invalidField("tags", "may hold at most " + MAX_PER_RECORD + " tags");
    }
    var seen = new HashSet<String>();
    for (int i = 0; i < tags.size(); i++) {
      var tag = tags.get(i);
      if (tag == null) {
        throw ApiException.invalidField("tags[" + i + "]", "must be an object with key and value");
      }
      if (!seen.add(tag.key())) {
        throw ApiException.invalidField("tags[" + i + "].key", "repeats the key '" + tag.key() + "'");
      }
    }
    return List.copyOf(tags);
  }
}
