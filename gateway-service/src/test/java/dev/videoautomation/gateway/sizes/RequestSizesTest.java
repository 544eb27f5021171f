package dev.videoautomation.gateway.sizes;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The largest request the gateway takes, answered by the gateway itself with the suite's error body: bodies by
 * Content-Length and while streaming, request targets and header blocks. Records points at a closed port, so an
 * answer on its paths can only be the gateway's.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class RequestSizesTest {
  static final int MAX_BODY = 1_048_576;
  static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  @InjectWireMock
  WireMockServer owner;

  @TestHTTPResource("/")
  URI gateway;

  OwnerStubs.Holder caller;

  @BeforeEach
  void reset() {
    owner.resetAll();
    caller = new OwnerStubs(owner).subscribed(Map.of(LimitBucket.WATCH, 5));
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
  }

  @Test
  void shouldRefuseADeclaredBodyPastTheLimitTheSameWayEveryTime() {
    var body = json(10_000_000);
    for (int i = 0; i < 3; i++) {
      given().auth().oauth2(caller.key()).contentType("application/json").body(body).when().post("/v1/references")
          .then().statusCode(413)
          .header("Service-Version", "2026-11-21")
          .header("X-Request-Id", notNullValue())
          .contentType(containsString("application/json"))
          .body("error", equalTo("payload_too_large"))
          .body("limit", equalTo(MAX_BODY))
          .body("message", containsString(String.valueOf(MAX_BODY)));
    }
  }

  @Test
  void shouldRefuseAnOversizedBodyOnTheAuthFamilyAsProblemDetails() {
    given().contentType("application/json").body(json(2 * MAX_BODY)).when().post("/v1/auth/agent")
        .then().statusCode(413)
        .header("Service-Version", "2026-11-21")
        .contentType(containsString("application/problem+json"))
        .body("status", equalTo(413))
        .body("error", equalTo("payload_too_large"))
        .body("limit", equalTo(MAX_BODY));
    owner.verify(0, postRequestedFor(urlEqualTo("/v1/auth/agent")));
  }

  @Test
  void shouldStopAStreamedBodyAtTheLimitAndGiveTheUnitBack() throws Exception {
    var response = HTTP.send(streamed("/v1/watch", json(3 * MAX_BODY)), HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(413);
    assertThat(response.headers().firstValue("Service-Version")).contains("2026-11-21");
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("application/json"));
    assertThat(response.body()).contains("\"error\":\"payload_too_large\"", "\"limit\":" + MAX_BODY);
    assertThat(owner.getAllServeEvents()).noneMatch(e -> e.getRequest().getUrl().equals("/v1/watch"));
    awaitWatchRemaining(5);
  }

  @Test
  void shouldStreamABodyWithinTheLimitWhole() throws Exception {
    var body = json(MAX_BODY - 100);

    var response = HTTP.send(streamed("/v1/watch", body), HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    var forwarded = owner.getAllServeEvents().stream().filter(e -> e.getRequest().getUrl().equals("/v1/watch"))
        .findFirst().orElseThrow();
    assertThat(forwarded.getRequest().getBodyAsString()).isEqualTo(body);
  }

  @Test
  void shouldTakeUploadsPastTheDocumentLimit() {
    owner.stubFor(post(urlEqualTo("/v1/upload")).willReturn(aResponse().withStatus(200).withBody("{\"id\":\"m\"}")));
    var file = new byte[3 * MAX_BODY];
    Arrays.fill(file, (byte) 7);

    given().auth().oauth2(caller.key()).contentType("application/octet-stream").body(file).when().post("/v1/upload")
        .then().statusCode(200);
    given().auth().oauth2(caller.key()).contentType("application/json").body(new String(file)).when()
        .post("/v1/watch").then().statusCode(413).body("limit", equalTo(MAX_BODY));
  }

  @Test
  void shouldRefuseAnUploadDeclaredPastTheUploadLimitBeforeReadingIt() throws Exception {
    var answer = RawHttp.exchange(gateway, "POST /v1/upload HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
        + caller.key() + "\r\nContent-Type: video/mp4\r\nContent-Length: 3000000000\r\n\r\n");

    assertThat(answer).startsWith("HTTP/1.1 413").contains("Service-Version: 2026-11-21")
        .contains("\"error\":\"payload_too_large\"", "\"limit\":2147483648");
    assertThat(owner.getAllServeEvents()).noneMatch(e -> e.getRequest().getUrl().equals("/v1/upload"));
  }

  @Test
  void shouldAnswerAnOverlongQueryWithJson414() {
    given().auth().oauth2(caller.key()).when().get("/v1/references?cursor=" + "c".repeat(5_000))
        .then().statusCode(414)
        .header("Service-Version", "2026-11-21")
        .header("X-Request-Id", notNullValue())
        .contentType(containsString("application/json"))
        .body("error", equalTo("uri_too_long"))
        .body("limit", equalTo(4_000));
  }

  @Test
  void shouldAnswerAnOversizedHeaderBlockWithJson431() {
    given().auth().oauth2(caller.key()).header("X-Padding", "p".repeat(70_000)).when().get("/v1/usage")
        .then().statusCode(431)
        .header("Service-Version", "2026-11-21")
        .header("X-Request-Id", notNullValue())
        .body("error", equalTo("headers_too_large"))
        .body("limit", equalTo(16_384));
  }

  @Test
  void shouldForwardATargetAndHeadersJustWithinTheLimits() {
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[]}")));
    var query = "/v1/videos?cursor=" + "c".repeat(4_000 - "/v1/videos?cursor=".length());

    given().auth().oauth2(caller.key()).header("X-Padding", "p".repeat(15_000)).when().get(query)
        .then().statusCode(200).body("data.size()", equalTo(0));
  }

  private HttpRequest streamed(String path, String body) {
    return HttpRequest.newBuilder(gateway.resolve(path)).header("Authorization", "Bearer " + caller.key())
        .header("Content-Type", "application/json").timeout(Duration.ofSeconds(20))
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body.getBytes()))).build();
  }

  private void awaitWatchRemaining(int expected) throws InterruptedException {
    var deadline = System.nanoTime() + 2_000_000_000L;
    int remaining;
    do {
      Thread.sleep(20);
      remaining = given().auth().oauth2(caller.key()).when().get("/v1/usage").then().extract()
          .path("usage.watch.remaining");
    } while (remaining != expected && System.nanoTime() < deadline);
    assertThat(remaining).isEqualTo(expected);
  }

  static String json(int bytes) {
    return "{\"text\":\"" + "x".repeat(bytes - 11) + "\"}";
  }
}
