package dev.videoautomation.platform.urls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.videoautomation.platform.errors.ApiException;

/** Decisions only: nothing here connects anywhere, and names go through {@link TestResolver}, never DNS. */
class UrlGuardTest {
  private static final TestResolver RESOLVER = new TestResolver()
      .map("media.example.test", "93.184.215.14")
      .map("v6.example.test", "2606:2800::1")
      .map("both.example.test", "93.184.215.14", "2606:2800::1")
      .map("internal.example.test", "10.1.2.3")
      .map("meta.example.test", "169.254.169.254")
      .map("mixed.example.test", "93.184.215.14", "192.168.0.10")
      .map("rebind.example.test", "93.184.215.14", "127.0.0.1")
      .map("ula.example.test", "fd00::5")
      .map("cgnat.example.test", "100.64.1.1")
      .map("linklocal6.example.test", "fe80::1")
      .map("mapped.example.test", TestResolver.ipv6("::ffff:127.0.0.1"))
      .map("mappedmeta.example.test", TestResolver.ipv6("::ffff:169.254.169.254"))
      .map("nat64.example.test", "64:ff9b::a00:1")
      .map("empty.example.test", new String[0])
      .map("localhost", "127.0.0.1", "::1")
      .map("loopmix.example.test", "127.0.0.1", "10.0.0.1");

  private final UrlGuard strict = new UrlGuard(RESOLVER, false);
  private final UrlGuard loopbackAllowed = new UrlGuard(RESOLVER, true);

