package dev.videoautomation.platform.token;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import org.junit.jupiter.api.Test;

class CallerTest {

  @Test
  void shouldActForTheClientItNames() {
    var caller = new Caller("cli_abc", Set.of("api.read", "api.write"), "pro", "key_1", "token", 1L);

    assertThat(caller.isService()).isFalse();
    assertThat(caller.clientId()).isEqualTo("cli_abc");
    assertThat(caller.hasScope("api.write")).isTrue();
    assertThat(caller.hasScope("api.admin")).isFalse();
  }

  @Test
  void shouldActForNoClientWhenAServiceCalls() {
    var caller = new Caller("service:billing-service", Set.of(), null, null, "token", 1L);

    assertThat(caller.isService()).isTrue();
    assertThat(caller.clientId()).isNull();
    assertThat(caller.hasScope("api.read")).isFalse();
  }

  @Test
  void shouldNotTakeASubjectThatOnlyContainsServiceForAService() {
    var caller = new Caller("cli_service:x", Set.of("api.read"), null, null, "token", 1L);

    assertThat(caller.isService()).isFalse();
    assertThat(caller.clientId()).isEqualTo("cli_service:x");
  }
}
