package dev.videoautomation.platform.urls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.videoautomation.platform.errors.ApiException;

/**
 * {@link UrlGuard#checkHandedOn}: a URL only handed to a provider is checked without DNS. The guards here sit on a
 * resolver that fails the test if it is ever asked, so every answer below is reached without a lookup.
 */
class UrlGuardHandedOnTest {
  private static final HostResolver NEVER_ASKED = host -> {
    throw new AssertionError("looked up " + host);
  };

  private final UrlGuard strict = new UrlGuard(NEVER_ASKED, false);
  private final UrlGuard loopbackAllowed = new UrlGuard(NEVER_ASKED, true);

  static Stream<Arguments> refused() {
    return Stream.of(
        // scheme and user info
        Arguments.of("ftp://media.example.com/v.mp4", "scheme"),
        Arguments.of("file:///etc/passwd", "scheme"),
        Arguments.of("javascript:alert(1)", "scheme"),
        Arguments.of("www.tiktok.com/@a/video/1", "scheme"),
        Arguments.of("//www.tiktok.com/@a/video/1", "scheme"),
        Arguments.of("https://user:secret@www.tiktok.com/@a/video/1", "userinfo"),
        Arguments.of("https://user@93.184.215.14/", "userinfo"),
        Arguments.of("http://www.tiktok.com@127.0.0.1/", "userinfo"),
        // names that mean this machine or the metadata service
        Arguments.of("http://localhost/a.png", "loopback"),
        Arguments.of("http://LocalHost:8080/a.png", "loopback"),
        Arguments.of("http://api.localhost/a.png", "loopback"),
        Arguments.of("http://localhost./a.png", "loopback"),
        Arguments.of("http://metadata.google.internal/computeMetadata/v1/", "metadata"),
        // IPv4 literals
        Arguments.of("http://127.0.0.1/", "loopback"),
        Arguments.of("http://127.9.9.9:8080/", "loopback"),
        Arguments.of("http://10.0.0.5/p/1", "private_address"),
        Arguments.of("http://172.16.0.1/", "private_address"),
        Arguments.of("http://192.168.1.20/a.png", "private_address"),
        Arguments.of("http://169.254.10.10/", "link_local"),
        Arguments.of("http://169.254.169.254/latest/meta-data/", "metadata"),
        Arguments.of("http://100.100.100.200/", "metadata"),
        Arguments.of("http://100.64.0.1/", "cgnat"),
        Arguments.of("http://0.0.0.0/", "unspecified"),
        Arguments.of("http://224.0.0.1/", "multicast"),
        // IPv6 literals, and IPv4 carried in IPv6
        Arguments.of("http://[::1]/", "loopback"),
        Arguments.of("http://[fd00::5]/a.png", "private_address"),
        Arguments.of("http://[fc00::1]/", "private_address"),
        Arguments.of("http://[fe80::1]/", "link_local"),
        Arguments.of("http://[fd00:ec2::254]/latest/meta-data/", "metadata"),
        Arguments.of("http://[::]/", "unspecified"),
        Arguments.of("http://[::ffff:127.0.0.1]/", "loopback"),
        Arguments.of("http://[::ffff:7f00:1]/", "loopback"),
        Arguments.of("http://[::ffff:10.0.0.1]/", "private_address"),
        Arguments.of("http://[::ffff:a9fe:a9fe]/", "metadata"),
        Arguments.of("http://[::ffff:169.254.1.1]/", "link_local"),
        Arguments.of("http://[::10.0.0.1]/", "private_address"),
        Arguments.of("http://[64:ff9b::a9fe:a9fe]/", "metadata"),
        Arguments.of("http://[2002:c0a8:101::1]/", "private_address"),
        // numeric hosts that resolvers read in different ways
        Arguments.of("http://0x7f.1/", "ambiguous_host"),
        Arguments.of("http://2130706433/", "ambiguous_host"),
        Arguments.of("http://0177.0.0.1/", "ambiguous_host"),
        Arguments.of("http://127.1/", "ambiguous_host"),
        Arguments.of("http://0x7f000001/", "ambiguous_host"),
        Arguments.of("http://93.184.215.14./", "ambiguous_host"),
        // not a URL at all
        Arguments.of("", "malformed"),
        Arguments.of("http:///a.png", "malformed"),
        Arguments.of("http://media example.com/", "malformed"),
        Arguments.of("http://%31%32%37.0.0.1/", "malformed"),
        Arguments.of("http://[fe80::1%25eth0]/", "malformed"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("refused")
  void shouldRefuseWithoutALookup(String url, String reason) {
    var refusal = refusal(() -> strict.checkHandedOn(url, "imageInput"));

    assertThat(refusal.error().getError()).isEqualTo("url_not_allowed");
    assertThat(refusal.error().status()).isEqualTo(400);
    assertThat(refusal.error().extra()).containsEntry("reason", reason).containsEntry("field", "imageInput");
    assertThat(refusal.error().getMessage()).isNotBlank().doesNotContain("resolved").doesNotContain("fetched");
  }

  /** One list of refused ranges: every address literal the resolving check refuses is refused here for the same reason. */
  static Stream<Arguments> literalsTheResolvingCheckRefuses() {
    return UrlGuardTest.internalAddresses().filter(arguments -> !((String) arguments.get()[0]).contains(".test/"));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("literalsTheResolvingCheckRefuses")
  void shouldRefuseEveryLiteralTheResolvingCheckRefuses(String url, String reason) {
    var refusal = refusal(() -> strict.checkHandedOn(url, "url"));

    assertThat(refusal.error().extra()).containsEntry("reason", reason).containsEntry("field", "url");
  }

  @Test
  void shouldNameTheAddressAndSayWhy() {
    var refusal = refusal(() -> strict.checkHandedOn("http://[::ffff:169.254.169.254]/x", "referenceImageUrl"));

    assertThat(refusal.error().extra()).containsEntry("address", "169.254.169.254");
    assertThat(refusal.error().getMessage()).contains("169.254.169.254").contains("metadata")
        .endsWith("only public internet addresses are accepted.");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "https://www.example.com/@a/video/7430000000000000007",
      "https://www.tiktok.com/@some.creator/video/7430000000000000007?lang=en",
      "http://does-not-resolve.invalid/a.png",
      "https://files.internal.example.net/a.png",
      "https://cdn:8443/a.png",
      "HTTPS://Img.Example.COM./a.png",
      "https://93.184.215.14/p/1",
      "http://[2606:2800::1]:8080/a.png",
      "http://[::ffff:93.184.215.14]/a.png"})
  void shouldAcceptAHostNameItDoesNotResolveAndAPublicLiteral(String url) {
    assertThat(strict.checkHandedOn(url, "url")).hasToString(url);
  }

  @Test
  void shouldStripTheUrlAsTheResolvingCheckDoes() {
    assertThat(strict.checkHandedOn("  https://www.example.com/a  ", "url")).hasToString("https://www.example.com/a");
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://127.0.0.1:8089/files/a.png", "http://localhost:8089/a.png", "http://[::1]:9000/",
      "http://api.localhost/a.png"})
  void shouldLetLoopbackThroughOnlyWhereTestsAllowIt(String url) {
    assertThat(loopbackAllowed.checkHandedOn(url, "url")).hasToString(url);
    assertThat(refusal(() -> strict.checkHandedOn(url, "url")).error().extra()).containsEntry("reason", "loopback");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("dev.videoautomation.platform.urls.UrlGuardTest#stillRefusedWithLoopback")
  void shouldStillRefuseEverythingElseWhenLoopbackIsAllowed(String url, String reason) {
    if (url.contains(".test/")) {
      return; // names whose addresses only a lookup would tell
    }
    assertThat(refusal(() -> loopbackAllowed.checkHandedOn(url, "url")).error().extra())
        .containsEntry("reason", reason);
  }

  @Test
  void shouldStillResolveWhatTheSuiteFetches() {
    var noDns = new UrlGuard(TestResolver.noDns(), false);

    assertThat(noDns.checkHandedOn("https://www.example.com/a.png", "imageInput")).isNotNull();
    assertThat(refusal(() -> noDns.check("https://www.example.com/a.png", "webhookUrl")).error().extra())
        .containsEntry("reason", "unresolvable").containsEntry("field", "webhookUrl");
  }

  private static ApiException refusal(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    var refusal = catchThrowableOfType(ApiException.class, call);
    assertThat(refusal).as("refused").isNotNull();
    return refusal;
  }
}
