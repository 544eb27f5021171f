package dev.videoautomation.records.jobs;

import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static dev.videoautomation.records.Simulated.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

import dev.videoautomation.platform.jobs.JobNotice;
import dev.videoautomation.platform.jobs.JobStatus;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.platform.webhooks.WebhookSecrets;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;
import dev.videoautomation.records.accounts.AccountVerifier;
import dev.videoautomation.records.posts.PostPublisher;
import dev.videoautomation.records.posts.WithPublisher;

/**
 * Accounts and posts as jobs (docs/jobs.md, internal-api §3.13–3.16): the job view and its mapping, the list, the
 * kept events, cancel (and its race with the publisher), deadlines, the outbox rows with their job_events
 * notifications, and the one-off webhookUrl.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
@TestProfile(WithPublisher.class)
class JobsTest {
  static final String PUBLISHED = """
      {"status": "success", "errors": [], "postIds": [{"status": "success", "id": "7312345678901234567",
       "platform": "tiktok", "postUrl": "https://www.tiktok.com/@some.creator/video/7312345678901234567"}],
       "id": "RRMBJ2hNDsuIuQVqP1cW", "post": "Hello"}""";
  static final long HOUR = Duration.ofHours(1).toMillis();

  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  AccountVerifier verifier;

  @Inject
  PostPublisher publisher;

  @Inject
  DataSource dataSource;

  String client;
  String account;
  String assetId;

  @BeforeEach
  void setUp() {
    wireMock.resetAll();
    client = Simulated.newClient();
    account = Fixtures.activeAccount(wireMock, verifier, client);
    assetId = Fixtures.asset(wireMock, client)[0];
    wireMock.stubFor(post(urlPathEqualTo("/api/post")).willReturn(json(200, PUBLISHED)));
    publisher.runOnce(); // leave nothing due from other tests
    wireMock.resetRequests();
  }

  private String schedule(long scheduledAt, String extra) {
    try {
      Thread.sleep(3); // each its own createdAt millisecond, so the list's order is the order of creation
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + assetId + "\", \"caption\": "
            + "\"Hello\", \"scheduledAt\": " + scheduledAt + extra + "}")
        .when().post("/v1/posts").then().statusCode(201).extract().path("postId");
  }

  private JsonPath job(String id) {
    return as(client).when().get("/internal/jobs/" + id).then().statusCode(200).extract().jsonPath();
  }

  private static long past() {
    return Instant.now().minusSeconds(5).toEpochMilli();
  }

  private static long future() {
    return Instant.now().plusSeconds(3600).toEpochMilli();
  }

  private record Row(long seq, String type, String status, String webhookUrl) {
  }

  private List<Row> outbox(String jobId) throws SQLException {
    var rows = new ArrayList<Row>();
    try (var connection = dataSource.getConnection(); var statement = connection.prepareStatement(
        "SELECT seq, type, payload->>'status', webhook_url, client_id FROM records.outbox WHERE job_id = ? "
            + "ORDER BY position")) {
      statement.setString(1, jobId);
      try (var result = statement.executeQuery()) {
        while (result.next()) {
          assertThat(result.getString(5)).isEqualTo(client);
          rows.add(new Row(result.getLong(1), result.getString(2), result.getString(3), result.getString(4)));
        }
      }
    }
    return rows;
  }

  private void sql(String statement, String id) throws SQLException {
    try (var connection = dataSource.getConnection(); var prepared = connection.prepareStatement(statement)) {
      prepared.setString(1, id);
      assertThat(prepared.executeUpdate()).isEqualTo(1);
    }
  }

  // --- the job view and its mapping

  @Test
  void shouldShowAnAccountsVerificationAsARunningThenSucceededJob() {
    Simulated.billingCharges(wireMock, 10);
    Simulated.lookup(wireMock, "other.creator", 200, Fixtures.FOUND.replace("some.creator", "other.creator"));
    String id = as(client).body("{\"platform\": \"shortvideo\", \"name\": \"other.creator\"}").when()
        .post("/v1/accounts").then().statusCode(202).extract().path("id");

    var running = job(id);
    assertThat(running.getString("kind")).isEqualTo("account.verify");
    assertThat(running.getString("status")).isEqualTo("running");
    assertNullField(running, "progress");
    long createdAt = running.getLong("createdAt");
    assertThat(running.getLong("startedAt")).isEqualTo(createdAt);
    assertNullField(running, "finishedAt");
    assertThat(running.getLong("deadlineAt")).isEqualTo(createdAt + HOUR);
    assertThat(running.getInt("creditsCharged")).isEqualTo(10);
    assertThat(running.getInt("creditsRefunded")).isZero();
    assertNullField(running, "result");
    assertNullField(running, "error");
    assertThat(running.getString("links.self")).isEqualTo("/v1/jobs/" + id);
    assertThat(running.getString("links.events")).isEqualTo("/v1/jobs/" + id + "/events");
    assertThat(running.getString("links.resource")).isEqualTo("/v1/accounts/" + id);

    verifier.runOnce();

    var done = job(id);
    assertThat(done.getString("status")).isEqualTo("succeeded");
    assertThat(done.getLong("finishedAt")).isGreaterThanOrEqualTo(createdAt);
    assertThat(done.getString("result.accountId")).isEqualTo(id);
    assertThat(done.getBoolean("result.verified")).isTrue();
    assertThat(done.getString("result.displayName")).isEqualTo("Some Creator");
    assertThat(done.getLong("result.followers")).isEqualTo(10432L);
    assertThat(done.getString("result.profileUrl")).isEqualTo("https://www.tiktok.com/@other.creator");
    as(Simulated.newClient()).when().get("/internal/jobs/" + id).then().statusCode(404)
        .body("error", equalTo("not_found"));
  }

  @Test
  void shouldShowAFailedAccountAsAFailedJobRefundedOnce() {
    Simulated.billingCharges(wireMock, 10);
    Simulated.lookup(wireMock, "nobody.here", 200, "{\"exists\": false, \"platform\": \"shortvideo\", "
        + "\"handle\": \"nobody.here\"}");
    String id = as(client).body("{\"platform\": \"shortvideo\", \"name\": \"nobody.here\"}").when()
        .post("/v1/accounts").then().statusCode(202).extract().path("id");

    verifier.runOnce();

    var failed = job(id);
    assertThat(failed.getString("status")).isEqualTo("failed");
    assertThat(failed.getString("error.error")).isEqualTo("account_not_found");
    assertThat(failed.getString("error.message")).contains("does not exist");
    assertThat(failed.getInt("creditsRefunded")).isEqualTo(10);
    assertNullField(failed, "result");
    wireMock.verify(1, refundOf(id));
  }

  @Test
  void shouldShowAPostsPublishingAsAPendingRunningThenSucceededJob() {
    var scheduledAt = future();
    var id = schedule(scheduledAt, "");

    var pending = job(id);
    assertThat(pending.getString("kind")).isEqualTo("post.publish");
    assertThat(pending.getString("status")).isEqualTo("pending");
    assertThat(pending.getLong("deadlineAt")).isEqualTo(scheduledAt + HOUR);
    assertNullField(pending, "startedAt");
    assertThat(pending.getInt("creditsCharged")).isZero();
    assertThat(pending.getString("links.resource")).isEqualTo("/v1/posts/" + id);

    var due = past();
    as(client).body("{\"scheduledAt\": " + due + "}").when().put("/v1/posts/" + id).then().statusCode(200);
    assertThat(job(id).getLong("deadlineAt")).as("due now, so an hour from now")
        .isGreaterThanOrEqualTo(Instant.now().toEpochMilli() + HOUR - 60_000);
    publisher.runOnce();

    var done = job(id);
    assertThat(done.getString("status")).isEqualTo("succeeded");
    assertThat(done.getLong("startedAt")).isNotNull();
    assertThat(done.getLong("finishedAt")).isGreaterThanOrEqualTo(done.getLong("startedAt"));
    assertThat(done.getString("result.postId")).isEqualTo(id);
    assertThat(done.getString("result.postUrl")).isEqualTo("https://www.tiktok.com/@some.creator/video/7312345678901234567");
    assertThat(done.getString("result.externalId")).isEqualTo("7312345678901234567");
    assertThat(done.getInt("creditsRefunded")).isZero();
  }

  @Test
  void shouldAnswer404ForAnIdOfAnotherPrefixOrNone() {
    as(client).when().get("/internal/jobs/vid_6QmNotRecords").then().statusCode(404)
        .body("error", equalTo("not_found"));
    as(client).when().get("/internal/jobs/pst_DoesNotExist").then().statusCode(404);
    as(client).when().post("/internal/jobs/pst_DoesNotExist/cancel").then().statusCode(404);
    as(client).when().get("/internal/jobs/acc_DoesNotExist/events").then().statusCode(404);
  }

  // --- the list

  @Test
  void shouldListJobsNewestFirstWithAStablePositionFiltersAndTags() {
    var first = schedule(future(), ", \"tags\": [{\"key\": \"batch\", \"value\": \"b1\"}]");
    var second = schedule(future(), ", \"tags\": [{\"key\": \"batch\", \"value\": \"b2\"}]");
    var third = schedule(future(), ", \"tags\": [{\"key\": \"batch\", \"value\": \"b1\"}]");

    var all = as(client).when().get("/internal/jobs").then().statusCode(200).extract().jsonPath();
    assertThat(all.getList("data.id", String.class)).containsExactly(third, second, first, account);
    assertThat(all.getBoolean("more")).isFalse();

    var page1 = as(client).queryParam("limit", 2).when().get("/internal/jobs").then().statusCode(200).extract()
        .jsonPath();
    assertThat(page1.getList("data.id", String.class)).containsExactly(third, second);
    assertThat(page1.getBoolean("more")).isTrue();
    var before = page1.getLong("data[1].createdAt") + "." + page1.getString("data[1].id");
    var newer = schedule(future(), ""); // created meanwhile: on a new first page, never on this one
    var page2 = as(client).queryParam("limit", 2).queryParam("before", before).when().get("/internal/jobs").then()
        .statusCode(200).extract().jsonPath();
    assertThat(page2.getList("data.id", String.class)).containsExactly(first, account);
    assertThat(page2.getBoolean("more")).isFalse();

    as(client).queryParam("kind", "account.verify").when().get("/internal/jobs").then().statusCode(200)
        .body("data.id", contains(account));
    as(client).queryParam("status", "succeeded").when().get("/internal/jobs").then().statusCode(200)
        .body("data.id", contains(account));
    as(client).queryParam("status", "pending").queryParam("kind", "post.publish").when().get("/internal/jobs")
        .then().statusCode(200).body("data.id", contains(newer, third, second, first));
    as(client).queryParam("tag.batch", "b1").when().get("/internal/jobs").then().statusCode(200)
        .body("data.id", contains(third, first));
    as(client).queryParam("tag[batch]", "b2").when().get("/internal/jobs").then().statusCode(200)
        .body("data.id", contains(second));
    as(client).queryParam("kind", "clone.video").when().get("/internal/jobs").then().statusCode(200)
        .body("data.size()", equalTo(0)).body("more", equalTo(false));
    as(client).queryParam("status", "creating").when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("status"));
    as(client).queryParam("kind", "post").when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("kind"));
    as(client).queryParam("before", "yesterday").when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("before"));
    as(client).queryParam("limit", 201).when().get("/internal/jobs").then().statusCode(400)
        .body("field", equalTo("limit"));
    as(Simulated.newClient()).when().get("/internal/jobs").then().statusCode(200).body("data.size()", equalTo(0));
  }

  // --- events, outbox rows and notifications

  @Test
  void shouldWriteOneOutboxRowAndOneNotificationPerChangeWithRisingSeq() throws Exception {
    try (var listener = dataSource.getConnection()) {
      listen(listener);
      var id = schedule(past(), "");
      publisher.runOnce();

      assertThat(outbox(id)).containsExactly(new Row(1, "job.progress", "pending", null),
          new Row(2, "job.progress", "running", null), new Row(3, "job.succeeded", "succeeded", null));
      var notices = notices(listener, id, 3);
      assertThat(notices).extracting(JobNotice::seq).containsExactly(1L, 2L, 3L);
      assertThat(notices).extracting(JobNotice::status)
          .containsExactly(JobStatus.PENDING, JobStatus.RUNNING, JobStatus.SUCCEEDED);
      assertThat(notices).extracting(JobNotice::clientId).containsOnly(client);

      // A change that is not the job's (tags) raises nothing.
      as(client).body("{\"tags\": [{\"key\": \"k\", \"value\": \"v\"}]}").when().put("/v1/posts/" + id).then()
          .statusCode(409);
      as(client).body("{\"tags\": [{\"key\": \"k\", \"value\": \"v\"}]}").when().put("/v1/accounts/" + account)
          .then().statusCode(200);
      assertThat(outbox(id)).hasSize(3);
      assertThat(outbox(account)).extracting(Row::seq).containsExactly(1L, 2L);
    }
  }

  @Test
  void shouldAnswerTheKeptEventsAfterASeqAndSayWhenSomeAreGone() throws SQLException {
    var id = schedule(past(), "");
    publisher.runOnce();

    as(client).when().get("/internal/jobs/" + id + "/events").then().statusCode(200)
        .body("complete", equalTo(true))
        .body("data.seq", contains(1, 2, 3))
        .body("data.type", contains("job.progress", "job.progress", "job.succeeded"))
        .body("data.job.status", contains("pending", "running", "succeeded"))
        .body("data[2].job.result.postId", equalTo(id))
        .body("data[0].at", notNullValue());
    as(client).queryParam("after", 2).when().get("/internal/jobs/" + id + "/events").then().statusCode(200)
        .body("complete", equalTo(true)).body("data.seq", contains(3));
    as(client).queryParam("after", 3).when().get("/internal/jobs/" + id + "/events").then().statusCode(200)
        .body("complete", equalTo(true)).body("data.size()", equalTo(0));
    as(client).queryParam("after", -1).when().get("/internal/jobs/" + id + "/events").then().statusCode(400)
        .body("field", equalTo("after"));
    as(Simulated.newClient()).when().get("/internal/jobs/" + id + "/events").then().statusCode(404);

    sql("DELETE FROM records.outbox WHERE job_id = ? AND seq = 2", id);
    as(client).queryParam("after", 1).when().get("/internal/jobs/" + id + "/events").then().statusCode(200)
        .body("complete", equalTo(false)).body("data.seq", contains(3));
    as(client).queryParam("after", 2).when().get("/internal/jobs/" + id + "/events").then().statusCode(200)
        .body("complete", equalTo(true));
  }

  // --- cancel

  @Test
  void shouldCancelAScheduledPostWhichIsThenNeverPublished() throws SQLException {
    var id = schedule(past(), "");

    as(client).when().post("/internal/jobs/" + id + "/cancel").then().statusCode(200)
        .body("status", equalTo("canceled"))
        .body("error.error", equalTo("canceled"))
        .body("finishedAt", notNullValue())
        .body("creditsRefunded", equalTo(0));
    as(client).when().get("/v1/posts/" + id).then().statusCode(200).body("status", equalTo("canceled"));
    as(client).queryParam("status", "canceled").when().get("/v1/posts").then().statusCode(200)
        .body("data.postId", contains(id));

    assertThat(publisher.runOnce()).isZero();
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/api/post")));
    // Canceling again answers the same view and writes nothing more.
    as(client).when().post("/internal/jobs/" + id + "/cancel").then().statusCode(200)
        .body("status", equalTo("canceled"));
    assertThat(outbox(id)).containsExactly(new Row(1, "job.progress", "pending", null),
        new Row(2, "job.canceled", "canceled", null));
    as(client).body("{\"caption\": \"late\"}").when().put("/v1/posts/" + id).then().statusCode(409);
    as(Simulated.newClient()).when().post("/internal/jobs/" + id + "/cancel").then().statusCode(404);
  }

  @Test
  void shouldRefuseToCancelAPublishedPostOrAnyAccount() {
    var id = schedule(past(), "");
    publisher.runOnce();

    as(client).when().post("/internal/jobs/" + id + "/cancel").then().statusCode(409)
        .body("error", equalTo("not_cancelable")).body("status", equalTo("succeeded"));
    as(client).when().post("/internal/jobs/" + account + "/cancel").then().statusCode(409)
        .body("error", equalTo("not_cancelable")).body("status", equalTo("succeeded"));
    as(client).when().get("/v1/posts/" + id).then().body("status", equalTo("published"));
  }

  /**
   * The publisher claims the post while a cancel is on its way: the cancel waits for the claim's row lock, then
   * finds the post publishing and refuses, rather than marking canceled a post that is being sent.
   */
  @Test
  void shouldNeverCallCanceledAPostThePublisherClaimedFirst() throws Exception {
    var id = schedule(past(), "");
    CompletableFuture<Integer> cancel;
    try (Connection claim = dataSource.getConnection()) {
      claim.setAutoCommit(false);
      try (var lock = claim.prepareStatement("SELECT id FROM records.posts WHERE id = ? FOR UPDATE")) {
        lock.setString(1, id);
        lock.executeQuery().close();
      }
      cancel = CompletableFuture.supplyAsync(() -> as(client).when().post("/internal/jobs/" + id + "/cancel")
          .then().extract().statusCode());
      Thread.sleep(500);
      assertThat(cancel).as("the cancel waits for the claim's lock").isNotDone();
      try (var claimed = claim.prepareStatement("UPDATE records.posts SET status = 'publishing', "
          + "lease_until = now() + interval '5 minutes' WHERE id = ?")) {
        claimed.setString(1, id);
        claimed.executeUpdate();
      }
      claim.commit();
    }
    assertThat(cancel.get(10, TimeUnit.SECONDS)).isEqualTo(409);
    as(client).when().get("/v1/posts/" + id).then().body("status", equalTo("publishing"));
  }

  // --- deadlines

  @Test
  void shouldFailAnAccountPastItsDeadlineAndRefundIt() throws SQLException {
    Simulated.billingCharges(wireMock, 10);
    String id = as(client).body("{\"platform\": \"shortvideo\", \"name\": \"slow.creator\"}").when()
        .post("/v1/accounts").then().statusCode(202).extract().path("id");
    sql("UPDATE records.accounts SET deadline_at = now() - interval '1 second' WHERE id = ?", id);

    verifier.runOnce();

    var failed = job(id);
    assertThat(failed.getString("status")).isEqualTo("failed");
    assertThat(failed.getString("error.error")).isEqualTo("deadline_exceeded");
    assertThat(failed.getInt("creditsRefunded")).isEqualTo(10);
    as(client).when().get("/v1/accounts/" + id).then().body("failureReason", equalTo("deadline_exceeded"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/lookup/account"))
        .withRequestBody(matchingJsonPath("$.handle", WireMock.equalTo("slow.creator"))));
    verifier.runOnce();
    wireMock.verify(1, refundOf(id));
  }

  @Test
  void shouldFailAScheduledPostPastItsDeadlineWithoutSendingIt() throws SQLException {
    var id = schedule(past(), "");
    sql("UPDATE records.posts SET deadline_at = now() - interval '1 second' WHERE id = ?", id);

    assertThat(publisher.runOnce()).isZero();

    var failed = job(id);
    assertThat(failed.getString("status")).isEqualTo("failed");
    assertThat(failed.getString("error.error")).isEqualTo("deadline_exceeded");
    assertThat(failed.getInt("creditsCharged")).isZero();
    assertThat(failed.getInt("creditsRefunded")).isZero();
    as(client).when().get("/v1/posts/" + id).then().body("status", equalTo("failed"))
        .body("errorCode", equalTo("deadline_exceeded"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/api/post")));
  }

  // --- the one-off webhookUrl

  @Test
  void shouldTakeAWebhookUrlAndShowItsSecretOnce() throws SQLException {
    var secrets = new WebhookSecrets(Optional.of(WithPublisher.WEBHOOK_KEY));
    Simulated.billingCharges(wireMock, 10);
    var url = "https://hooks.example.com/jobs?agent=7";
    String accountId = as(client).body("{\"platform\": \"shortvideo\", \"name\": \"hooked\", \"webhookUrl\": \""
            + url + "\"}").when().post("/v1/accounts").then().statusCode(202)
        .extract().path("id");
    String postAnswer = as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + assetId
            + "\", \"webhookUrl\": \"" + url + "\"}").when().post("/v1/posts").then().statusCode(201).extract()
        .asString();
    var postId = JsonPath.from(postAnswer).getString("postId");

    as(client).when().get("/v1/accounts/" + accountId).then().statusCode(200).body("$", not(hasKey("webhookSecret")));
    as(client).when().get("/v1/posts/" + postId).then().statusCode(200).body("$", not(hasKey("webhookSecret")));
    assertThat(JsonPath.from(postAnswer).getString("webhookSecret")).isEqualTo(secrets.jobSecret(postId));
    assertThat(outbox(postId)).extracting(Row::webhookUrl).containsExactly(url);
    assertThat(outbox(accountId)).extracting(Row::webhookUrl).containsExactly(url);
    as(client).body("{\"platform\": \"shortvideo\", \"name\": \"hooked\", \"webhookUrl\": \"" + url + "\"}")
        .when().post("/v1/accounts").then().statusCode(202)
        .body("webhookSecret", org.hamcrest.Matchers.startsWith("whsec_"));
    // Without a webhookUrl there is no secret to show.
    as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + assetId + "\"}").when()
        .post("/v1/posts").then().statusCode(201).body("$", not(hasKey("webhookSecret")));
  }

  @Test
  void shouldRefuseAWebhookUrlThatIsNotPublicHttps() {
    Simulated.billingCharges(wireMock, 10);
    // Tests let loopback (and http with it) through the URL guard, for webhook receivers on 127.0.0.1; a private
    // address, another scheme and an empty URL stay refused.
    for (var url : List.of("https://10.0.0.1/x", "https://192.168.1.1/x", "ftp://hooks.example.com/x", "")) {
      as(client).body("{\"platform\": \"shortvideo\", \"name\": \"hooked\", \"webhookUrl\": \"" + url + "\"}")
          .when().post("/v1/accounts").then().statusCode(400).body("field", equalTo("webhookUrl"));
      as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + assetId + "\", \"webhookUrl\": \""
          + url + "\"}").when().post("/v1/posts").then().statusCode(400).body("field", equalTo("webhookUrl"));
    }
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/internal/credits/charge")));
  }

  /** The field is there, and null (the job view writes every field). */
  private static void assertNullField(JsonPath view, String field) {
    assertThat(view.getMap("$")).containsEntry(field, null);
  }

  private static RequestPatternBuilder refundOf(String id) {
    return postRequestedFor(urlPathEqualTo("/internal/credits/refund"))
        .withRequestBody(matchingJsonPath("$.operationId", WireMock.equalTo(id)));
  }

  private static void listen(Connection connection) throws SQLException {
    try (var statement = connection.createStatement()) {
      statement.execute("LISTEN " + JobNotice.CHANNEL);
    }
  }

  private static List<JobNotice> notices(Connection connection, String jobId, int expected) throws SQLException {
    var found = new ArrayList<JobNotice>();
    var pg = connection.unwrap(PGConnection.class);
    var until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (found.size() < expected && System.nanoTime() < until) {
      var batch = pg.getNotifications(250);
      if (batch != null) {
        for (var notification : batch) {
          var notice = JobNotice.parse(notification.getParameter());
          if (notice.isPresent() && notice.get().jobId().equals(jobId)) {
            found.add(notice.get());
          }
        }
      }
    }
    try (var statement = connection.createStatement()) {
      statement.execute("UNLISTEN *");
    }
    return found;
  }
}
