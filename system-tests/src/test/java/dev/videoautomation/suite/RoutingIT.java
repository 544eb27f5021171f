package dev.videoautomation.suite;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;

import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.restassured.specification.RequestSpecification;

/** Through the gateway, as an agent would: every path of the reference reaches the service that owns it. */
@ExtendWith(RunningSuite.class)
class RoutingIT {
  private static final String VERSION = "2026-11-21";

  /**
   * The record paths: an empty body lacks what each kind requires (400; a campaign needs nothing), the lists answer,
   * and the collection-level PUT and DELETE want an id (400).
   */
  static Stream<Arguments> everyRecordPath() {
    var collections = Stream.of("accounts", "posts", "references", "assets", "projects", "campaigns")
        .flatMap(kind -> Stream.of(
            Arguments.of("POST", "/v1/" + kind, "{}", kind.equals("campaigns") ? 201 : 400),
            Arguments.of("GET", "/v1/" + kind, "{}", 200),
            Arguments.of("PUT", "/v1/" + kind, "{}", 400),
            Arguments.of("DELETE", "/v1/" + kind, "{}", 400)));
    return Stream.concat(collections, Stream.of(Arguments.of("GET", "/v1/accounts/acc_example", "{}", 404)));
  }

  /** The clone paths: an empty body lacks what each needs (400); unknown ids are 404; the lists answer. */
  static Stream<Arguments> everyClonePath() {
    return Stream.of(
        Arguments.of("POST", "/v1/clones/check", "{}", 400),
        Arguments.of("POST", "/v1/clones/character", "{}", 400),
        Arguments.of("POST", "/v1/clones/frame", "{}", 400),
        Arguments.of("POST", "/v1/clones/video", "{}", 400),
        Arguments.of("GET", "/v1/clones/video/vid_example", "{}", 404),
        Arguments.of("POST", "/v1/images/generate", "{}", 400),
        Arguments.of("GET", "/v1/images/img_example", "{}", 404),
        Arguments.of("GET", "/v1/videos", "{}", 200),
        Arguments.of("GET", "/v1/music", "{}", 200),
        Arguments.of("POST", "/v1/music", "{}", 400),
        Arguments.of("GET", "/v1/music/trk_example", "{}", 404));
  }

  /** Paths whose owner is built: the answer is the owner's own, with the status an empty body earns. */
  static Stream<Arguments> everyBuiltPath() {
    return Stream.of(
        Arguments.of("GET", "/.well-known/oauth-protected-resource", "{}", 200),
        Arguments.of("GET", "/.well-known/oauth-authorization-server", "{}", 200),
        Arguments.of("GET", "/v1/usage", "{}", 200),
        Arguments.of("GET", "/v1/info", "{}", 200),
        Arguments.of("POST", "/v1/auth/agent", "{}", 400),
        Arguments.of("POST", "/v1/auth/agent/claim", "{}", 400),
        Arguments.of("POST", "/v1/auth/agent/claim/complete", "{}", 400),
        Arguments.of("GET", "/claim/clm_example", "{}", 404),
        Arguments.of("POST", "/v1/api_keys/rotate", "{\"graceSeconds\": -1}", 400),
        Arguments.of("POST", "/v1/api_keys/recover", "{}", 400),
        Arguments.of("GET", "/v1/pricing", "{}", 200),
        Arguments.of("POST", "/v1/subscribe", "{}", 201),
        Arguments.of("GET", "/v1/credits/status", "{}", 400),
        Arguments.of("GET", "/checkout/cs_example", "{}", 404),
        Arguments.of("POST", "/v1/billing/webhooks/stripe", "{}", 503),
        Arguments.of("POST", "/v1/overlay", "{}", 400),
        Arguments.of("POST", "/v1/watch", "{}", 400),
        Arguments.of("POST", "/v1/extract", "{}", 400),
        Arguments.of("POST", "/v1/transcribe", "{}", 400),
        Arguments.of("POST", "/v1/check", "{}", 400),
        Arguments.of("GET", "/v1/check/rules", "{}", 200),
        Arguments.of("PUT", "/v1/check/rules", "{}", 400),
        Arguments.of("POST", "/v1/compliance/video", "{}", 400),
        Arguments.of("POST", "/v1/compliance/prompt", "{}", 400),
        Arguments.of("POST", "/v1/upload", "{}", 415),
        Arguments.of("POST", "/v1/upload/url", "{}", 400),
        Arguments.of("GET", "/cdn/m/med_example0000/file.mp4", "{}", 404),
        Arguments.of("POST", "/v1/videos/download/shortvideo", "{}", 400),
        Arguments.of("POST", "/v1/videos/download/photo", "{}", 400));
  }

