package dev.videoautomation.suite;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import java.net.URI;
import java.nio.file.Files;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * An agent's own upload becomes an asset and a scheduled post with the URL guard at its default. The suite's own
 * media and clone run with the loopback allowance (simulated providers live on loopback), under which re-downloading
 * through the loopback CDN would pass; so this journey runs on replicas of its own: media without the allowance,
 * records calling that media, and a gateway in front of both whose address is the CDN base. Nothing is fetched and
 * nothing is stored twice: the asset names the upload's {@code med_} object, the client's stored objects do not grow,
 * and no {@code /cdn} GET reaches the gateway.
 */
@ExtendWith(RunningSuite.class)
class OwnMediaJourneyIT {
  private static final String CDN_METRIC = "http_server_requests_seconds_count";
  private static URI gateway;
  private static URI gatewayManagement;

  @BeforeAll
  static void startReplicasWithTheDefaultGuard() throws Exception {
    var suite = RunningSuite.suite();
    var gatewayPort = Suite.freePort();
    var gatewayManagementPort = Suite.freePort();
    var publicBase = "http://127.0.0.1:" + gatewayPort;
    var media = suite.startReplica(Service.MEDIA, "default-guard", Map.of(
        "PLATFORM_URL_GUARD_ALLOW_LOOPBACK", "false", "PUBLIC_BASE_URL", publicBase));
    var records = suite.startReplica(Service.RECORDS, "default-guard", Map.of(
        "PUBLIC_BASE_URL", publicBase, "QUARKUS_REST_CLIENT_MEDIA_CLIENT_URL", media.toString()));
    gateway = suite.startReplica(Service.GATEWAY, "default-guard", Map.of("PUBLIC_BASE_URL", publicBase,
        Service.MEDIA.ownerVariable(), media.toString(), Service.RECORDS.ownerVariable(), records.toString()),
        gatewayPort, gatewayManagementPort);
    gatewayManagement = URI.create("http://127.0.0.1:" + gatewayManagementPort);
  }

  @Test
  void shouldScheduleAPostOfAnUploadWithoutFetchingOrCopyingIt() throws Exception {
    RunningSuite.providers().stubFor(get(urlPathEqualTo("/v1/tiktok/profile"))
        .withQueryParam("handle", equalTo("own.media.creator")).willReturn(okJson("""
            {"success": true, "user": {"uniqueId": "own.media.creator", "nickname": "Own Media"},
             "stats": {"followerCount": 77}}""")));
    var agent = Agents.subscribedAgent();
    var clip = Files.readAllBytes(MediaJourneyIT.clip());

    var upload = as(agent).multiPart("file", "own-clip.mp4", clip, "video/mp4").when().post("/v1/upload")
        .then().statusCode(200).body("id", startsWith("med_"))
        .body("url", startsWith(gateway + "/cdn/m/")).extract().jsonPath();
    var mediaId = upload.getString("id");
    var cdnUrl = upload.getString("url");
    assertThat(storedObjects(agent.clientId())).isEqualTo(1);
    var cdnGetsBefore = cdnGets();

    var asset = as(agent).contentType(ContentType.JSON).body(Map.of("url", cdnUrl, "name", "own clip"))
        .when().post("/v1/assets").then().statusCode(201)
        .body("mediaId", is(mediaId)).body("url", is(cdnUrl)).body("status", is("active"))
        .extract().<String>path("id");
    as(agent).contentType(ContentType.JSON).body(Map.of("url", mediaId))
        .when().post("/v1/assets").then().statusCode(201).body("mediaId", is(mediaId)).body("url", is(cdnUrl));

    var account = activeAccount(agent);
    var tomorrow = Instant.now().plus(Duration.ofDays(1)).toEpochMilli();
    var fromAsset = schedule(agent, account, asset, tomorrow);
    var fromUpload = schedule(agent, account, mediaId, tomorrow);

    var listed = as(agent).when().get("/v1/posts").then().statusCode(200).extract().jsonPath();
    assertThat(listed.getList("data.postId")).contains(fromAsset, fromUpload);
    assertThat(listed.getList("data.findAll { it.postId in ['" + fromAsset + "', '" + fromUpload + "'] }.status"))
        .containsOnly("scheduled");
    assertThat(storedObjects(agent.clientId())).as("the client's stored objects").isEqualTo(1);
    assertThat(cdnGets()).as("/cdn GETs at the gateway").isEqualTo(cdnGetsBefore);

    // The probe sees a /cdn GET when there is one: the agent downloading its clip is counted.
    assertThat(given().when().get(cdnUrl).then().statusCode(200).extract().asByteArray()).isEqualTo(clip);
    awaitCdnGets(cdnGetsBefore + 1);
  }

  private static RequestSpecification as(Agents.Agent agent) {
    return given().baseUri(gateway.toString()).header("Authorization", "Bearer " + agent.key());
  }

  private static String activeAccount(Agents.Agent agent) throws InterruptedException {
    var id = as(agent).contentType(ContentType.JSON).body(Map.of("platform", "shortvideo", "name", "own.media.creator"))
        .when().post("/v1/accounts").then().statusCode(202).extract().<String>path("id");
    var deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    var status = "creating";
    while (status.equals("creating") && System.nanoTime() < deadline) {
      Thread.sleep(250);
      status = as(agent).when().get("/v1/accounts/" + id).then().statusCode(200).extract().path("status");
    }
    assertThat(status).isEqualTo("active");
    return id;
  }

  private static String schedule(Agents.Agent agent, String account, String videoId, long at) {
    return as(agent).contentType(ContentType.JSON)
        .body(Map.of("accountId", account, "videoId", videoId, "caption", "mine", "scheduledAt", at))
        .when().post("/v1/posts").then().statusCode(201)
        .body("status", is("scheduled")).body("videoId", is(videoId)).extract().path("postId");
  }

  /** How many media objects the client has in media-service's table. */
  private static long storedObjects(String clientId) throws SQLException {
    var database = RunningSuite.suite().database();
    try (var connection = DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password());
        var count = connection.prepareStatement("SELECT count(*) FROM media.media_objects WHERE client_id = ?")) {
      count.setString(1, clientId);
      try (var rows = count.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  /** GETs of {@code /cdn/**} the gateway replica has answered, from its metrics. */
  private static long cdnGets() {
    var metrics = Agents.outsideTheApi(gatewayManagement).when().get("/q/metrics").then().statusCode(200)
        .extract().asString();
    return metrics.lines().filter(line -> line.startsWith(CDN_METRIC + "{") && line.contains("uri=\"/cdn/{key}\"")
            && line.contains("method=\"GET\""))
        .mapToLong(OwnMediaJourneyIT::sampleValue).sum();
  }

  /**
   * The value of one exposition line: the token after the labels. With tracing on, a sample may carry an exemplar
   * ({@code # {trace_id=...} 1.0 1795598267.1}) whose last token is a timestamp, not the count.
   */
  private static long sampleValue(String line) {
    return (long) Double.parseDouble(line.substring(line.indexOf("} ") + 2).split(" ")[0]);
  }

  private static void awaitCdnGets(long expected) throws InterruptedException {
    var deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (cdnGets() < expected && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(cdnGets()).isEqualTo(expected);
  }
}
