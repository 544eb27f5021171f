package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.util.Map;
import java.util.regex.Pattern;

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
 * The keyed read with its key cached never leaves its event loop (issue 34): no request hands work to a worker
 * thread ({@code executeBlocking}), which the Vert.x worker pools' own counts of queued tasks show. The metered POST,
 * whose daily unit is a database statement on a worker, is the control that the count sees such a hand-off. (That a
 * forward does not cross to the other event loop either is {@link LoopClientsTest}.)
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
class EventLoopReadTest {
  /** Tasks ever queued on a Vert.x worker pool (the application's and the internal blocking one). */
  private static final Pattern QUEUED = Pattern.compile(
      "^worker_pool_queue_delay_seconds_count\\{[^}]*pool_type=\"worker\"[^}]*} ([0-9.E]+)$", Pattern.MULTILINE);
  private static final int READS = 200;

  @InjectWireMock
  WireMockServer owner;

  @TestHTTPResource(value = "metrics", management = true)
  URL managementMetrics;

  OwnerStubs.Holder caller;

  @BeforeEach
  void reset() {
    owner.resetAll();
    caller = new OwnerStubs(owner).subscribed(Map.of(LimitBucket.WATCH, 1_000));
    owner.stubFor(get(urlPathEqualTo("/v1/videos")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"data\":[]}")));
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
  }

  @Test
  void shouldServeACachedReadWithoutAWorkerThread() {
    read(); // the key and the entitlement are verified and cached here
    var before = queuedOnWorkers();
    for (int i = 0; i < READS; i++) {
      read();
    }
    var during = queuedOnWorkers() - before;
    // A few of the gateway's own timers (MCP tools, old usage rows) may run meanwhile; a hand-off per read is 200.
    assertThat(during).as("worker tasks queued during %d keyed reads", READS).isLessThan(READS / 10);
  }

  @Test
  void shouldSeeTheWorkerThreadOfAMeteredCall() {
    given().header("X-Api-Key", caller.key()).contentType("application/json").body("{}").when().post("/v1/watch")
        .then().statusCode(200);
    var before = queuedOnWorkers();
    for (int i = 0; i < 50; i++) {
      given().header("X-Api-Key", caller.key()).contentType("application/json").body("{}").when().post("/v1/watch")
          .then().statusCode(200);
    }
    assertThat(queuedOnWorkers() - before).as("worker tasks of 50 metered calls, one after another")
        .isGreaterThanOrEqualTo(50);
  }

  private void read() {
    given().header("X-Api-Key", caller.key()).when().get("/v1/videos").then().statusCode(200);
  }

  private long queuedOnWorkers() {
    var metrics = given().when().get(managementMetrics).then().statusCode(200).extract().asString();
    var matcher = QUEUED.matcher(metrics);
    var queued = 0L;
    while (matcher.find()) {
      queued += (long) Double.parseDouble(matcher.group(1));
    }
    assertThat(queued).as("queued worker tasks in the metrics").isPositive();
    return queued;
  }
}