  /**
   * The 24 scrape paths: an empty body lacks the identifier (400), except trending, which needs none and reaches the
   * simulated provider; it has no trending stub, and a bare 404 (no provider JSON) reads as a misrouted provider: 502.
   */
  static Stream<Arguments> everyScrapePath() {
    return Stream.of("shortvideo/profile", "shortvideo/profile/videos", "shortvideo/video",
            "shortvideo/video/transcript", "shortvideo/video/comments", "shortvideo/search/users",
            "shortvideo/trending", "photo/profile", "photo/user/posts", "photo/post", "photo/post/comments",
            "photo/user/reels", "microblog/profile", "microblog/user-tweets", "microblog/tweet",
            "microblog/tweet/transcript", "videosite/channel", "videosite/channel-videos", "videosite/video",
            "videosite/video/comments", "ads/social", "ads/search", "ads/professional", "ads/forum")
        .map(p -> Arguments.of("POST", "/v1/scrape/" + p, "{}", p.equals("shortvideo/trending") ? 502 : 400));
  }

  private static Agents.Agent agent;

  private static synchronized Agents.Agent agent() {
    if (agent == null) {
      agent = Agents.subscribedAgent();
    }
    return agent;
  }

  @ParameterizedTest(name = "{0} {1} -> {3}")
  @MethodSource({"everyBuiltPath", "everyScrapePath", "everyRecordPath", "everyClonePath"})
  void shouldReachTheBuiltOwnerOfEveryPath(String method, String path, String body, int status) {
    // Probes with an empty body (on a GET too): invalid on purpose, so only the answers are held to the document.
    Agents.invalidRequest(agent()).contentType("application/json").body(body)
        .when().request(method, path)
        .then().statusCode(status)
        .header("Service-Version", VERSION)
        .body(not(containsString("not_implemented")));
  }

  @ParameterizedTest
  @EnumSource(Service.class)
  void shouldHaveEveryServiceHealthy(Service service) {
    Agents.outsideTheApi(RunningSuite.suite().managementUri(service))
        .when().get("/q/health/ready")
        .then().statusCode(200).body("status", equalTo("UP"));
  }

  @Test
  void shouldAnswerAnUnknownPathWithJson404AndTheVersion() {
    Agents.invalidRequest().when().get("/v1/does-not-exist")
        .then().statusCode(404)
        .header("Service-Version", VERSION)
        .contentType(containsString("application/json"))
        .body("error", equalTo("not_found"));
  }

  @Test
  void shouldAllowAPreflightFromAnyOrigin() {
    gateway().header("Origin", "https://somewhere-" + System.nanoTime() + ".example")
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "Content-Type, Authorization, Idempotency-Key")
        .when().options("/v1/scrape/shortvideo/profile")
        .then().statusCode(204)
        .header("Access-Control-Allow-Origin", "*")
        .header("Access-Control-Allow-Headers", containsString("Idempotency-Key"))
        .header("Service-Version", VERSION);
  }

  @ParameterizedTest
  @EnumSource(value = Service.class, names = "GATEWAY", mode = EnumSource.Mode.EXCLUDE)
  void shouldRefuseARequestSentStraightToAServiceWithoutTheInternalToken(Service service) {
    var ownedPath = Arrays.stream(new Object[][] {
        {Service.AUTH, "/v1/api_keys/rotate"}, {Service.BILLING, "/v1/pricing"},
        {Service.SCRAPE, "/v1/scrape/ads/forum"}, {Service.MEDIA, "/v1/watch"}, {Service.CLONE, "/v1/videos"},
        {Service.RECORDS, "/v1/accounts"}}).filter(row -> row[0] == service).map(row -> (String) row[1])
        .findFirst().orElseThrow();
    Agents.outsideTheApi(RunningSuite.suite().baseUri(service))
        .header("X-Api-Key", "svc_live_whatever").header("X-Client-Id", "cli_spoofed")
        .when().get(ownedPath)
        .then().statusCode(401)
        .body("error", equalTo("unauthorized"))
        .header("Service-Version", VERSION);
  }

  private static RequestSpecification gateway() {
    return given().baseUri(RunningSuite.suite().baseUri(Service.GATEWAY).toString());
  }
}
