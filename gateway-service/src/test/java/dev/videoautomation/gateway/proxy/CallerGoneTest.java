package dev.videoautomation.gateway.proxy;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

import dev.videoautomation.gateway.OwnerStubs;
import dev.videoautomation.gateway.limits.DailyLimits;
import dev.videoautomation.platform.limits.LimitBucket;
import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A caller that leaves while its metered call is admitted (its unit being taken) gets its unit back at once and its
 * call never reaches the owner; before, the forward waited on a body nothing would end, holding the unit until the
 * owner's idle timeout (here 60 s, the default 120 s).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "gateway.owners.auth,gateway.owners.billing,gateway.owners.scrape,gateway.owners.media,"
        + "gateway.owners.clone"))
@TestProfile(CallerGoneTest.LongIdleTimeout.class)
class CallerGoneTest {
  /** Every take of a unit waits a second in the database, so the caller can leave while it is taken. */
  private static final String SLOW_TAKE = """
      CREATE OR REPLACE FUNCTION test_slow_take() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_sleep(1);
        RETURN NULL;
      END $$""";

  public static class LongIdleTimeout implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("gateway.upstream.idle-timeout", "PT60S");
    }
  }

  @InjectWireMock
  WireMockServer owner;

  @Inject
  DataSource database;

  @Inject
  DailyLimits limits;

  @TestHTTPResource("/")
  URL gateway;

  @BeforeEach
  void slowTakes() throws SQLException {
    owner.resetAll();
    owner.stubFor(post(urlEqualTo("/v1/watch")).willReturn(aResponse().withStatus(200)
        .withHeader("Content-Type", "application/json").withBody("{\"summary\":\"ok\"}")));
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      statement.execute(SLOW_TAKE);
      statement.execute("CREATE TRIGGER test_slow_take BEFORE INSERT ON daily_usage FOR EACH STATEMENT "
          + "EXECUTE FUNCTION test_slow_take()");
    }
  }

  @AfterEach
  void fastTakes() throws SQLException {
    try (var connection = database.getConnection(); var statement = connection.createStatement()) {
      statement.execute("DROP TRIGGER IF EXISTS test_slow_take ON daily_usage");
    }
  }

  @Test
  void shouldGiveTheUnitBackAtOnceAndSendNothingWhenTheCallerLeavesWhileItIsTaken() throws Exception {
    var holder = new OwnerStubs(owner).subscribed(Map.of(LimitBucket.WATCH, 5));
    var left = System.nanoTime();
    try (var socket = new Socket(gateway.getHost(), gateway.getPort())) {
      socket.getOutputStream().write(("POST /v1/watch HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
          + holder.key() + "\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{\"url\":\"a\"}")
          .getBytes(StandardCharsets.ISO_8859_1));
      socket.getOutputStream().flush();
      Thread.sleep(300); // the unit is being taken
    }

    // A row at 0 is a unit taken and given back; no row would be none taken.
    var deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!Integer.valueOf(0).equals(limits.usedToday(holder.clientId()).get(LimitBucket.WATCH))
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(limits.usedToday(holder.clientId())).as("the unit taken and given back")
        .containsEntry(LimitBucket.WATCH, 0);
    assertThat(Duration.ofNanos(System.nanoTime() - left)).as("long before the idle timeout")
        .isLessThan(Duration.ofSeconds(20));
    owner.verify(0, postRequestedFor(urlEqualTo("/v1/watch")));
  }
}
