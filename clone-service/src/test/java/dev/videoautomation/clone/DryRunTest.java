package dev.videoautomation.clone;

import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * Issue 32 §1, clone's side of a dry run ({@code dryRun=true}) on each of its six spending operations: the real
 * call's validation with the real call's answer, then a 200 {@code DryRun} from billing's quote of exactly the charge
 * the real call would make (free for the check), and nothing charged, staged, downloaded, submitted or stored.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties", value =
    "quarkus.rest-client.media-client.url,quarkus.rest-client.billing-client.url,clone.provider.base-url,"
        + "clone.vision.base-url"))
@TestProfile(DryRunTest.CloneImagesAt4K.class)
class DryRunTest {
  /** A configured provider, with character and frame images at 4K (so priced 10, where the default 1K is 4). */
  public static class CloneImagesAt4K implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      var overrides = new HashMap<>(new WithProvider().getConfigOverrides());
      overrides.put("clone.images.clone-resolution", "4K");
      return overrides;
    }
  }

  static final String CLIENT = "cli_dryRunClone0000000001";
  static final String POOR = "cli_dryRunClonePoor000001";
  static final String KEY = "key_dryRunCloneKey000001";
  static final String CLIP = "med_dryRunClip0000000001";
  static final String SHORT_CLIP = "med_dryRunShortClip00001";
  static final String POORS_CLIP = "med_dryRunPoorsClip00001";
  static final String IMAGE = "med_dryRunImage000000001";
  static final String NOBODYS = "med_dryRunNobodys0000001";
  static final ObjectMapper JSON = new ObjectMapper();

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  AgroalDataSource database;

  @BeforeEach
  void world() {
    wireMock.resetAll();
    Simulated.billing(wireMock, 6);
    Simulated.staging(wireMock, "video/mp4");
    Simulated.stored(wireMock, CLIP, CLIENT, Simulated.continuous(5.0), false);
    Simulated.stored(wireMock, SHORT_CLIP, CLIENT, Simulated.continuous(2.0), false);
    Simulated.stored(wireMock, POORS_CLIP, POOR, Simulated.continuous(5.0), false);
    Simulated.storedObject(wireMock, IMAGE, CLIENT, Simulated.CDN + "m/" + IMAGE + "/c.png", "image/png",
        Simulated.png(), false);
    wireMock.stubFor(WireMock.get(urlPathEqualTo("/internal/media/" + NOBODYS)).willReturn(Simulated.json(404,
        "{\"error\": \"not_found\", \"message\": \"No such media.\"}")));
    // Billing prices by the operation and its resolution, as its price list does; 500 left.
    quoteCosts("image.generate", "1K", 4);
    quoteCosts("image.generate", "2K", 6);
    quoteCosts("image.generate", "4K", 10);
    quoteCosts("clone.render", null, 60);
    quoteCosts("music.generate", null, 8);
  }

  private void quoteCosts(String operation, String resolution, int credits) {
    var request = post(urlPathEqualTo("/internal/credits/quote"))
        .withRequestBody(matchingJsonPath("$.operation", WireMock.equalTo(operation)));
    if (resolution != null) {
      request = request.withRequestBody(matchingJsonPath("$.attributes.resolution", WireMock.equalTo(resolution)));
    }
    wireMock.stubFor(request.willReturn(Simulated.json(200, "{\"credits\": " + credits + ", \"balance\": 500, "
        + "\"remaining\": 500, \"wouldCharge\": true, \"refusal\": null}")));
  }

  private static RequestSpecification agent(String clientId) {
    return given().auth().oauth2(TestTokens.forClientKey(clientId, KEY, Set.of("api.read", "api.write"), "pro"))
        .contentType("application/json");
  }

  /**
   * One row per spending operation (two where the stop sits in two places): a good body, the charge's quote it must
   * ask (null for the free check) and its cost, and a bad body with the real call's status.
   */
  static Stream<Arguments> operations() {
    return Stream.of(
        Arguments.of("checkCloneability, own clip", "/v1/clones/check", "{\"mediaId\": \"" + CLIP + "\"}", null, 0,
            "{\"mediaId\": \"" + NOBODYS + "\"}", 404),
        Arguments.of("checkCloneability, outside URL", "/v1/clones/check",
            "{\"videoUrl\": \"https://videos.example.net/clip.mp4\"}", null, 0,
            "{\"videoUrl\": \"file:///etc/passwd\"}", 400),
        Arguments.of("generateCharacterImage", "/v1/clones/character",
            "{\"prompt\": \"a chef\", \"referenceImageUrl\": \"" + IMAGE + "\"}",
            quote("image.generate", "{\"resolution\": \"4K\"}"), 10,
            "{\"prompt\": \"a chef\", \"referenceImageUrl\": \"http://169.254.169.254/latest/meta-data/\"}", 400),
        Arguments.of("createStartingFrame", "/v1/clones/frame",
            "{\"videoUrl\": \"" + CLIP + "\", \"characterImageUrl\": \"https://a.example/c.png\"}",
            quote("image.generate", "{\"resolution\": \"4K\"}"), 10,
            "{\"videoUrl\": \"" + NOBODYS + "\", \"characterImageUrl\": \"https://a.example/c.png\"}", 404),
        Arguments.of("createCloneVideo, own source", "/v1/clones/video",
            "{\"sourceVideoUrl\": \"" + CLIP + "\", \"startingFrameUrl\": \"" + IMAGE + "\"}",
            quote("clone.render", null), 60,
            "{\"sourceVideoUrl\": \"" + SHORT_CLIP + "\", \"startingFrameUrl\": \"" + IMAGE + "\"}", 422),
        Arguments.of("createCloneVideo, outside source", "/v1/clones/video",
            "{\"sourceVideoUrl\": \"https://videos.example.net/clip.mp4\", \"startingFrameUrl\": \"" + IMAGE + "\"}",
            quote("clone.render", null), 60,
            "{\"sourceVideoUrl\": \"https://videos.example.net/clip.mp4\", \"startingFrameUrl\": \"" + CLIP + "\"}",
            400),
        Arguments.of("generateImage at 4K", "/v1/images/generate", "{\"prompt\": \"x\", \"resolution\": \"4K\"}",
            quote("image.generate", "{\"resolution\": \"4K\"}"), 10,
            "{\"prompt\": \"x\", \"resolution\": \"8K\"}", 400),
        Arguments.of("generateImage at 1K by default", "/v1/images/generate", "{\"prompt\": \"x\"}",
            quote("image.generate", "{\"resolution\": \"1K\"}"), 4,
            "{\"prompt\": \"" + "x".repeat(4001) + "\"}", 400),
        Arguments.of("generateMusic", "/v1/music", "{\"prompt\": \"lo-fi piano\", \"durationSeconds\": 30}",
            quote("music.generate", null), 8,
            "{\"prompt\": \"lo-fi piano\", \"durationSeconds\": 1}", 400));
  }

  /** The quote's body as billing must receive it: the charge's, with the agent's key. */
  private static String quote(String operation, String attributes) {
    return "{\"clientId\": \"" + CLIENT + "\", \"operation\": \"" + operation + "\", \"quantity\": 1, "
        + (attributes == null ? "" : "\"attributes\": " + attributes + ", ") + "\"keyId\": \"" + KEY + "\"}";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldValidateAsTheRealCallThenAnswerTheQuoteAndDoNothing(String name, String path, String good,
      String expectedQuote, int credits, String bad, int badStatus) throws Exception {
    var before = rows();

    var real = agent(CLIENT).body(bad).when().post(path);
    var dry = agent(CLIENT).body(bad).queryParam("dryRun", "true").when().post(path);
    assertThat(real.statusCode()).as(name + ": the real call's refusal").isEqualTo(badStatus);
    assertThat(dry.statusCode()).as(name + ": the dry run's refusal").isEqualTo(badStatus);
    assertThat(body(dry)).as(name + ": the same body").isEqualTo(body(real));

    wireMock.resetRequests();
    agent(CLIENT).body(good).queryParam("dryRun", "true").when().post(path).then().statusCode(200)
        .body("dryRun", equalTo(true)).body("wouldRun", equalTo(true)).body("cost.credits", equalTo(credits))
        .body("balance.credits", expectedQuote == null ? nullValue() : equalTo(500))
        .body("refusal", nullValue()).body("id", nullValue());
    if (expectedQuote == null) {
      wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/quote")));
    } else {
      wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/quote"))
          .withRequestBody(equalToJson(expectedQuote)));
    }
    nothingDone(name);
    assertThat(rows()).as(name + ": tasks and outbox").isEqualTo(before);
  }

  /** Billing's charge, media's staging and bytes, the provider and the vision model: none was asked. */
  private void nothingDone(String name) {
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
    wireMock.verify(0, postRequestedFor(urlPathMatching("/internal/staging/.*")));
    wireMock.verify(0, getRequestedFor(urlPathMatching("/internal/media/.*/content")));
    wireMock.verify(0, anyRequestedFor(urlPathMatching("/fal-ai/.*")));
    wireMock.verify(0, anyRequestedFor(urlPathMatching("/(v1/)?chat/completions")));
    assertThat(wireMock.getAllServeEvents()).as(name).allSatisfy(event -> assertThat(event.getRequest().getUrl())
        .startsWith("/internal/").doesNotContain("/charge", "/staging", "/content"));
  }

  @Test
  void shouldSayWhenTheBalanceWouldRefuse() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/quote")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.clientId", WireMock.equalTo(POOR))).willReturn(Simulated.json(200,
            "{\"credits\": 6, \"balance\": 3, \"remaining\": 3, \"wouldCharge\": false, \"refusal\": {\"error\": "
                + "\"insufficient_credits\", \"message\": \"This costs 6 credits; the balance is 3.\", "
                + "\"balance\": 3, \"cost\": 6}}")));
    agent(POOR).body("{\"prompt\": \"x\", \"resolution\": \"2K\"}").queryParam("dryRun", "true")
        .when().post("/v1/images/generate").then().statusCode(200)
        .body("dryRun", equalTo(true)).body("wouldRun", equalTo(false)).body("cost.credits", equalTo(6))
        .body("balance.credits", equalTo(3)).body("refusal.error", equalTo("insufficient_credits"))
        .body("refusal.balance", equalTo(3)).body("refusal.cost", equalTo(6));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/quote"))
        .withRequestBody(matchingJsonPath("$.attributes.resolution", WireMock.equalTo("2K"))));
    nothingDone("insufficient_credits");
  }

  @Test
  void shouldRefuseARealFrameOrOutsideRenderBeforeAnyWorkWhenItsChargeWouldBeRefused() {
    // Both do work before their charge (reading and probing the clip, staging an outside source): a call billing
    // would refuse must not get that work for free, as the gateway gives a 402's daily unit back.
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/quote")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.clientId", WireMock.equalTo(POOR))).willReturn(Simulated.json(200,
            "{\"credits\": 10, \"balance\": 3, \"remaining\": 3, \"wouldCharge\": false, \"refusal\": {\"error\": "
                + "\"insufficient_credits\", \"message\": \"This costs 10 credits; the balance is 3.\", "
                + "\"balance\": 3, \"cost\": 10}}")));
    wireMock.resetRequests();
    agent(POOR).body("{\"videoUrl\": \"" + POORS_CLIP + "\", \"characterImageUrl\": \"https://a.example/c.png\"}")
        .when().post("/v1/clones/frame").then().statusCode(402)
        .body("error", equalTo("insufficient_credits")).body("balance", equalTo(3)).body("cost", equalTo(10));
    agent(POOR).body("{\"sourceVideoUrl\": \"https://videos.example.net/clip.mp4\", "
        + "\"startingFrameUrl\": \"https://a.example/f.png\"}").when().post("/v1/clones/video").then().statusCode(402)
        .body("error", equalTo("insufficient_credits"));
    nothingDone("refused before work");
  }

  @Test
  void shouldPassMaxCreditsToTheQuoteAndSayTheCapWouldRefuse() {
    wireMock.stubFor(post(urlPathEqualTo("/internal/credits/quote")).atPriority(1)
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("5"))).willReturn(Simulated.json(200,
            "{\"credits\": 60, \"balance\": 500, \"remaining\": 500, \"wouldCharge\": false, \"refusal\": {\"error\": "
                + "\"budget_exceeded\", \"message\": \"This costs 60 credits, more than the Max-Credits cap of 5.\", "
                + "\"cost\": 60, \"max\": 5}}")));
    agent(CLIENT).header("Max-Credits", "5").queryParam("dryRun", "true")
        .body("{\"sourceVideoUrl\": \"" + CLIP + "\", \"startingFrameUrl\": \"https://a.example/f.png\"}")
        .when().post("/v1/clones/video").then().statusCode(200)
        .body("wouldRun", equalTo(false)).body("cost.credits", equalTo(60)).body("balance.credits", equalTo(500))
        .body("refusal.error", equalTo("budget_exceeded")).body("refusal.cost", equalTo(60))
        .body("refusal.max", equalTo(5));
    wireMock.verify(1, postRequestedFor(urlPathEqualTo("/internal/credits/quote"))
        .withRequestBody(matchingJsonPath("$.operation", WireMock.equalTo("clone.render")))
        .withRequestBody(matchingJsonPath("$.maxCredits", WireMock.equalTo("5"))));
    nothingDone("budget_exceeded");
  }

  private static JsonNode body(Response response) throws Exception {
    return JSON.readTree(response.asString());
  }

  /** Every task and outbox row, by count: a dry run writes none. */
  private Map<String, Long> rows() throws SQLException {
    var counts = new HashMap<String, Long>();
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      for (var table : new String[] {"clone.tasks", "clone.outbox"}) {
        try (var result = statement.executeQuery("SELECT count(*) FROM " + table)) {
          result.next();
          counts.put(table, result.getLong(1));
        }
      }
    }
    return counts;
  }
}