  static Stream<Arguments> internalAddresses() {
    return Stream.of(
        // IPv4 literals
        Arguments.of("http://127.0.0.1/", "loopback"),
        Arguments.of("http://127.255.255.254:8080/x", "loopback"),
        Arguments.of("http://10.0.0.1/", "private_address"),
        Arguments.of("http://172.16.5.4/", "private_address"),
        Arguments.of("https://172.31.255.255/", "private_address"),
        Arguments.of("http://192.168.1.1/", "private_address"),
        Arguments.of("http://169.254.169.254/latest/meta-data/", "metadata"),
        Arguments.of("http://169.254.10.10/", "link_local"),
        Arguments.of("http://100.64.0.1/", "cgnat"),
        Arguments.of("http://100.127.255.254/", "cgnat"),
        Arguments.of("http://100.100.100.200/latest/meta-data/", "metadata"),
        Arguments.of("http://0.0.0.0/", "unspecified"),
        Arguments.of("http://0.1.2.3/", "unspecified"),
        Arguments.of("http://224.0.0.1/", "multicast"),
        Arguments.of("http://239.255.255.250/", "multicast"),
        Arguments.of("http://255.255.255.255/", "broadcast"),
        Arguments.of("http://240.0.0.1/", "reserved"),
        Arguments.of("http://198.18.0.1/", "benchmarking"),
        Arguments.of("http://198.19.255.1/", "benchmarking"),
        Arguments.of("http://192.0.0.8/", "reserved"),
        Arguments.of("http://192.0.2.1/", "documentation"),
        Arguments.of("http://198.51.100.7/", "documentation"),
        Arguments.of("http://203.0.113.9/", "documentation"),
        // IPv6 literals
        Arguments.of("http://[::1]/", "loopback"),
        Arguments.of("http://[0:0:0:0:0:0:0:1]:8080/", "loopback"),
        Arguments.of("http://[::]/", "unspecified"),
        Arguments.of("http://[fc00::1]/", "private_address"),
        Arguments.of("http://[fd12:3456::1]/", "private_address"),
        Arguments.of("http://[fe80::1]/", "link_local"),
        Arguments.of("http://[FD00:EC2::254]/latest/meta-data/", "metadata"),
        Arguments.of("http://[ff02::1]/", "multicast"),
        Arguments.of("http://[2001:db8::1]/", "documentation"),
        Arguments.of("http://[100::1]/", "reserved"),
        // IPv4 carried in IPv6: judged by the IPv4
        Arguments.of("http://[::ffff:127.0.0.1]/", "loopback"),
        Arguments.of("http://[::ffff:169.254.169.254]/", "metadata"),
        Arguments.of("http://[::ffff:a00:1]/", "private_address"),
        Arguments.of("http://[::10.0.0.1]/", "private_address"),
        Arguments.of("http://[::127.0.0.1]/", "loopback"),
        Arguments.of("http://[64:ff9b::a9fe:a9fe]/", "metadata"),
        Arguments.of("http://[64:ff9b::7f00:1]/", "loopback"),
        Arguments.of("http://[64:ff9b::192.168.0.1]/", "private_address"),
        Arguments.of("http://[2002:c0a8:101::1]/", "private_address"),
        Arguments.of("http://[2002:a9fe:a9fe::1]/", "metadata"),
        // Ambiguous numeric spellings
        Arguments.of("http://0x7f.0.0.1/", "ambiguous_host"),
        Arguments.of("http://0177.0.0.1/", "ambiguous_host"),
        Arguments.of("http://2130706433/", "ambiguous_host"),
        Arguments.of("http://127.1/", "ambiguous_host"),
        Arguments.of("http://0x7f000001/", "ambiguous_host"),
        Arguments.of("http://017700000001/", "ambiguous_host"),
        Arguments.of("http://127.0.0.01/", "ambiguous_host"),
        Arguments.of("http://10.0.0.1./", "ambiguous_host"),
        Arguments.of("http://256.1.1.1/", "ambiguous_host"),
        Arguments.of("http://media.0x7f/", "ambiguous_host"),
        // Names refused as such, and names resolving (test resolver) to internal addresses
        Arguments.of("http://localhost/", "loopback"),
        Arguments.of("http://LOCALHOST:8080/", "loopback"),
        Arguments.of("http://api.localhost/", "loopback"),
        Arguments.of("http://metadata.google.internal/computeMetadata/v1/", "metadata"),
        Arguments.of("http://internal.example.test/", "private_address"),
        Arguments.of("http://meta.example.test/", "metadata"),
        Arguments.of("http://mixed.example.test/", "private_address"),
        Arguments.of("http://rebind.example.test/", "loopback"),
        Arguments.of("http://ula.example.test/", "private_address"),
        Arguments.of("http://cgnat.example.test/", "cgnat"),
        Arguments.of("http://linklocal6.example.test/", "link_local"),
        Arguments.of("http://mapped.example.test/", "loopback"),
        Arguments.of("http://mappedmeta.example.test/", "metadata"),
        Arguments.of("http://nat64.example.test/", "private_address"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("internalAddresses")
  void shouldRefuseEveryInternalAddressForm(String url, String reason) {
    var refusal = refusal(() -> strict.check(url, "url"));

    assertThat(refusal.error().getError()).isEqualTo("url_not_allowed");
    assertThat(refusal.error().status()).isEqualTo(400);
    assertThat(refusal.error().extra()).containsEntry("reason", reason).containsEntry("field", "url");
    assertThat(refusal.error().getMessage()).isNotBlank();
  }

  @Test
  void shouldRefuseANameWithOnePublicAndOnePrivateAddressNamingBoth() {
    var refusal = refusal(() -> strict.check("https://mixed.example.test/video.mp4"));

    assertThat(refusal.error().extra()).containsEntry("reason", "private_address")
        .containsEntry("address", "192.168.0.10").doesNotContainKey("field");
    assertThat(refusal.error().getMessage()).contains("mixed.example.test").contains("192.168.0.10")
        .contains("private");
  }

  @Test
  void shouldNameMetadataAndTheEmbeddedAddressInTheMessage() {
    assertThat(refusal(() -> strict.check("http://169.254.169.254/")).error().getMessage())
        .contains("169.254.169.254").contains("metadata");
    assertThat(refusal(() -> strict.check("http://[64:ff9b::a9fe:a9fe]/")).error().getMessage())
        .contains("169.254.169.254").contains("NAT64").contains("metadata");
    assertThat(refusal(() -> strict.check("http://0x7f.0.0.1/")).error().getMessage())
        .contains("0x7f.0.0.1").contains("dotted quad");
  }

  static Stream<Arguments> otherRefusals() {
    return Stream.of(
        Arguments.of("file:///etc/passwd", "scheme"),
        Arguments.of("ftp://media.example.test/video.mp4", "scheme"),
        Arguments.of("gopher://media.example.test:70/_stats", "scheme"),
        Arguments.of("jar:http://media.example.test/a.jar!/x", "scheme"),
        Arguments.of("dict://media.example.test:11211/stat", "scheme"),
        Arguments.of("media.example.test/video.mp4", "scheme"),
        Arguments.of("//media.example.test/video.mp4", "scheme"),
        Arguments.of("mailto:someone@media.example.test", "scheme"),
        Arguments.of("http://user:pass@media.example.test/", "userinfo"),
        Arguments.of("http://user@93.184.215.14/", "userinfo"),
        Arguments.of("http://media.example.test@127.0.0.1/", "userinfo"),
        Arguments.of("http://nowhere.example.test/", "unresolvable"),
        Arguments.of("http://empty.example.test/", "unresolvable"),
        Arguments.of("", "malformed"),
        Arguments.of("http:///video.mp4", "malformed"),
        Arguments.of("http://media example.test/", "malformed"),
        Arguments.of("http://[::1/", "malformed"),
        Arguments.of("http://%31%32%37.0.0.1/", "malformed"),
        Arguments.of("http://[fe80::1%25eth0]/", "malformed"),
        Arguments.of("http://media.example.test:99999/", "malformed"),
        Arguments.of("http://media.example.test:0/", "malformed"),
        Arguments.of("http://xn--bcher-kva.example\u00e9/", "malformed"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("otherRefusals")
  void shouldRefuseOtherSchemesUserInfoAndBadUrls(String url, String reason) {
    var refusal = refusal(() -> strict.check(url, "sourceUrl"));

    assertThat(refusal.error().getError()).isEqualTo("url_not_allowed");
    assertThat(refusal.error().extra()).containsEntry("reason", reason).containsEntry("field", "sourceUrl");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "http://93.184.215.14/",
      "https://93.184.215.14:8443/video.mp4?x=1",
      "http://8.8.8.8/",
      "http://172.32.0.1/",
      "http://100.128.0.1/",
      "http://192.169.0.1/",
      "http://[2606:2800::1]/",
      "https://[2a00:1450:4001::200e]/",
      "http://[::ffff:93.184.215.14]/",
      "https://media.example.test/video.mp4",
      "HTTPS://Media.Example.Test./video.mp4",
      "https://v6.example.test/",
      "https://both.example.test/"})
  void shouldAcceptPublicAddressesAtDecisionLevel(String url) {
    var checked = strict.check(url);

    assertThat(checked.addresses()).isNotEmpty();
    assertThat(checked.uri().toString()).isEqualTo(url.strip());
  }

  @Test
  void shouldReturnEveryCheckedAddressHostAndPort() {
    var checked = strict.check("https://both.example.test/v.mp4");

    assertThat(checked.host()).isEqualTo("both.example.test");
    assertThat(checked.port()).isEqualTo(443);
    assertThat(checked.scheme()).isEqualTo("https");
    assertThat(checked.addresses()).extracting(InetAddress::getHostAddress)
        .containsExactly("93.184.215.14", "2606:2800:0:0:0:0:0:1");
    assertThat(strict.check("http://[2606:2800::1]:8080/").port()).isEqualTo(8080);
    assertThat(strict.check("http://[2606:2800::1]:8080/").host()).isEqualTo("2606:2800::1");
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:8080/", "http://127.0.0.2/", "http://[::1]:9000/", "http://localhost/"})
  void shouldLetOnlyLoopbackThroughWhenAllowed(String url) {
    assertThat(loopbackAllowed.check(url).addresses())
        .allSatisfy(address -> assertThat(address.isLoopbackAddress()).isTrue());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("stillRefusedWithLoopback")
  void shouldStillRefuseEverythingElseWhenLoopbackIsAllowed(String url, String reason) {
    assertThat(refusal(() -> loopbackAllowed.check(url)).error().extra()).containsEntry("reason", reason);
  }

  static Stream<Arguments> stillRefusedWithLoopback() {
    return Stream.of(
        Arguments.of("http://10.0.0.1/", "private_address"),
        Arguments.of("http://169.254.169.254/", "metadata"),
        Arguments.of("http://0.0.0.0/", "unspecified"),
        Arguments.of("http://[::]/", "unspecified"),
        Arguments.of("http://[fd00:ec2::254]/", "metadata"),
        Arguments.of("http://[64:ff9b::7f00:1]/", "loopback"),
        Arguments.of("http://[2002:7f00:1::]/", "loopback"),
        Arguments.of("http://mapped.example.test/", "loopback"),
        Arguments.of("http://loopmix.example.test/", "private_address"),
        Arguments.of("http://0x7f.0.0.1/", "ambiguous_host"),
        Arguments.of("http://metadata.google.internal/", "metadata"));
  }

  @Test
  void shouldJudgeAddressesDirectly() {
    assertThat(AddressRules.judge(TestResolver.ip("1.1.1.1"))).isNull();
    assertThat(AddressRules.judge(TestResolver.ipv6("::ffff:8.8.8.8"))).isNull();
    assertThat(AddressRules.judge(TestResolver.ipv6("::ffff:10.0.0.1")).reason())
        .isEqualTo(UrlRefusal.PRIVATE_ADDRESS);
    assertThat(AddressRules.judge(TestResolver.ipv6("::ffff:10.0.0.1")).embedded()).isTrue();
    assertThat(AddressRules.isPlainLoopback(TestResolver.ip("::1"))).isTrue();
    assertThat(AddressRules.isPlainLoopback(TestResolver.ipv6("::ffff:127.0.0.1"))).isFalse();
  }

  @Test
  void shouldBuildAStrictGuardOnTheSystemResolverWithoutLookingUpLiterals() {
    var guard = UrlGuard.strict();

    assertThat(guard.allowsLoopback()).isFalse();
    assertThat(refusal(() -> guard.check("http://127.0.0.1/")).error().extra()).containsEntry("reason", "loopback");
    assertThat(refusal(() -> guard.check("http://localhost/")).error().extra()).containsEntry("reason", "loopback");
  }

  private static ApiException refusal(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    var refusal = catchThrowableOfType(ApiException.class, call);
    assertThat(refusal).as("refused").isNotNull();
    return refusal;
  }

  @Test
  void shouldTakeOnlyHttpsReceiversUnlessLoopbackIsAllowed() {
    var refusal = refusal(() -> strict.checkReceiver("http://media.example.test/hook", "webhookUrl"));
    assertThat(refusal.error().getError()).isEqualTo("url_not_allowed");
    assertThat(refusal.error().extra()).containsEntry("reason", "scheme").containsEntry("field", "webhookUrl");
    assertThat(refusal.error().getMessage()).contains("https");
    assertThat(strict.checkReceiver("https://media.example.test/hook", "url").uri().toString())
        .isEqualTo("https://media.example.test/hook");
    // The address rules come first: a private receiver is refused for its address, whatever its scheme.
    assertThat(refusal(() -> strict.checkReceiver("https://internal.example.test/hook", "url")).error().extra())
        .containsEntry("reason", "private_address");
    assertThat(loopbackAllowed.checkReceiver("http://127.0.0.1:9/hook", "url").scheme()).isEqualTo("http");
    assertThat(refusal(() -> strict.checkReceiver("http://127.0.0.1:9/hook", "url")).error().extra())
        .containsEntry("reason", "loopback");
  }
}
