package dev.videoautomation.auth.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.videoautomation.auth.openapi.DocumentedForms;
import dev.videoautomation.platform.keys.ApiKeys;

/**
 * The key format docs/auth-service.md gives secret scanners is the one the minting code writes: the documented
 * expression is {@link DocumentedForms#KEY_SCANNER_PATTERN} (the manifest's {@code key_pattern}), it finds every
 * minted key of both kinds in text, and it finds nothing of another form.
 */
class KeyFormatTest {
  private static final Pattern SCANNER = Pattern.compile(DocumentedForms.KEY_SCANNER_PATTERN);

  @Test
  void shouldDocumentTheScannersExpressionInTheAuthPage() throws Exception {
    var page = Files.readString(Path.of("../docs/auth-service.md"));
    assertThat(page).contains("`" + DocumentedForms.KEY_SCANNER_PATTERN + "`");
  }

  @Test
  void shouldFindEveryMintedKeyInText() {
    for (var kind : ApiKeys.Kind.values()) {
      for (int i = 0; i < 5_000; i++) {
        var key = ApiKeys.newKey(kind);
        var matcher = SCANNER.matcher("export VAS_KEY=" + key + "\n# " + key + ".");
        assertThat(matcher.find()).as(key).isTrue();
        assertThat(matcher.group()).isEqualTo(key);
        assertThat(matcher.find()).as(key).isTrue();
        assertThat(matcher.group()).isEqualTo(key);
        assertThat(key).matches(DocumentedForms.KEY_PATTERN).hasSize(DocumentedForms.KEY_LENGTH);
      }
    }
  }

  @Test
  void shouldFindNothingOfAnotherForm() {
    var key = ApiKeys.newKey(ApiKeys.Kind.LIVE);
    var body = key.substring("svc_live_".length());
    assertThat(SCANNER.matcher("svc_test_" + body).find()).isFalse();
    assertThat(SCANNER.matcher(key.substring(0, key.length() - 1)).find()).as("one short").isFalse();
    assertThat(SCANNER.matcher(key + "x").find()).as("one long").isFalse();
    assertThat(SCANNER.matcher("xsvc_live_" + body).find()).as("inside a word").isFalse();
    // A CRC-32 in 6 base62 digits starts with 0 to 4.
    assertThat(SCANNER.matcher(key.substring(0, key.length() - 6) + "5" + key.substring(key.length() - 5)).find())
        .isFalse();
  }
}
