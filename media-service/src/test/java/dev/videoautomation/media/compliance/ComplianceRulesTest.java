package dev.videoautomation.media.compliance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.videoautomation.media.compliance.ComplianceScan.Category;

class ComplianceRulesTest {

  static Map<String, Category> scan(String text) {
    return ComplianceRules.scan(text).stream().collect(Collectors.toMap(Category::name, c -> c));
  }

  @ParameterizedTest(name = "{0} in \"{1}\"")
  @CsvSource(delimiter = '|', value = {
      "prohibited.weapons | Unboxing a Glock handgun at the range | handgun | high",
      "prohibited.drugs | where to find COCAINE tonight | COCAINE | high",
      "adult | exclusive nudes in my bio | nudes | high",
      "hate | they chant white power at the rally | white power | high",
      "violence.self_harm | sometimes I want to die | want to die | high",
      "violence.self_harm | tips on self-harm recovery | self-harm | high",
      "regulated.health_claims | This tea cures anxiety | cures | medium",
      "regulated.health_claims | Guaranteed weight loss in 7 days | Guaranteed weight loss | medium",
      "regulated.financial_claims | Guaranteed returns of 20% a month | Guaranteed returns | medium",
      "regulated.financial_claims | how to get rich with crypto | get rich | medium",
      "spam.engagement_bait | follow for follow and like if you agree | follow for follow | low",
      "misleading.giveaway | Huge giveaway: you won a free iPhone | giveaway | medium"})
  void shouldFindEachCategory(String category, String text, String match, String severity) {
    var found = scan(text);

    assertThat(found).containsKey(category);
    assertThat(found.get(category).matches()).contains(match);
    assertThat(found.get(category).severity()).isEqualTo(severity);
    assertThat(found.get(category).source()).isEqualTo("rules");
    assertThat(found.get(category).score()).isNull();
  }

  @Test
  void shouldListEveryMatchOfACategoryOnce() {
    var found = scan("follow for follow, FOLLOW FOR FOLLOW, like if you agree and tag a friend");
    assertThat(found.get("spam.engagement_bait").matches())
        .containsExactly("follow for follow", "FOLLOW FOR FOLLOW", "like if", "tag a friend");
  }

  @Test
  void shouldNotFindWordsInsideOtherWords() {
    var text = "The assessment in Sussex found the therapist's method secure: a cocktail of ammonia, "
        + "a scunthorpe methodology, procured accurately, with classic grammar. Like it? Sharing is caring. "
        + "The pornography-free bassist said cocaineless is not a word.";
    var found = scan(text);

    assertThat(found.keySet()).containsExactly("adult");
    assertThat(found.get("adult").matches()).containsExactly("pornography");
    assertThat(scan("A secure, assessed, cured-meat cocktail recipe")).containsOnlyKeys("regulated.health_claims");
    assertThat(scan("A secure and well assessed cocktail recipe for methodical bassists")).isEmpty();
  }

  @Test
  void shouldMatchAcrossCaseScriptsAndWidthsButRespectUnicodeWordBoundaries() {
    assertThat(scan("ＰＯＲＮ").get("adult").matches()).containsExactly("PORN");
    assertThat(scan("Ce thé CURES tout — 🍵 cures!").get("regulated.health_claims").matches())
        .containsExactly("CURES", "cures");
    assertThat(scan("écuresé épornà naïveporn")).isEmpty();
    assertThat(scan("日本語のテキスト cure 日本")).containsKey("regulated.health_claims");
    assertThat(scan("")).isEmpty();
    assertThat(scan(null)).isEmpty();
  }

  @Test
  void shouldFindEmailsInAnyScript() {
    var found = scan("Write to ana.maria+promo@example.co.uk or josé@correo.es, not to @handle or a@b.");
    assertThat(found.get("personal_data.email").matches())
        .containsExactly("ana.maria+promo@example.co.uk", "josé@correo.es");
    assertThat(found.get("personal_data.email").severity()).isEqualTo("medium");
    assertThat(scan("Follow @creator on photo, version 2.0@home")).doesNotContainKey("personal_data.email");
  }

  @Test
  void shouldFindPhoneNumbersButNotDatesCountsOrCards() {
    var found = scan("Call +44 20 7946 0958, (555) 123-4567 or 555.123.4567 today");
    assertThat(found.get("personal_data.phone").matches())
        .containsExactly("+44 20 7946 0958", "(555) 123-4567", "555.123.4567");

    assertThat(scan("Posted 2024-01-15, 10 000 000 views, 1080x1920 at 29.97 fps, order 12345"))
        .doesNotContainKey("personal_data.phone");
    assertThat(scan("Card 4111 1111 1111 1111")).doesNotContainKey("personal_data.phone");
  }

  @Test
  void shouldFindOnlyCardNumbersThatPassLuhn_masked() {
    var found = scan("Pay with 4111-1111-1111-1111 or 5500 0000 0000 0004, not 4111 1111 1111 1112");
    var card = found.get("personal_data.credit_card");
    assertThat(card.matches()).containsExactly("**** **** **** 1111", "**** **** **** 0004");
    assertThat(card.severity()).isEqualTo("high");
    assertThat(scan("Tracking 1234567890123")).doesNotContainKey("personal_data.credit_card");
  }

  @Test
  void shouldComputeLuhn() {
    assertThat(PersonalData.luhn("4111111111111111")).isTrue();
    assertThat(PersonalData.luhn("378282246310005")).isTrue();
    assertThat(PersonalData.luhn("79927398713")).isTrue();
    assertThat(PersonalData.luhn("79927398710")).isFalse();
    assertThat(PersonalData.luhn("4111111111111112")).isFalse();
    assertThat(PersonalData.luhn("")).isFalse();
  }

  @Test
  void shouldFlagOnlyHighOrMediumCategories() {
    var bait = ComplianceScan.of(ComplianceRules.scan("tag a friend who needs this"), List.of());
    assertThat(bait.flagged()).isFalse();
    assertThat(bait.categories()).extracting(Category::name).containsExactly("spam.engagement_bait");

    var claim = ComplianceScan.of(ComplianceRules.scan("tag a friend, this cures colds"), List.of());
    assertThat(claim.flagged()).isTrue();
  }

  @Test
  void shouldKnowEveryDocumentedCategory() {
    assertThat(ComplianceRules.categoryNames()).containsExactly("prohibited.weapons", "prohibited.drugs", "adult",
        "hate", "violence.self_harm", "regulated.health_claims", "regulated.financial_claims",
        "spam.engagement_bait", "misleading.giveaway", "personal_data.email", "personal_data.phone",
        "personal_data.credit_card");
  }
}
