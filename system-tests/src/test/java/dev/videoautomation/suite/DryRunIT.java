package dev.videoautomation.suite;

import static dev.videoautomation.suite.Agents.as;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.suite.Agents.Agent;
import dev.videoautomation.suite.DryRunTable.Call;
import dev.videoautomation.suite.DryRunTable.Fixture;
import dev.videoautomation.suite.DryRunTable.Outcome;

/**
 * Dry runs ({@code dryRun=true}, issue 32 §1) over every operation that spends, as {@code /v1/openapi.json} declares
 * them, one row of {@link DryRunTable} each, for a fresh agent: a bad body is answered the same with and without
 * {@code dryRun}; a good body's dry run answers 200 {@code DryRun} and spends nothing (daily units, the credit ledger,
 * the simulated providers' requests, jobs, records and stored media all unchanged); and the real call then does what
 * the dry run said: it runs, charges {@code cost.credits} and takes {@code cost.units}. Then the refusals a dry run
 * answers with 200 {@code wouldRun: false} (an exhausted daily cap, {@code Max-Credits} below the cost), the
 * {@code Idempotency-Key} a dry run never claims, an upload judged by its headers alone, and MCP's {@code dryRun} and
 * {@code maxCredits} arguments.
 */
@ExtendWith(RunningSuite.class)
class DryRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
  private static final Duration PROVIDER_WAIT = Duration.ofSeconds(20);
  private final List<McpSyncClient> clients = new ArrayList<>();

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::closeGracefully);
  }

  static Stream<String> operations() {
    return DryRunTable.ROWS.keySet().stream();
  }

  @Test
  void shouldHaveOneRowForEachOperationThatDeclaresDryRun() throws Exception {
    var declared = dryRunOperations(MergedDocument.document());

    assertThat(declared.keySet()).as("the operations of /v1/openapi.json that declare dryRun, against the table")
        .containsExactlyInAnyOrderElementsOf(DryRunTable.ROWS.keySet());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void shouldRehearseWithoutSpendingAndRunAsTheDryRunSaid(String operationId) throws Exception {
    var agent = Agents.subscribedAgent();
    var row = DryRunTable.ROWS.get(operationId).prepare(new Fixture(agent));
    try {
      var declared = dryRunOperations(MergedDocument.document()).get(operationId);
      assertThat(declared).as(operationId + " declares dryRun").isNotNull();
      assertThat(row.good().path()).as("the row's path is the operation's").matches(template(declared));

      // A bad body: the same status and error with and without dryRun.
      var badReal = send(Agents.invalidRequest(agent), row.bad(), false, Map.of());
      var badDry = send(Agents.invalidRequest(agent), row.bad(), true, Map.of());
      assertThat(badReal.statusCode()).as("the bad body's real call: " + badReal.asString()).isBetween(400, 499);
      assertThat(badDry.statusCode()).as("the bad body's dry run: " + badDry.asString())
          .isEqualTo(badReal.statusCode());
      assertThat(errorOf(badDry)).as("the bad body's error, with and without dryRun").isEqualTo(errorOf(badReal));

      // A good body's dry run spends nothing.
      var before = Footprint.of(agent, row.providerCall());
      var dry = send(as(agent), row.good(), true, Map.of());
      assertThat(Footprint.of(agent, row.providerCall())).as("what the dry run of " + operationId + " left behind: "
          + dry.asString()).isEqualTo(before);
      if (row.outcome() == Outcome.PROVIDER_NOT_CONFIGURED) {
        assertThat(dry.statusCode()).as(dry.asString()).isEqualTo(503);
        assertThat(dry.jsonPath().getString("error")).isEqualTo("provider_not_configured");
        var real = send(as(agent), row.good(), false, Map.of());
        assertThat(real.statusCode()).as(real.asString()).isEqualTo(503);
        assertThat(errorOf(dry)).as("the same 503 as the real call").isEqualTo(errorOf(real));
        return;
      }
      assertThat(dry.statusCode()).as(dry.asString()).isEqualTo(200);
      var answer = JSON.readTree(dry.asString());
      assertThat(answer.path("dryRun").asBoolean(false)).as(answer.toString()).isTrue();
      assertThat(answer.path("wouldRun").asBoolean(false)).as("a fresh subscribed agent's call would run: " + answer)
          .isTrue();
      assertThat(answer.has("refusal") && answer.get("refusal").isNull()).as("refusal null: " + answer).isTrue();
      assertThat(answer.at("/cost/credits").isInt()).as(answer.toString()).isTrue();
      assertThat(answer.at("/balance/credits").isInt()).as("the balance: " + answer).isTrue();
      assertThat(answer.at("/balance/credits").asInt()).as("the balance").isEqualTo(before.balance());
      var units = ints(answer.at("/cost/units"));
      assertThat(units.values()).as("a unit of one bucket or none: " + answer).allMatch(n -> n == 1).hasSizeLessThan(2);
      var remaining = new HashMap<String, Integer>();
      units.keySet().forEach(bucket -> remaining.put(bucket, before.remaining().get(bucket)));
      assertThat(ints(answer.path("remaining"))).as("what was left of the bucket before: " + answer)
          .isEqualTo(remaining);

      // The real call does what the dry run said.
      var real = send(as(agent), row.good(), false, Map.of());
      assertThat(real.statusCode()).as("the real call after wouldRun: true: " + real.asString()).isBetween(200, 299);
      assertThat(JSON.readTree(real.asString()).has("dryRun")).as("a real answer").isFalse();
      var after = Footprint.of(agent, row.providerCall());
      assertThat(before.balance() - after.balance()).as("credits charged by the real call, against cost.credits")
          .isEqualTo(answer.at("/cost/credits").asInt());
      assertThat(before.unitsTakenBy(after)).as("units taken by the real call, against cost.units").isEqualTo(units);
      if (answer.at("/cost/credits").asInt() > 0) {
        assertThat(real.header("Credits-Remaining")).as("Credits-Remaining of a charging answer")
            .isEqualTo(String.valueOf(after.balance()));
      }
      if (row.callsProvider()) {
        assertThat(awaitProviderCalls(row.providerCall(), before.providerCalls()))
            .as("the real call reached the provider (so the count above could see it)")
            .isGreaterThan(before.providerCalls());
      }
    } finally {
      row.done().run();
    }
  }

  @Test
  void shouldAnswerWouldRunFalseOnAnExhaustedDailyCapWhereTheRealCallIs429() throws Exception {
    var parent = Agents.subscribedAgent();
    var credential = as(parent).contentType(ContentType.JSON)
        .body(Map.of("name", "dry-run scraper", "dailyUnits", Map.of("scrape", 1)))
        .when().post("/v1/api_keys").then().statusCode(201).extract().<String>path("credential");
    var agent = new Agent(credential, parent.clientId(), parent.email());
    var row = DryRunTable.ROWS.get("scrapeShortvideoProfile").prepare(new Fixture(agent));
    send(as(agent), row.good(), false, Map.of()).then().statusCode(200);
    var before = Footprint.of(agent, row.providerCall());

    var dry = send(as(agent), row.good(), true, Map.of());

    assertThat(dry.statusCode()).as(dry.asString()).isEqualTo(200);
    var answer = JSON.readTree(dry.asString());
    assertThat(answer.path("dryRun").asBoolean()).isTrue();
    assertThat(answer.path("wouldRun").asBoolean(true)).as(answer.toString()).isFalse();
    assertThat(answer.at("/refusal/error").asText()).as(answer.toString()).isEqualTo("rate_limited");
    assertThat(ints(answer.path("remaining"))).isEqualTo(Map.of("scrape", 0));
    assertThat(ints(answer.at("/cost/units"))).isEqualTo(Map.of("scrape", 1));
    assertThat(Footprint.of(agent, row.providerCall())).as("nothing spent").isEqualTo(before);
    // A dry run validates first: a bad body is its 400 even past the cap (the real call would be 429).
    var bad = send(Agents.invalidRequest(agent), row.bad(), true, Map.of());
    assertThat(bad.statusCode()).as(bad.asString()).isEqualTo(400);
    assertThat(bad.jsonPath().getString("field")).isEqualTo("handle");

    var real = send(as(agent), row.good(), false, Map.of());
    assertThat(real.statusCode()).as(real.asString()).isEqualTo(429);
    assertThat(real.jsonPath().getString("error")).isEqualTo("rate_limited");
    assertThat(answer.at("/refusal/limit").asInt()).as("the refusal the 429 carries")
        .isEqualTo(real.jsonPath().getInt("limit"));
    assertThat(Footprint.of(agent, row.providerCall()).providerCalls()).isEqualTo(before.providerCalls());
  }

  @Test
  void shouldAnswerWouldRunFalseAboveMaxCreditsWhereTheRealCallIs402() throws Exception {
    var agent = Agents.subscribedAgent();
    var row = DryRunTable.ROWS.get("generateImage").prepare(new Fixture(agent));
    try {
      var before = Footprint.of(agent, row.providerCall());

      var capped = send(as(agent), row.good(), true, Map.of("Max-Credits", "5"));

      assertThat(capped.statusCode()).as(capped.asString()).isEqualTo(200);
      var answer = JSON.readTree(capped.asString());
      assertThat(answer.path("wouldRun").asBoolean(true)).as(answer.toString()).isFalse();
      assertThat(answer.at("/cost/credits").asInt()).as("a 2K image").isEqualTo(6);
      assertThat(answer.at("/refusal/error").asText()).as(answer.toString()).isEqualTo("budget_exceeded");
      assertThat(answer.at("/refusal/cost").asInt()).isEqualTo(6);
      assertThat(answer.at("/refusal/max").asInt()).isEqualTo(5);
      var enough = JSON.readTree(send(as(agent), row.good(), true, Map.of("Max-Credits", "6")).asString());
      assertThat(enough.path("wouldRun").asBoolean(false)).as(enough.toString()).isTrue();
      assertThat(enough.get("refusal").isNull()).isTrue();
      assertThat(Footprint.of(agent, row.providerCall())).as("nothing spent by the dry runs").isEqualTo(before);

      var real = send(as(agent), row.good(), false, Map.of("Max-Credits", "5"));

      assertThat(real.statusCode()).as(real.asString()).isEqualTo(402);
      assertThat(real.jsonPath().getString("error")).isEqualTo("budget_exceeded");
      assertThat(real.jsonPath().getInt("cost")).isEqualTo(6);
      assertThat(real.jsonPath().getInt("max")).isEqualTo(5);
      assertThat(Footprint.of(agent, row.providerCall())).as("nothing spent by the refused call").isEqualTo(before);
    } finally {
      row.done().run();
    }
  }

  @Test
  void shouldNeitherClaimNorReplayAnIdempotencyKey() throws Exception {
    var agent = Agents.subscribedAgent();
    var fixture = new Fixture(agent);
    var row = DryRunTable.ROWS.get("scrapeShortvideoProfile").prepare(fixture);
    var key = Map.of("Idempotency-Key", "dry-" + fixture.token);
    var before = Footprint.of(agent, row.providerCall());

    var first = send(as(agent), row.good(), true, key);
    var second = send(as(agent), row.good(), true, key);

    for (var dry : List.of(first, second)) {
      assertThat(dry.statusCode()).as(dry.asString()).isEqualTo(200);
      assertThat(dry.jsonPath().getBoolean("dryRun")).isTrue();
      assertThat(dry.header("Idempotent-Replayed")).as("a dry run is never a replay").isNull();
    }
    assertThat(Footprint.of(agent, row.providerCall())).isEqualTo(before);

    var real = send(as(agent), row.good(), false, key);
    assertThat(real.statusCode()).as(real.asString()).isEqualTo(200);
    assertThat(real.header("Idempotent-Replayed")).as("the key was not claimed by the dry runs").isNull();
    assertThat(JSON.readTree(real.asString()).has("dryRun")).isFalse();
    var after = Footprint.of(agent, row.providerCall());
    assertThat(before.unitsTakenBy(after)).isEqualTo(Map.of("scrape", 1));
    var replayed = send(as(agent), row.good(), false, key);
    assertThat(replayed.header("Idempotent-Replayed")).as("the real call claimed it").isEqualTo("true");
    var dryAfter = send(as(agent), row.good(), true, key);
    assertThat(dryAfter.jsonPath().getBoolean("dryRun")).as("a dry run does not replay a claimed key either")
        .isTrue();
    assertThat(dryAfter.header("Idempotent-Replayed")).isNull();
  }

  @Test
  void shouldJudgeAnUploadByItsHeadersAlone() throws Exception {
    var agent = Agents.subscribedAgent();
    Predicate<LoggedRequest> none = request -> false;
    var before = Footprint.of(agent, none);

    // Headers only: the declared body is never sent, and the answer comes without it.
    var dry = rawPost(agent, "/v1/upload?dryRun=true&filename=dry.mp4", "video/mp4", 5_000_000L);

    assertThat(dry.status()).as(dry.body()).isEqualTo(200);
    var answer = JSON.readTree(dry.body());
    assertThat(answer.path("dryRun").asBoolean()).isTrue();
    assertThat(answer.path("wouldRun").asBoolean()).as(answer.toString()).isTrue();
    assertThat(ints(answer.at("/cost/units"))).isEqualTo(Map.of("upload", 1));
    assertThat(dry.headers().get("connection")).as("the unread body ends the connection").isEqualTo("close");
    assertThat(Footprint.of(agent, none)).isEqualTo(before);

    var tooLarge = rawPost(agent, "/v1/upload?dryRun=true&filename=dry.mp4", "video/mp4", 3_000_000_000L);
    assertThat(tooLarge.status()).as(tooLarge.body()).isEqualTo(413);
    assertThat(JSON.readTree(tooLarge.body()).path("error").asText()).isEqualTo("payload_too_large");

    var wrongType = rawPost(agent, "/v1/upload?dryRun=true&filename=dry.txt", "text/plain", 100L);
    var realWrongType = Agents.invalidRequest(agent).contentType("text/plain").body("x".repeat(100))
        .queryParam("filename", "dry.txt").when().post("/v1/upload").then().extract().response();
    assertThat(wrongType.status()).as(wrongType.body()).isEqualTo(realWrongType.statusCode()).isEqualTo(415);
    assertThat(errorOf(JSON.readTree(wrongType.body()))).isEqualTo(errorOf(realWrongType));
    assertThat(Footprint.of(agent, none)).isEqualTo(before);
  }

  @Test
  void shouldRefuseADryRunOfWhatSpendsNothingAndAnyValueButTrue() throws Exception {
    var agent = Agents.subscribedAgent();
    var row = DryRunTable.ROWS.get("scrapeShortvideoProfile").prepare(new Fixture(agent));
    var before = Footprint.of(agent, row.providerCall());

    Agents.invalidRequest(agent).queryParam("dryRun", "true").contentType(ContentType.JSON)
        .body(Map.of("url", "https://www.tiktok.com/@someone/video/7300000000000000077", "platform", "shortvideo"))
        .when().post("/v1/references").then().statusCode(400)
        .body("error", org.hamcrest.Matchers.is("invalid_request")).body("field", org.hamcrest.Matchers.is("dryRun"));
    as(agent).when().get("/v1/references").then().statusCode(200).body("data.size()", org.hamcrest.Matchers.is(0));
    for (var value : List.of("yes", "TRUE", "1", "")) {
      var answer = Agents.invalidRequest(agent).queryParam("dryRun", value).contentType(ContentType.JSON)
          .body(row.good().body()).when().post(row.good().path()).then().extract().response();
      assertThat(answer.statusCode()).as("dryRun=" + value + ": " + answer.asString()).isEqualTo(400);
      assertThat(answer.jsonPath().getString("field")).isEqualTo("dryRun");
    }
    assertThat(Footprint.of(agent, row.providerCall())).isEqualTo(before);
  }

  @Test
  void shouldRehearseAndCapAChargingToolOverMcp() throws Exception {
    var agent = Agents.subscribedAgent();
    var row = DryRunTable.ROWS.get("generateMusic").prepare(new Fixture(agent));
    try {
      var client = client(agent.key());
      client.initialize();
      var before = Footprint.of(agent, row.providerCall());
      var body = row.good().body();

      var rehearsed = client.callTool(new McpSchema.CallToolRequest("generateMusic",
          Map.of("body", body, "dryRun", true)));

      assertThat(rehearsed.isError()).as(String.valueOf(rehearsed)).isFalse();
      var answer = JSON.valueToTree(rehearsed.structuredContent());
      assertThat(answer.path("dryRun").asBoolean()).as(answer.toString()).isTrue();
      assertThat(answer.path("wouldRun").asBoolean()).as(answer.toString()).isTrue();
      var cost = answer.at("/cost/credits").asInt();
      assertThat(cost).as(answer.toString()).isPositive();
      assertThat(answer.at("/balance/credits").asInt()).isEqualTo(before.balance());
      assertThat(Footprint.of(agent, row.providerCall())).as("nothing spent over MCP").isEqualTo(before);

      var refused = client.callTool(new McpSchema.CallToolRequest("generateMusic",
          Map.of("body", body, "maxCredits", cost - 1)));
      assertThat(refused.isError()).as(String.valueOf(refused)).isTrue();
      assertThat(refused.structuredContent()).asInstanceOf(InstanceOfAssertFactories.MAP)
          .containsEntry("error", "budget_exceeded").containsEntry("max", cost - 1);
      assertThat(Footprint.of(agent, row.providerCall())).as("nothing spent above maxCredits").isEqualTo(before);

      var run = client.callTool(new McpSchema.CallToolRequest("generateMusic",
          Map.of("body", body, "maxCredits", cost)));
      assertThat(run.isError()).as(String.valueOf(run)).isFalse();
      var after = Footprint.of(agent, row.providerCall());
      assertThat(before.balance() - after.balance()).isEqualTo(cost);
      assertThat(run.meta()).as("the result's _meta").isNotNull();
      assertThat(((Number) run.meta().get("creditsRemaining")).intValue()).isEqualTo(after.balance());
    } finally {
      row.done().run();
    }
  }

  /**
   * What an agent's calls can have spent or made: each bucket's units left today (and a sub-key's own), the credit
   * balance and ledger, its jobs, accounts and posts, the media objects stored for its client, and the simulated
   * providers' requests of one row.
   */
  record Footprint(Map<String, Integer> remaining, int balance, int ledgerLines, List<String> jobs,
      List<String> accounts, List<String> posts, long mediaObjects, int providerCalls) {

    static Footprint of(Agent agent, Predicate<LoggedRequest> providerCall) throws Exception {
      var usage = JSON.readTree(as(agent).when().get("/v1/usage").then().statusCode(200).extract().asString());
      var remaining = new TreeMap<String, Integer>();
      usage.path("usage").properties().forEach(e -> remaining.put(e.getKey(), e.getValue().path("remaining").asInt()));
      usage.at("/subKey/usage").properties()
          .forEach(e -> remaining.put("key:" + e.getKey(), e.getValue().path("remaining").asInt()));
      var ledger = JobSupport.ledger(RunningSuite.suite(), RunningSuite.OPERATOR_TOKEN, agent.clientId());
      var balance = ledger.isEmpty() ? 0 : ledger.getFirst().path("balanceAfter").asInt();
      return new Footprint(remaining, balance, ledger.size(), ids(agent, "/v1/jobs", "id"),
          ids(agent, "/v1/accounts", "id"), ids(agent, "/v1/posts", "postId"), mediaObjects(agent.clientId()),
          DryRunTable.providerCalls(providerCall));
    }

    /** The units {@code later} shows taken since this footprint, by bucket (the client's counters). */
    Map<String, Integer> unitsTakenBy(Footprint later) {
      var taken = new HashMap<String, Integer>();
      remaining.forEach((bucket, left) -> {
        var now = later.remaining.get(bucket);
        if (!bucket.startsWith("key:") && now != null && now < left) {
          taken.put(bucket, left - now);
        }
      });
      return taken;
    }

    private static List<String> ids(Agent agent, String path, String field) {
      return as(agent).when().get(path).then().statusCode(200).extract().jsonPath().getList("data." + field);
    }

    private static long mediaObjects(String clientId) throws SQLException {
      var database = RunningSuite.suite().database();
      try (var connection = DriverManager.getConnection(database.jdbcUrl(), database.username(),
          database.password());
          var count = connection.prepareStatement("SELECT count(*) FROM media.media_objects WHERE client_id = ?")) {
        count.setString(1, clientId);
        try (var rows = count.executeQuery()) {
          rows.next();
          return rows.getLong(1);
        }
      }
    }
  }

  /** The operations that declare the {@code dryRun} query parameter: operationId to {@code METHOD /path}. */
  static Map<String, String> dryRunOperations(JsonNode document) {
    var operations = new LinkedHashMap<String, String>();
    document.path("paths").properties().forEach(path -> METHODS.forEach(method -> {
      var operation = path.getValue().path(method);
      var parameters = new ArrayList<JsonNode>();
      operation.path("parameters").forEach(parameters::add);
      path.getValue().path("parameters").forEach(parameters::add);
      var declares = parameters.stream().map(parameter -> resolve(document, parameter))
          .anyMatch(p -> p.path("name").asText().equals("dryRun") && p.path("in").asText().equals("query"));
      if (declares) {
        operations.put(operation.path("operationId").asText(),
            method.toUpperCase(Locale.ROOT) + " " + path.getKey());
      }
    }));
    return operations;
  }

  private static JsonNode resolve(JsonNode document, JsonNode node) {
    var seen = 0;
    while (node.has("$ref") && seen++ < 10) {
      node = document.at(node.get("$ref").asText().substring(1));
    }
    return node;
  }

  /** {@code POST /v1/videos/download/{platform}} as a pattern of its concrete paths. */
  private static String template(String declared) {
    var path = declared.substring(declared.indexOf(' ') + 1);
    return Pattern.quote(path).replaceAll("\\{[^/}]+}", "\\\\E[^/]+\\\\Q");
  }

  private static Response send(RequestSpecification spec, Call call, boolean dryRun, Map<String, String> headers) {
    spec.contentType(call.contentType());
    call.query().forEach(spec::queryParam);
    if (dryRun) {
      spec.queryParam("dryRun", "true");
    }
    headers.forEach(spec::header);
    if (call.body() instanceof byte[] bytes) {
      spec.body(bytes);
    } else {
      spec.body(call.body());
    }
    return spec.when().post(call.path()).then().extract().response();
  }

  private static Map<String, Object> errorOf(Response response) throws IOException {
    return errorOf(JSON.readTree(response.asString()));
  }

  /** The error fields two answers must share (the request id differs). */
  private static Map<String, Object> errorOf(JsonNode body) {
    var error = new HashMap<String, Object>();
    for (var field : List.of("error", "field", "message")) {
      error.put(field, body.path(field).isMissingNode() ? null : body.path(field).asText());
    }
    return error;
  }

  private static Map<String, Integer> ints(JsonNode node) {
    if (node.isMissingNode() || node.isNull()) {
      return Map.of();
    }
    return JSON.convertValue(node, new TypeReference<Map<String, Integer>>() { });
  }

  private static int awaitProviderCalls(Predicate<LoggedRequest> providerCall, int before)
      throws InterruptedException {
    var deadline = System.nanoTime() + PROVIDER_WAIT.toNanos();
    var calls = DryRunTable.providerCalls(providerCall);
    while (calls <= before && System.nanoTime() < deadline) {
      Thread.sleep(200);
      calls = DryRunTable.providerCalls(providerCall);
    }
    return calls;
  }

  /** An answer read off the socket: status, headers (lower-case names) and body. */
  record RawAnswer(int status, Map<String, String> headers, String body) {
  }

  /**
   * A POST that declares {@code contentLength} bytes and sends none of them: only an answer that judges the headers
   * alone can come back (within 10 s; the gateway waiting for the body is a timeout, named as such).
   */
  private static RawAnswer rawPost(Agent agent, String target, String contentType, long contentLength)
      throws IOException {
    var port = RunningSuite.suite().port(Service.GATEWAY);
    try (var socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      var head = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
          + agent.key() + "\r\nContent-Type: " + contentType + "\r\nContent-Length: " + contentLength + "\r\n\r\n";
      socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      try {
        return read(socket.getInputStream());
      } catch (SocketTimeoutException e) {
        throw new AssertionError("No answer within 10 s to the headers of " + target + " (Content-Length "
            + contentLength + ", no body sent): the body was waited for", e);
      }
    }
  }

  private static RawAnswer read(InputStream in) throws IOException {
    var head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      var b = in.read();
      if (b < 0) {
        throw new IOException("The connection closed within the answer's head: " + head);
      }
      head.write(b);
    }
    var lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
    var status = Integer.parseInt(lines[0].split(" ")[1]);
    var headers = new HashMap<String, String>();
    for (int i = 1; i < lines.length; i++) {
      var colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1)
            .strip());
      }
    }
    var length = headers.get("content-length");
    var body = length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
    return new RawAnswer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private McpSyncClient client(String key) {
    var base = RunningSuite.suite().baseUri(Service.GATEWAY).toString().replaceAll("/$", "");
    // The charging tools are in the create set, which the default /mcp does not list (issue 33).
    var transport = HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp?toolsets=all")
        .httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("Authorization",
            "Bearer " + key)).connectTimeout(Duration.ofSeconds(5)).build();
    var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
        .clientInfo(new McpSchema.Implementation("dry-run-it", "1.0")).build();
    clients.add(client);
    return client;
  }
}
