package dev.videoautomation.platform.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestIdsTest {
  private static final String GENERATED = "req_[0-9A-Za-z]{22}";

  @Test
  void shouldKeepASaneIdTheCallerSent() {
    assertThat(RequestIds.accept("trace-123")).isEqualTo("trace-123");
    assertThat(RequestIds.accept("a.b_c:d-E9")).isEqualTo("a.b_c:d-E9");
    assertThat(RequestIds.accept("x")).isEqualTo("x");
    assertThat(RequestIds.accept("4bf92f3577b34da6a3ce929d0e0e4736")).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    var longest = "a".repeat(128);
    assertThat(RequestIds.accept(longest)).isEqualTo(longest);
  }

  @Test
  void shouldReplaceAMissingOrBadIdWithAGeneratedOne() {
    for (var bad : new String[] {null, "", "bad id with spaces", "a".repeat(129), "x\r\nSet-Cookie: a=b",
        "id/with/slash", "<script>", "ünïcode", "quote\"d"}) {
      assertThat(RequestIds.accept(bad)).as("incoming '%s'", bad).matches(GENERATED);
    }
  }

  @Test
  void shouldGenerateADifferentIdEachTime() {
    assertThat(RequestIds.accept(null)).isNotEqualTo(RequestIds.accept(null));
  }

  @Test
  void shouldSayNoneOutsideARequest() {
    assertThat(RequestIds.current()).isEqualTo("none");
  }

  @Test
  void shouldNameTheDateVersionAndTheHeaders() {
    assertThat(ApiVersion.CURRENT).isEqualTo("2026-11-21");
    assertThat(ApiVersion.SERVICE_VERSION_HEADER).isEqualTo("Service-Version");
    assertThat(ApiVersion.REQUEST_ID_HEADER).isEqualTo("X-Request-Id");
  }
}
