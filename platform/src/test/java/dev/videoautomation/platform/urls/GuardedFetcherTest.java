package dev.videoautomation.platform.urls;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import dev.videoautomation.platform.errors.ApiException;

/**
 * End to end against WireMock on 127.0.0.1, with a guard that allows loopback only. Every other address appears only
 * as a literal or through {@link TestResolver}, and is refused before any connection.
 */
class GuardedFetcherTest {
  private static WireMockServer server;
  private static String base;
  private static TestResolver resolver;
  private static GuardedFetcher fetcher;

  @BeforeAll
  static void start() {
    server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    server.start();
    base = "http://127.0.0.1:" + server.port();
    resolver = new TestResolver()
        .map("media.example.test", "127.0.0.1")
        .map("internal.example.test", "10.0.0.7");
    fetcher = new GuardedFetcher(new UrlGuard(resolver, true), 5, Duration.ofSeconds(2), Duration.ofSeconds(3),
        Duration.ofSeconds(10));
  }

  @AfterAll
  static void stop() {
    server.stop();
  }

  @BeforeEach
  void reset() {
    server.resetAll();
  }

  @Test
  void shouldStreamA200BodyThrough() throws IOException {
    var bytes = randomBytes(64 * 1024);
    server.stubFor(get("/video.mp4").willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "video/mp4").withHeader("X-Extra", "yes").withBody(bytes)));

    try (var fetched = fetcher.open(base + "/video.mp4", FetchLimits.of(1_000_000, "video/*"))) {
      assertThat(fetched.status()).isEqualTo(200);
      assertThat(fetched.contentType()).isEqualTo("video/mp4");
      assertThat(fetched.mediaType()).isEqualTo("video/mp4");
      assertThat(fetched.header("x-EXTRA")).isEqualTo("yes");
      assertThat(fetched.finalUri().toString()).isEqualTo(base + "/video.mp4");
      assertThat(fetched.readAllBytes()).isEqualTo(bytes);
    }
  }

  @Test
  void shouldAcceptABodyOfExactlyTheLimit() throws IOException {
    server.stubFor(get("/exact").willReturn(aResponse().withHeader("Content-Type", "image/jpeg")
        .withBody(randomBytes(1000))));

    try (var fetched = fetcher.open(base + "/exact", FetchLimits.of(1000, "image/jpeg"))) {
      assertThat(fetched.readAllBytes()).hasSize(1000);
    }
  }

  @Test
  void shouldFollowATwoHopRedirectChainWithRelativeAndAbsoluteLocations() throws IOException {
    server.stubFor(get("/start").willReturn(aResponse().withStatus(302).withHeader("Location", "next?x=1")));
    server.stubFor(get("/next?x=1").willReturn(aResponse().withStatus(301)
        .withHeader("Location", base + "/final.jpg")));
    server.stubFor(get("/final.jpg").willReturn(aResponse().withHeader("Content-Type", "image/jpeg; q=1")
        .withBody("jpeg")));

    try (var fetched = fetcher.open(base + "/start", FetchLimits.of(100, "image/jpeg"))) {
      assertThat(fetched.finalUri().toString()).isEqualTo(base + "/final.jpg");
      assertThat(new String(fetched.readAllBytes())).isEqualTo("jpeg");
    }
  }

  @Test
  void shouldFollowExactlyFiveRedirects() throws IOException {
    chain(5);

    try (var fetched = fetcher.open(base + "/r0", FetchLimits.of(100))) {
      assertThat(fetched.finalUri().toString()).isEqualTo(base + "/r5");
    }
  }

  @Test
  void shouldRefuseASixHopChainAsTooManyRedirects() {
    chain(6);

    var refusal = refusal(() -> fetcher.open(base + "/r0", FetchLimits.of(100).withField("url")));

    assertThat(refusal.error().getError()).isEqualTo("url_not_allowed");
    assertThat(refusal.error().extra()).containsEntry("reason", "too_many_redirects").containsEntry("field", "url");
    server.verify(0, getRequestedFor(urlEqualTo("/r6")));
  }

  @Test
  void shouldRefuseARedirectToTheMetadataEndpointBeforeConnecting() {
    server.stubFor(get("/meta").willReturn(aResponse().withStatus(302)
        .withHeader("Location", "http://169.254.169.254/latest/meta-data/")));

    var refusal = refusal(() -> fetcher.open(base + "/meta", FetchLimits.of(100)));

    assertThat(refusal.error().getError()).isEqualTo("url_not_allowed");
    assertThat(refusal.error().extra()).containsEntry("reason", "metadata");
    assertThat(refusal.error().getMessage()).contains("169.254.169.254");
  }

  @Test
  void shouldRefuseARedirectToAPrivateAddressOrAPrivateName() {
    server.stubFor(get("/private").willReturn(aResponse().withStatus(307).withHeader("Location", "http://10.0.0.1/")));
    server.stubFor(get("/name").willReturn(aResponse().withStatus(308)
        .withHeader("Location", "http://internal.example.test/x")));

    assertThat(refusal(() -> fetcher.open(base + "/private", FetchLimits.of(100))).error().extra())
        .containsEntry("reason", "private_address");
    assertThat(refusal(() -> fetcher.open(base + "/name", FetchLimits.of(100))).error().extra())
        .containsEntry("reason", "private_address").containsEntry("address", "10.0.0.7");
  }

  @Test
  void shouldRefuseInternalLiteralsBeforeAnyConnection() {
    assertThat(refusal(() -> fetcher.open("http://10.0.0.1/", FetchLimits.of(100))).error().extra())
        .containsEntry("reason", "private_address");
    assertThat(refusal(() -> fetcher.open("http://[fe80::1]/", FetchLimits.of(100))).error().extra())
        .containsEntry("reason", "link_local");
    assertThat(refusal(() -> fetcher.open("file:///etc/passwd", FetchLimits.of(100))).error().extra())
        .containsEntry("reason", "scheme");
  }

  @Test
  void shouldRefuseABodyLongerThanTheLimitWhileStreaming() throws IOException {
    server.stubFor(get("/big").willReturn(aResponse().withHeader("Content-Type", "video/mp4")
        .withBody(randomBytes(50_000)).withChunkedDribbleDelay(5, 50)));

    try (var fetched = fetcher.open(base + "/big", FetchLimits.of(10_000, "video/*"))) {
      assertThat(fetched.contentLength()).isNull();
      var refusal = refusal(() -> fetched.body().readAllBytes());

      assertThat(refusal.error().getError()).isEqualTo("payload_too_large");
      assertThat(refusal.error().status()).isEqualTo(413);
      assertThat(refusal.error().extra()).containsEntry("limit", 10_000L);
    }
  }

  @Test
  void shouldRefuseAnAnnouncedContentLengthOverTheLimitBeforeReading() {
    server.stubFor(get("/announced").willReturn(aResponse().withHeader("Content-Type", "video/mp4")
        .withHeader("Content-Length", "50000").withBody(randomBytes(50_000))));

    var refusal = refusal(() -> fetcher.open(base + "/announced", FetchLimits.of(10_000, "video/*")));

    assertThat(refusal.error().getError()).isEqualTo("payload_too_large");
    assertThat(refusal.error().extra()).containsEntry("limit", 10_000L);
    assertThat(refusal.error().getMessage()).contains("50000");
  }

  @Test
  void shouldRefuseAContentTypeThatIsNotAllowed() {
    server.stubFor(get("/page").willReturn(aResponse().withHeader("Content-Type", "text/html; charset=utf-8")
        .withBody("<html></html>")));
    server.stubFor(get("/untyped").willReturn(aResponse().withBody("??")));

    var refusal = refusal(() -> fetcher.open(base + "/page", FetchLimits.of(100, "video/*", "image/jpeg")));

    assertThat(refusal.error().getError()).isEqualTo("unsupported_media_type");
    assertThat(refusal.error().status()).isEqualTo(415);
    assertThat(refusal.error().extra()).containsEntry("contentType", "text/html; charset=utf-8");
    assertThat(refusal(() -> fetcher.open(base + "/untyped", FetchLimits.of(100, "video/*"))).error().getError())
        .isEqualTo("unsupported_media_type");
  }

  @Test
  void shouldTimeOutASlowResponseAtTheDeadline() {
    server.stubFor(get("/slow").willReturn(aResponse().withFixedDelay(1500).withBody("late")));
    var hurried = new GuardedFetcher(fetcher.guard(), 5, Duration.ofSeconds(1), Duration.ofSeconds(5),
        Duration.ofMillis(500));

    long started = System.nanoTime();
    var refusal = refusal(() -> hurried.open(base + "/slow", FetchLimits.of(100)));

    assertThat(refusal.error().getError()).isEqualTo("upstream_timeout");
    assertThat(refusal.error().status()).isEqualTo(504);
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1400));
  }

  @Test
  void shouldTimeOutABodyThatTricklesPastTheDeadline() {
    server.stubFor(get("/trickle").willReturn(aResponse().withBody(randomBytes(1000))
        .withChunkedDribbleDelay(10, 1500)));
    var hurried = new GuardedFetcher(fetcher.guard(), 5, Duration.ofSeconds(1), Duration.ofSeconds(5),
        Duration.ofMillis(500));

    long started = System.nanoTime();
    var refusal = refusal(() -> {
      try (var fetched = hurried.open(base + "/trickle", FetchLimits.of(10_000))) {
        fetched.readAllBytes();
      }
    });

    assertThat(refusal.error().getError()).isEqualTo("upstream_timeout");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(1400));
  }

  @Test
  void shouldAnswerAnUpstream404As502WithTheUpstreamStatus() {
    server.stubFor(get("/gone").willReturn(aResponse().withStatus(404)));

    var refusal = refusal(() -> fetcher.open(base + "/gone", FetchLimits.of(100)));

    assertThat(refusal.error().getError()).isEqualTo("upstream_error");
    assertThat(refusal.error().status()).isEqualTo(502);
    assertThat(refusal.error().extra()).containsEntry("upstreamStatus", 404);
  }

  @Test
  void shouldAnswerAConnectionFailureAs502() throws IOException {
    int closedPort;
    try (var socket = new ServerSocket(0, 1, TestResolver.ip("127.0.0.1"))) {
      closedPort = socket.getLocalPort();
    }

    var refusal = refusal(() -> fetcher.open("http://127.0.0.1:" + closedPort + "/", FetchLimits.of(100)));

    assertThat(refusal.error().getError()).isEqualTo("upstream_error");
  }

  @Test
  void shouldConnectToTheCheckedAddressAndKeepTheHostName() throws IOException {
    server.stubFor(get("/pinned").willReturn(aResponse().withHeader("Content-Type", "video/webm").withBody("ok")));

    var url = "http://media.example.test:" + server.port() + "/pinned";
    try (var fetched = fetcher.open(url, FetchLimits.of(100, "video/*"))) {
      assertThat(new String(fetched.readAllBytes())).isEqualTo("ok");
      assertThat(fetched.finalUri().getHost()).isEqualTo("media.example.test");
    }
    server.verify(getRequestedFor(urlEqualTo("/pinned"))
        .withHeader("Host", equalTo("media.example.test:" + server.port())));
  }

  @Test
  void shouldSendCallerHeadersOnlyWhileTheOriginStaysTheSame() throws IOException {
    server.stubFor(get("/auth").willReturn(aResponse().withStatus(302).withHeader("Location", "/auth2")));
    server.stubFor(get("/auth2").willReturn(aResponse().withStatus(302)
        .withHeader("Location", "http://media.example.test:" + server.port() + "/elsewhere")));
    server.stubFor(get("/elsewhere").willReturn(aResponse().withBody("x")));

    try (var fetched = fetcher.open(base + "/auth", FetchLimits.of(100).withHeader("Authorization", "Bearer t"))) {
      assertThat(fetched.readAllBytes()).hasSize(1);
    }
    server.verify(getRequestedFor(urlEqualTo("/auth")).withHeader("Authorization", equalTo("Bearer t")));
    server.verify(getRequestedFor(urlEqualTo("/auth2")).withHeader("Authorization", equalTo("Bearer t")));
    server.verify(getRequestedFor(urlEqualTo("/elsewhere")).withHeader("Authorization", absent()));
  }

  @Test
  void shouldLetTheCallerCloseEarlyWithoutReadingTheRest() throws IOException {
    server.stubFor(get("/early").willReturn(aResponse().withBody(randomBytes(200_000))
        .withChunkedDribbleDelay(20, 4000)));

    long started = System.nanoTime();
    try (var fetched = fetcher.open(base + "/early", FetchLimits.of(1_000_000))) {
      assertThat(fetched.body().read()).isNotNegative();
    }
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(2500));
  }

  private static void chain(int redirects) {
    for (int i = 0; i < redirects; i++) {
      server.stubFor(get("/r" + i).willReturn(aResponse().withStatus(302).withHeader("Location", "/r" + (i + 1))));
    }
    server.stubFor(get("/r" + redirects).willReturn(aResponse().withBody("end")));
  }

  private static byte[] randomBytes(int size) {
    var bytes = new byte[size];
    new Random(size).nextBytes(bytes);
    return bytes;
  }

  private static ApiException refusal(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    var refusal = catchThrowableOfType(ApiException.class, call);
    assertThat(refusal).as("refused with an ApiException").isNotNull();
    return refusal;
  }
}
