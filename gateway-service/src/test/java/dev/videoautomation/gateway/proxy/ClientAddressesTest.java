package dev.videoautomation.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ClientAddressesTest {

  @Test
  void shouldUseThePeerWhenNoProxyIsTrusted() {
    var addresses = new ClientAddresses(Optional.empty());

    assertThat(addresses.resolve("203.0.113.9", List.of("198.51.100.1"))).isEqualTo("203.0.113.9");
  }

  @Test
  void shouldTakeTheRightmostUntrustedHopBehindATrustedProxy() {
    var addresses = new ClientAddresses(Optional.of(List.of("10.0.0.0/8", "::1")));

    assertThat(addresses.resolve("10.1.2.3", List.of("198.51.100.7, 192.0.2.1, 10.9.9.9")))
        .isEqualTo("192.0.2.1");
    assertThat(addresses.resolve("::1", List.of("2001:db8::5"))).isEqualTo("2001:db8::5");
  }

  @Test
  void shouldBelieveARelayedAddressOnlyFromLoopbackWithThisProcesssSecret() {
    var addresses = new ClientAddresses(Optional.empty());
    var secret = addresses.relaySecret();

    assertThat(addresses.relayed("127.0.0.1", secret, "198.51.100.7")).isEqualTo("198.51.100.7");
    assertThat(addresses.relayed("::1", secret, "2001:db8::5")).isEqualTo("2001:db8::5");
    assertThat(addresses.relayed("203.0.113.9", secret, "198.51.100.7")).isNull();
    assertThat(addresses.relayed("127.0.0.1", secret + "x", "198.51.100.7")).isNull();
    assertThat(addresses.relayed("127.0.0.1", null, "198.51.100.7")).isNull();
    assertThat(addresses.relayed("127.0.0.1", secret, "evil.example")).isNull();
    assertThat(new ClientAddresses(Optional.empty()).relaySecret()).isNotEqualTo(secret);
  }

  @Test
  void shouldKeepThePeerWhenTheForwardedHopIsNotAnAddress() {
    var addresses = new ClientAddresses(Optional.of(List.of("10.0.0.0/8")));

    assertThat(addresses.resolve("10.1.2.3", List.of("evil.example"))).isEqualTo("10.1.2.3");
    assertThat(addresses.resolve("10.1.2.3", List.of())).isEqualTo("10.1.2.3");
  }

  @Test
  void shouldMatchPrefixesBitByBit() {
    var addresses = new ClientAddresses(Optional.of(List.of("192.168.4.0/22")));

    assertThat(addresses.resolve("192.168.7.255", List.of("198.51.100.7"))).isEqualTo("198.51.100.7");
    assertThat(addresses.resolve("192.168.8.0", List.of("198.51.100.7"))).isEqualTo("192.168.8.0");
  }

  @Test
  void shouldRefuseAConfiguredBlockThatIsNotAnAddress() {
    assertThatThrownBy(() -> new ClientAddresses(Optional.of(List.of("proxy.internal/8"))))
        .hasMessageContaining("gateway.trusted-proxies");
  }
}
