package dev.videoautomation.media.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.videoautomation.media.checks.CheckDtos.RulesUpdate;
import dev.videoautomation.platform.errors.ApiException;

class CustomRuleValidationTest {
  static final ObjectMapper JSON = new ObjectMapper();

  static RulesUpdate update(String json) throws Exception {
    return JSON.readValue(json, RulesUpdate.class);
  }

  static void assertInvalid(String json, String field, String messagePart) {
    assertThatThrownBy(() -> CheckRulesService.validate(update(json))).isInstanceOfSatisfying(ApiException.class,
        e -> {
          assertThat(e.error().getError()).isEqualTo("invalid_request");
          assertThat(e.error().extra()).containsEntry("field", field);
          assertThat(e.error().getMessage()).contains(messagePart);
        });
  }

  @Test
  void shouldParseEveryValueTypeIntoItsJavaValue() throws Exception {
    var rules = CheckRulesService.validate(update("{\"rules\":["
        + "{\"platform\":\"shortvideo\",\"rule\":\"duration.max\",\"value\":59.5},"
        + "{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":5,\"severity\":\"warning\"},"
        + "{\"platform\":\"photo\",\"rule\":\"aspectRatio.allowed\",\"value\":[\"9/16\",\"1080x1350\"]},"
        + "{\"platform\":\"photo\",\"rule\":\"audio.required\",\"value\":false},"
        + "{\"platform\":\"shortvideo\",\"rule\":\"caption.forbiddenWords\",\"value\":[\" giveaway \"]},"
        + "{\"platform\":\"shortvideo\",\"rule\":\"bitrate.min\",\"severity\":\"off\"}]}"));

    assertThat(rules).containsExactly(
        new CustomRule("shortvideo", "duration.max", 59.5, null),
        new CustomRule("photo", "hashtags.max", 5L, "warning"),
        new CustomRule("photo", "aspectRatio.allowed", List.of("9:16", "1080:1350"), null),
        new CustomRule("photo", "audio.required", false, null),
        new CustomRule("shortvideo", "caption.forbiddenWords", List.of("giveaway"), null),
        new CustomRule("shortvideo", "bitrate.min", null, "off"));
  }

  @Test
  void shouldNameThePathOfEachFault() {
    assertInvalid("{}", "rules", "is required");
    assertInvalid("{\"rules\":[{\"platform\":\"shortvideo\",\"rule\":\"duration.max\",\"value\":60},"
        + "{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":\"five\"}]}", "rules[1].value",
        "must be a whole number >= 0 for rule hashtags.max");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"hashtags.max\",\"value\":5.5}]}",
        "rules[0].value", "whole number");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"duration.max\",\"value\":-1}]}",
        "rules[0].value", "a number >= 0");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"duration.maximum\",\"value\":5}]}",
        "rules[0].rule", "is not a known rule; use one of duration.min, duration.max");
    assertInvalid("{\"rules\":[{\"platform\":\"youtube\",\"rule\":\"duration.max\",\"value\":5}]}",
        "rules[0].platform", "must be one of shortvideo, photo");
    assertInvalid("{\"rules\":[{\"rule\":\"duration.max\",\"value\":5}]}", "rules[0].platform", "is required");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"duration.max\",\"value\":5,\"severity\":"
        + "\"fatal\"}]}", "rules[0].severity", "must be one of error, warning, info, off");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"duration.max\"}]}", "rules[0].value", "must be");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"caption.forbiddenWords\",\"value\":[]}]}",
        "rules[0].value", "non-empty array");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"caption.forbiddenWords\",\"value\":[\"a\",3]}]}",
        "rules[0].value", "non-empty array");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"aspectRatio.recommended\",\"value\":\"tall\"}]}",
        "rules[0].value", "ratio");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"audio.required\",\"value\":\"yes\"}]}",
        "rules[0].value", "true or false");
    assertInvalid("{\"rules\":[{\"platform\":\"photo\",\"rule\":\"fps.max\",\"value\":60},"
        + "{\"platform\":\"shortvideo\",\"rule\":\"fps.max\",\"value\":60},"
        + "{\"platform\":\"photo\",\"rule\":\"fps.max\",\"value\":50}]}", "rules[2].rule", "repeats rules[0]");
    assertInvalid("{\"rules\":[null]}", "rules[0]", "must be an object");
  }
}
