package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;

import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * What the sub-key tests share (issue 32 §3, docs/auth-service.md "Sub-keys"): a primary key creating a sub-key
 * through the gateway, and the two cheap calls that spend, one of each kind: a unit of the {@code compliance.prompt}
 * bucket (in-process in media-service, no provider), and 8 credits for a music track ({@code music.generate}, no
 * bucket), whose simulated fal.ai request stays in progress so that no refund moves the spend while a test reads it.
 */
final class SubKeys {
  static final String METERED = "/v1/compliance/prompt";
  static final String METERED_BUCKET = "compliance.prompt";
  /** The plan's daily limit of {@link #METERED_BUCKET} (billing's pro plan). */
  static final int PLAN_LIMIT = 100;
  static final String CHARGING = "/v1/music";
  /** What one {@link #CHARGING} call costs (billing's {@code music.generate}). */
  static final int COST = 8;
  static final String KEY_FORM = "^svc_live_[0-9A-Za-z]{49}$";

  private SubKeys() {
  }

  /** {@code POST /v1/api_keys} with {@code body} (a name is added when absent); the 201's body. */
  static Map<String, Object> create(Agents.Agent primary, Map<String, Object> body) {
    var named = new java.util.HashMap<>(body);
    named.putIfAbsent("name", "sub-agent " + UUID.randomUUID().toString().substring(0, 8));
    return as(primary).contentType(ContentType.JSON).body(named).when().post("/v1/api_keys")
        .then().statusCode(201).extract().jsonPath().getMap("$");
  }

  /** The sub-key of a 201, as an agent of the same client. */
  static Agents.Agent agent(Agents.Agent primary, Map<String, Object> created) {
    return new Agents.Agent((String) created.get("credential"), primary.clientId(), primary.email());
  }

  /** A unit of {@link #METERED_BUCKET}. */
  static Response metered(Agents.Agent agent) {
    return as(agent).contentType(ContentType.JSON)
        .body(Map.of("text", "A smoothie recipe for a sunny day.", "platform", "shortvideo"))
        .when().post(METERED);
  }

  /**
   * {@link #COST} credits: a music track whose prompt holds {@code token}; {@link #queueMusic(String)} first so that
   * the worker finds the provider.
   */
  static Response charging(Agents.Agent agent, String token) {
    return as(agent).contentType(ContentType.JSON).body(Map.of("prompt", "Lo-fi piano " + token))
        .when().post(CHARGING);
  }

  /** The simulated provider's request for every track whose prompt holds {@code token}, in progress for good. */
  static void queueMusic(String token) {
    JobSupport.queue(RunningSuite.providers(), JobSupport.MUSIC_MODEL, token,
        "{\"audio\": {\"url\": \"" + RunningSuite.providers().baseUrl() + "/job-files/track.mp3\"}}");
  }

  /** {@code GET /v1/api_keys/{id}} with the primary key. */
  static Map<String, Object> view(Agents.Agent primary, String id) {
    return as(primary).when().get("/v1/api_keys/" + id).then().statusCode(200).extract().jsonPath().getMap("$");
  }

  /** The charges of the client's ledger, as an operator reads it: their count and the credits they took. */
  static int[] charges(String clientId) throws java.io.IOException {
    var charges = JobSupport.ledger(RunningSuite.suite(), RunningSuite.OPERATOR_TOKEN, clientId).stream()
        .filter(line -> line.path("kind").asText().equals("charge")).toList();
    return new int[] {charges.size(), charges.stream().mapToInt(line -> Math.abs(line.path("credits").asInt())).sum()};
  }

  /** The client's balance after its newest ledger line. */
  static int balance(String clientId) throws java.io.IOException {
    return JobSupport.balance(JobSupport.ledger(RunningSuite.suite(), RunningSuite.OPERATOR_TOKEN, clientId));
  }
}
