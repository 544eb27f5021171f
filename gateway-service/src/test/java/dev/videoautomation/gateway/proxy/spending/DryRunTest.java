package dev.videoautomation.gateway.proxy.spending;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

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
 * Dry runs through the gateway (issue 32, docs/gateway-service.md "Dry runs"): admitted as the real call, no unit
 * taken, no Idempotency-Key claimed, the owner's answer completed with units, what is left and the balance, a used-up
 * count as {@code wouldRun: false}, an upload judged on its head alone; and a malformed Max-Credits refused before a
 * unit is taken.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class DryRunTest {
  private static final String OWNERS_DRY_RUN = "{\"dryRun\":true,\"wouldRun\":true,\"cost\":{\"credits\":0},"
      + "\"refusal\":null}";

  @InjectWireMock
  WireMockServer owner;

  @TestHTTPResource("/")
  URI gateway;

  OwnerStubs stubs;

  @BeforeEach
  void reset() {
    owner.resetAll();
    stubs = new OwnerStubs(owner);
    owner.stubFor(post(urlPathEqualTo("/v1/watch")).withQueryParam("dryRun", absent())
        .willReturn(json(200, "{\"summary\":\"ok\"}")));
    owner.stubFor(post(urlPathEqualTo("/v1/watch")).withQueryParam("dryRun", WireMock.equalTo("true"))
        .willReturn(json(200, OWNERS_DRY_RUN)));
  }

  @Test
  void shouldTakeNoUnitAndCompleteTheOwnersAnswerWithUnitsWhatIsLeftAndTheBalance() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 3));
    balance(holder.clientId(), 496);
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    for (int i = 0; i < 2; i++) {
      given().auth().oauth2(holder.key()).contentType("application/json").body("{\"url\":\"x\"}")
          .when().post("/v1/watch?dryRun=true")
          .then().statusCode(200)
          .header("Service-Version", "2026-11-21")
          .header("RateLimit-Remaining", nullValue())
          .body("dryRun", equalTo(true))
          .body("wouldRun", equalTo(true))
          .body("cost.credits", equalTo(0))
          .body("cost.units", equalTo(Map.of("watch", 1)))
          .body("balance.credits", equalTo(496))
          .body("remaining", equalTo(Map.of("watch", 2)))
          .body("$", hasKey("refusal"))
          .body("refusal", nullValue());
    }

    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().statusCode(200)
        .body("usage.watch.remaining", equalTo(2));
    // The owner judged the same body, told it is a dry run; the gateway's own key and the agent's never reach it.
    owner.verify(2, postRequestedFor(urlEqualTo("/v1/watch?dryRun=true"))
        .withRequestBody(WireMock.equalTo("{\"url\":\"x\"}"))
        .withHeader("Authorization", WireMock.matching("Bearer (?!svc_).+")));
  }

  @Test
  void shouldNeitherClaimNorReplayAnIdempotencyKey() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 5));
    balance(holder.clientId(), 10);
    var key = "dry-then-real-" + holder.keyId();

    given().auth().oauth2(holder.key()).header("Idempotency-Key", key).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200).body("dryRun", equalTo(true)).header("Idempotent-Replayed", nullValue());
    owner.verify(postRequestedFor(urlEqualTo("/v1/watch?dryRun=true")).withHeader("Idempotency-Key", absent()));

    // The real call with the same key and body runs: the dry run claimed nothing it could be replayed from.
    given().auth().oauth2(holder.key()).header("Idempotency-Key", key).contentType("application/json").body("{}")
        .when().post("/v1/watch")
        .then().statusCode(200).body("summary", equalTo("ok")).header("Idempotent-Replayed", nullValue());
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch")));

    // A dry run after it is not answered from the real call's record either.
    given().auth().oauth2(holder.key()).header("Idempotency-Key", key).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200).body("dryRun", equalTo(true)).body("remaining.watch", equalTo(4))
        .header("Idempotent-Replayed", nullValue());
    owner.verify(2, postRequestedFor(urlEqualTo("/v1/watch?dryRun=true")));
  }

  @Test
  void shouldAnswerWouldRunFalseWithTheRateLimitedRefusalWhenTheCountIsUsedUp() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 1));
    balance(holder.clientId(), 7);
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200)
        .header("Retry-After", nullValue())
        .body("dryRun", equalTo(true))
        .body("wouldRun", equalTo(false))
        .body("remaining", equalTo(Map.of("watch", 0)))
        .body("cost.units.watch", equalTo(1))
        .body("balance.credits", equalTo(7))
        .body("refusal.error", equalTo("rate_limited"))
        .body("refusal.limit", equalTo(1))
        .body("refusal.bucket", equalTo("watch"))
        .body("refusal.retryAfter", greaterThan(0))
        .body("refusal.message", containsString("daily limit of 1 calls in the 'watch' bucket"));
    // The owner still judged the input (a dry run validates first), and the real call is refused as promised.
    owner.verify(1, postRequestedFor(urlEqualTo("/v1/watch?dryRun=true")));
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(429);
  }

  @Test
  void shouldJudgeASubKeysOwnCapAndShowTheLowerOfWhatIsLeft() {
    var parent = stubs.subscribed(Map.of(LimitBucket.WATCH, 10));
    var subKey = stubs.subKey(parent, "active", null, Map.of("watch", 2), null);
    balance(parent.clientId(), 3);
    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);
    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200).body("wouldRun", equalTo(true)).body("remaining.watch", equalTo(1));
    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);

    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200)
        .body("wouldRun", equalTo(false))
        .body("remaining.watch", equalTo(0))
        .body("refusal.error", equalTo("rate_limited"))
        .body("refusal.limit", equalTo(2))
        .body("refusal.subKey", equalTo(true));
    given().auth().oauth2(parent.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200).body("wouldRun", equalTo(true)).body("remaining.watch", equalTo(8));
  }

  @Test
  void shouldKeepTheOwnersBalanceAndCreditRefusalOfACharge() {
    var holder = stubs.subscribed(Map.of(LimitBucket.IMAGES_GENERATE, 5));
    owner.stubFor(post(urlPathEqualTo("/v1/images/generate")).withQueryParam("dryRun", WireMock.equalTo("true"))
        .willReturn(json(200, "{\"dryRun\":true,\"wouldRun\":false,\"cost\":{\"credits\":10},"
            + "\"balance\":{\"credits\":4},\"refusal\":{\"error\":\"budget_exceeded\",\"message\":\"over\","
            + "\"cost\":10,\"max\":5}}")));

    given().auth().oauth2(holder.key()).header("Max-Credits", "5").contentType("application/json")
        .body("{\"prompt\":\"a cat\",\"resolution\":\"4K\"}")
        .when().post("/v1/images/generate?dryRun=true")
        .then().statusCode(200)
        .body("wouldRun", equalTo(false))
        .body("cost", equalTo(Map.of("credits", 10, "units", Map.of("images.generate", 1))))
        .body("balance.credits", equalTo(4))
        .body("remaining", equalTo(Map.of("images.generate", 5)))
        .body("refusal.error", equalTo("budget_exceeded"))
        .body("refusal.max", equalTo(5));
    owner.verify(postRequestedFor(urlEqualTo("/v1/images/generate?dryRun=true")).withHeader("Max-Credits",
        WireMock.equalTo("5")));
    owner.verify(0, getRequestedFor(urlPathEqualTo("/internal/credits/balance/" + holder.clientId())));
  }

  @Test
  void shouldPassTheOwnersOtherAnswersThroughUnchanged() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 2));
    owner.stubFor(post(urlPathEqualTo("/v1/watch")).withQueryParam("dryRun", WireMock.equalTo("true"))
        .willReturn(json(422, "{\"error\":\"unprocessable\",\"message\":\"no video\",\"field\":\"url\"}")));

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(422)
        .body("error", equalTo("unprocessable"))
        .body("field", equalTo("url"))
        .body("$", not(hasKey("remaining")));
    // An owner that answered a 200 that is no dry run (one that does not know them yet): relayed as it came, and
    // still no unit taken, since the gateway took none to give back.
    owner.stubFor(post(urlPathEqualTo("/v1/watch")).withQueryParam("dryRun", WireMock.equalTo("true"))
        .willReturn(json(200, "{\"summary\":\"ok\"}")));
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200)
        .body("summary", equalTo("ok"))
        .body("$", not(hasKey("dryRun")));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().body("usage.watch.remaining", equalTo(2));
  }

  @Test
  void shouldLeaveTheBalanceOutWhenBillingDoesNotGiveIt() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 2));
    owner.stubFor(get(urlEqualTo("/internal/credits/balance/" + holder.clientId()))
        .willReturn(json(503, "{\"error\":\"service_unavailable\",\"message\":\"down\"}")));

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(200)
        .body("wouldRun", equalTo(true))
        .body("$", not(hasKey("balance")))
        .body("remaining.watch", equalTo(2));
  }

  @Test
  void shouldAdmitADryRunAsTheRealCall() {
    var parent = stubs.subscribed();
    var subKey = stubs.subKey(parent, "active", List.of("scrape"), Map.of(), null);
    given().contentType("application/json").body("{}").when().post("/v1/watch?dryRun=true")
        .then().statusCode(401).body("error", equalTo("unauthorized"));
    given().auth().oauth2(subKey.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(403).body("error", equalTo("insufficient_scope")).body("bucket", equalTo("watch"));
    var unsubscribed = stubs.unsubscribed();
    given().auth().oauth2(unsubscribed.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=true")
        .then().statusCode(403).body("error", equalTo("subscription_required"));
    owner.verify(0, postRequestedFor(urlPathEqualTo("/v1/watch")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"/v1/watch?dryRun=maybe", "/v1/watch?dryRun=TRUE", "/v1/watch?dryRun=",
      "/v1/watch?dryRun", "/v1/watch?dryRun=true&dryRun=true", "/v1/watch?dryRun=false&dryRun=true",
      "/v1/webhooks?dryRun=true", "/v1/check/rules?dryRun=true", "/v1/pricing?dryRun=true",
      "/v1/watch?dry%52un=yes"})
  void shouldRefuseADryRunValueOrOperationItCannotTake(String target) {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 2));
    var method = target.startsWith("/v1/check/rules") || target.startsWith("/v1/pricing") ? "GET" : "POST";
    var request = given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .urlEncodingEnabled(false);
    var answer = method.equals("GET") ? request.when().get(target) : request.when().post(target);
    answer.then().statusCode(400)
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("dryRun"));
    assertThat(owner.getAllServeEvents()).noneMatch(event -> !event.getRequest().getUrl().startsWith("/internal/"));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().body("usage.watch.remaining", equalTo(2));
  }

  @Test
  void shouldMakeTheRealCallForDryRunFalseAndHearAPercentEncodedName() {
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 5));
    balance(holder.clientId(), 1);
    owner.stubFor(post(urlPathEqualTo("/v1/watch")).withQueryParam("dryRun", WireMock.equalTo("false"))
        .willReturn(json(200, "{\"summary\":\"ok\"}")));
    given().auth().oauth2(holder.key()).contentType("application/json").body("{}")
        .when().post("/v1/watch?dryRun=false")
        .then().statusCode(200).body("summary", equalTo("ok")).header("RateLimit-Remaining", "4");

    given().auth().oauth2(holder.key()).contentType("application/json").body("{}").urlEncodingEnabled(false)
        .when().post("/v1/watch?dry%52un=true")
        .then().statusCode(200).body("dryRun", equalTo(true)).body("remaining.watch", equalTo(4));
  }

  @Test
  void shouldHearTheNameInAnyCaseAsTheOwnersDo() {
    // Vert.x reads query parameters case-insensitively, in the owners too: dryrun=true must be a dry run here, or the
    // gateway would take a unit (and claim an Idempotency-Key) for what the owner answers as a dry run.
    var holder = stubs.subscribed(Map.of(LimitBucket.WATCH, 5));
    balance(holder.clientId(), 1);
    for (var name : new String[] {"dryrun", "DRYRUN"}) {
      owner.stubFor(post(urlPathEqualTo("/v1/watch")).withQueryParam(name, WireMock.equalTo("true")).atPriority(1)
          .willReturn(json(200, OWNERS_DRY_RUN)));
      given().auth().oauth2(holder.key()).contentType("application/json").body("{}").urlEncodingEnabled(false)
          .when().post("/v1/watch?" + name + "=true")
          .then().statusCode(200).body("dryRun", equalTo(true)).body("remaining.watch", equalTo(5));
    }
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().body("usage.watch.remaining", equalTo(5));
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "-1", "+5", "1.5", "2147483648", ""})
  void shouldRefuseAMalformedMaxCreditsBeforeAUnitIsTaken(String cap) {
    var holder = stubs.subscribed(Map.of(LimitBucket.IMAGES_GENERATE, 5));
    given().auth().oauth2(holder.key()).header("Max-Credits", cap).contentType("application/json")
        .body("{\"prompt\":\"a cat\"}")
        .when().post("/v1/images/generate")
        .then().statusCode(400)
        .header("Service-Version", "2026-11-21")
        .body("error", equalTo("invalid_request"))
        .body("field", equalTo("Max-Credits"))
        .body("message", containsString("from 0 to 2147483647"));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then()
        .body("usage.'images.generate'.remaining", equalTo(5));
    owner.verify(0, postRequestedFor(urlPathEqualTo("/v1/images/generate")));
  }

  @Test
  void shouldRefuseTwoMaxCreditsHeadersAndPassAGoodOneOn() {
    var holder = stubs.subscribed(Map.of(LimitBucket.IMAGES_GENERATE, 5));
    given().auth().oauth2(holder.key()).header("Max-Credits", "5").header("Max-Credits", "6")
        .contentType("application/json").body("{\"prompt\":\"a cat\"}")
        .when().post("/v1/images/generate")
        .then().statusCode(400).body("field", equalTo("Max-Credits"));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then()
        .body("usage.'images.generate'.remaining", equalTo(5));

    owner.stubFor(post(urlEqualTo("/v1/images/generate")).willReturn(json(202, "{\"id\":\"img_1\"}")));
    given().auth().oauth2(holder.key()).header("Max-Credits", "2147483647").contentType("application/json")
        .body("{\"prompt\":\"a cat\"}")
        .when().post("/v1/images/generate")
        .then().statusCode(202);
    owner.verify(postRequestedFor(urlEqualTo("/v1/images/generate")).withHeader("Max-Credits",
        WireMock.equalTo("2147483647")));
    // A route that charges nothing leaves the header to no one: it is not judged there.
    given().auth().oauth2(holder.key()).header("Max-Credits", "abc").contentType("application/json").body("{}")
        .when().post("/v1/watch")
        .then().statusCode(200);
  }

  @Test
  void shouldJudgeAnUploadOnItsHeadAloneAndNeverReadItsBody() throws IOException {
    var holder = stubs.subscribed(Map.of(LimitBucket.UPLOAD, 3));
    balance(holder.clientId(), 2);
    owner.stubFor(post(urlPathEqualTo("/v1/upload")).withQueryParam("dryRun", WireMock.equalTo("true"))
        .willReturn(json(200, OWNERS_DRY_RUN)));

    // A million bytes declared, ten sent, the rest never: the answer comes all the same, and the connection closes.
    var answer = exchange("POST /v1/upload?dryRun=true HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
        + holder.key() + "\r\nContent-Type: video/mp4\r\nContent-Length: 1000000\r\nUpload-Length: 5\r\n\r\n"
        + "0123456789");
    assertThat(answer).startsWith("HTTP/1.1 200").containsIgnoringCase("connection: close")
        .contains("\"dryRun\":true").contains("\"remaining\":{\"upload\":3}").contains("\"units\":{\"upload\":1}");
    var forwarded = owner.findAll(postRequestedFor(urlEqualTo("/v1/upload?dryRun=true")));
    assertThat(forwarded).hasSize(1);
    assertThat(forwarded.getFirst().getBody()).isEmpty();
    assertThat(forwarded.getFirst().getHeader("Content-Length")).isEqualTo("0");
    assertThat(forwarded.getFirst().getHeader("Upload-Length")).isEqualTo("1000000");
    assertThat(forwarded.getFirst().getHeader("Content-Type")).isEqualTo("video/mp4");

    // Without a body, the connection stays open as any other.
    given().auth().oauth2(holder.key()).contentType("video/mp4").header("Upload-Length", "1")
        .when().post("/v1/upload?dryRun=true")
        .then().statusCode(200).header("Connection", nullValue()).body("dryRun", equalTo(true));
    given().auth().oauth2(holder.key()).when().get("/v1/usage").then().body("usage.upload.remaining", equalTo(3));
  }

  private String exchange(String request) throws IOException {
    try (var socket = new Socket(gateway.getHost(), gateway.getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    }
  }

  private void balance(String clientId, long credits) {
    owner.stubFor(get(urlEqualTo("/internal/credits/balance/" + clientId)).willReturn(json(200,
        "{\"clientId\":\"" + clientId + "\",\"balance\":" + credits + ",\"asOf\":1763700000000}")));
  }

  private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(int status, String body) {
    return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
  }
}
