package dev.videoautomation.platform.spending;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which requests charge (by the spending table) and what a {@code Max-Credits} value may be. */
class CreditHeadersTest {

  @Test
  void shouldTakeOnlyPlainDigitsWithinAnIntAsACap() {
    assertThat(CreditHeaders.parse("0")).contains(0);
    assertThat(CreditHeaders.parse("10")).contains(10);
    assertThat(CreditHeaders.parse("007")).contains(7);
    assertThat(CreditHeaders.parse("2147483647")).contains(Integer.MAX_VALUE);
    for (var bad : new String[] {"", " 10", "10 ", "-1", "+1", "1.0", "1e3", "ten", "2147483648", "99999999999",
        "0x10", "１０"}) {
      assertThat(CreditHeaders.parse(bad)).as(bad).isEmpty();
    }
    assertThat(CreditHeaders.parse(null)).isEmpty();
  }

  @Test
  void shouldFindTheChargingRowOfARequestByMethodAndPath() {
    assertThat(SpendingOperation.charging("POST", "/v1/images/generate")).contains(SpendingOperation.GENERATE_IMAGE);
    assertThat(SpendingOperation.charging("POST", "/v1/clones/video")).contains(SpendingOperation.CREATE_CLONE_VIDEO);
    assertThat(SpendingOperation.charging("POST", "/v1/accounts")).contains(SpendingOperation.CREATE_ACCOUNT);
    assertThat(SpendingOperation.charging("POST", "/v1/music")).contains(SpendingOperation.GENERATE_MUSIC);
    assertThat(SpendingOperation.charging("GET", "/v1/accounts")).isEmpty();
    assertThat(SpendingOperation.charging("POST", "/v1/accounts/acc_1")).isEmpty();
    // metered but free: no credits, so no cap to check
    assertThat(SpendingOperation.charging("POST", "/v1/posts")).isEmpty();
    assertThat(SpendingOperation.charging("POST", "/v1/videos/download/shortvideo")).isEmpty();
  }
}
