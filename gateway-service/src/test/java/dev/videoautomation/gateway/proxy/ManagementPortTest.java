package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import java.io.IOException;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The public port answers no health, metrics or other management path (those live on the management port), and
 * whatever paths an outside caller makes up, the gateway's request timers gain no {@code uri} value for them.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class ManagementPortTest {
  private static final Pattern URI_TAG = Pattern.compile(
      "^http_server_requests_seconds_count\\{[^}]*\\buri=\"([^\"]*)\"", Pattern.MULTILINE);
  private static final int ROUNDS = 25;

  @InjectWireMock
  WireMockServer owner;

  @TestHTTPResource(value = "metrics", management = true)
  URL managementMetrics;

  @TestHTTPResource(value = "health/ready", management = true)
  URL managementReady;

  @TestHTTPResource
  URL api;

  OwnerStubs.Holder caller;

  @BeforeEach
  void reset() {
    owner.resetAll();
    caller = new OwnerStubs(owner).subscribed();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/q/metrics", "/q/health", "/q/health/ready", "/q/health/live", "/q/health/started",
      "/q/swagger-ui", "/q/openapi", "/q/openapi.json", "/q/openapi.yaml", "/q/openapi.yml", "/q/dev-ui",
      "/q/info"})
  void shouldAnswerManagementPathsOnThePublicPortWithAJson404(String path) {
    given().when().get(path).then().statusCode(404)
        .header("Service-Version", "2026-11-21")
        .header("X-Request-Id", notNullValue())
        .contentType(containsString("application/json"))
        .body("error", equalTo("not_found"))
        .body(not(containsString("jvm_")))
        .body(not(containsString("\"UP\"")));
  }

  @Test
  void shouldServeHealthAndMetricsOnTheManagementPort() {
    given().when().get(managementReady).then().statusCode(200)
        .header("Service-Version", "2026-11-21")
        .body("status", equalTo("UP"));
    given().when().get(managementMetrics).then().statusCode(200)
        .body(containsString("service=\"gateway-service\""));
  }

  @Test
  void shouldNotAddAUriValueForMadeUpPaths() throws Exception {
    madeUpRequests("first");
    var before = uriValues();
    madeUpRequests("second");
    var after = uriValues();

    assertThat(after).as("uri values after a second round of made-up paths").isEqualTo(before)
        .noneMatch(value -> value.contains("made-up"))
        .contains("NOT_FOUND", "UNKNOWN", "/cors-preflight");

    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[]}")));
    given().header("X-Api-Key", caller.key()).when().get("/v1/videos").then().statusCode(200);
    assertThat(uriValues()).as("a real route keeps its own value").contains("/v1/videos");
  }

  /** Requests an outside caller can send for paths no route knows, each answered as the API answers them. */
  private void madeUpRequests(String round) throws Exception {
    for (int i = 0; i < ROUNDS; i++) {
      var token = "made-up-" + round + "-" + i + "-" + UUID.randomUUID();
      given().when().get("/v1/" + token).then().statusCode(404);
      given().when().delete("/" + token + "/deeper").then().statusCode(404);
      given().when().get("/q/" + token).then().statusCode(404);
      // Known prefixes whose routes take any sub-path: refused by method, by key, or by the owner.
      given().header("X-Api-Key", caller.key()).when().get("/v1/clones/" + token).then().statusCode(404);
      given().contentType("application/json").body("{}").when().post("/v1/clones/video/" + token)
          .then().statusCode(405);
      given().when().get("/v1/images/" + token).then().statusCode(401);
      given().contentType("application/json").body("{}").when().post("/v1/auth/agent/" + token)
          .then().statusCode(404);
      given().when().get("/.well-known/" + token).then().statusCode(404);
      // A preflight without Access-Control-Request-Headers: answered, but not one Quarkus recognises as such.
      given().header("Origin", "https://" + token + ".example").header("Access-Control-Request-Method", "POST")
          .when().options("/" + token).then().statusCode(204);
    }
    for (int i = 0; i < 3; i++) {
      brokenOff("/v1/auth/agent/made-up-" + round + "-broken-" + i + "-" + UUID.randomUUID());
    }
  }

  /** Sends a request whose body never comes and hangs up: the server sees the request reset. */
  private void brokenOff(String path) throws IOException, InterruptedException {
    try (var socket = new Socket(api.getHost(), api.getPort())) {
      var head = "POST " + path + " HTTP/1.1\r\nHost: " + api.getHost() + "\r\nContent-Type: application/json\r\n"
          + "Content-Length: 1000\r\n\r\n{";
      socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      Thread.sleep(200);
    }
  }

  private Set<String> uriValues() throws InterruptedException {
    // A broken-off request is measured when the server notices the hang-up, a moment after the socket closed.
    Thread.sleep(300);
    var values = new TreeSet<String>();
    var matcher = URI_TAG.matcher(given().when().get(managementMetrics).then().statusCode(200).extract().asString());
    while (matcher.find()) {
      values.add(matcher.group(1));
    }
    return values;
  }
}
