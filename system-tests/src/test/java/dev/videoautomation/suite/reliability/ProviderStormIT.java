package dev.videoautomation.suite.reliability;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The scraping provider fails: first a storm of 5xx answers, then answers slower than the timeout. Agents get typed
 * 502/503/504 errors with {@code setup}, the circuit breaker opens so later calls fail fast instead of waiting on
 * the provider, and not one daily unit is spent on the failures.
 */
@ExtendWith(ReliabilitySuite.class)
class ProviderStormIT {
  private static final String PATH = "/v1/scrape/shortvideo/profile";
  private static final String UPSTREAM = "/v1/tiktok/profile";

  @Test
  void shouldFailFastTypedAndFreeOnA5xxStorm() throws Exception {
    var providers = ReliabilitySuite.providers();
    providers.stubFor(get(urlPathEqualTo(UPSTREAM)).willReturn(aResponse().withStatus(503)
        .withHeader("Content-Type", "application/json").withBody("{\"success\":false,\"message\":\"overloaded\"}")));
    var key = ReliabilitySuite.subscribedKeys(1).getFirst();
    var before = remaining(key);

    var millis = new ArrayList<Double>();
    for (int i = 0; i < 30; i++) {
      var started = System.nanoTime();
      var response = ReliabilitySuite.send(ReliabilitySuite.as(key, PATH).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"handle\":\"storm" + i + "\"}")));
      millis.add((System.nanoTime() - started) / 1e6);
      Answers.assertTypedError(response, Set.of(502, 503));
      assertThat(ReliabilitySuite.json(response).path("setup").asText()).isNotBlank();
    }
    var providerCalls = providers.findAll(com.github.tomakehurst.wiremock.client.WireMock
        .getRequestedFor(urlPathEqualTo(UPSTREAM))).size();
    assertThat(providerCalls).as("the breaker stops calling a failing provider").isLessThan(30);
    var lastTen = millis.subList(20, 30).stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    assertThat(lastTen).as("calls fail fast once the breaker is open (ms)").isLessThan(500);
    assertThat(remaining(key)).as("failed calls spend no units").isEqualTo(before);
    ReliabilitySuite.figure("provider-5xx", String.format(Locale.ROOT,
        "Scraping provider answering 503 to everything: 30 agent calls all typed 502/503 with `setup`; the provider "
            + "was called %d times (circuit breaker opened); the slowest of the last 10 calls took %.0f ms; "
            + "scrape units spent: %d.", providerCalls, lastTen, before - remaining(key)));
  }

  @Test
  void shouldAnswerTimeoutsAsUpstreamTimeoutAndFree() throws Exception {
    var providers = ReliabilitySuite.providers();
    providers.stubFor(get(urlPathEqualTo(UPSTREAM)).willReturn(aResponse().withStatus(200).withFixedDelay(4_000)
        .withHeader("Content-Type", "application/json").withBody("{\"user\":{}}")));
    var key = ReliabilitySuite.subscribedKeys(1).getFirst();
    var before = remaining(key);
    Thread.sleep(2_500); // lets a breaker opened by another test close again
    var codes = new ArrayList<String>();
    var slowest = 0.0;
    for (int i = 0; i < 4; i++) {
      var started = System.nanoTime();
      var response = ReliabilitySuite.send(ReliabilitySuite.as(key, PATH).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"handle\":\"slow" + i + "\"}")));
      slowest = Math.max(slowest, (System.nanoTime() - started) / 1e9);
      Answers.assertTypedError(response, Set.of(502, 503, 504));
      codes.add(ReliabilitySuite.json(response).path("error").asText());
    }
    assertThat(codes).contains("upstream_timeout");
    assertThat(slowest).as("the provider timeout (2 s here) bounds every call, retry included (s)").isLessThan(7);
    assertThat(remaining(key)).isEqualTo(before);
    ReliabilitySuite.figure("provider-timeout", String.format(Locale.ROOT,
        "Scraping provider answering after 4 s with a 2 s timeout: answers %s, slowest call %.1f s, no units spent.",
        codes, slowest));
  }

  private static int remaining(String key) throws Exception {
    return ReliabilitySuite.json(ReliabilitySuite.send(ReliabilitySuite.as(key, "/v1/usage")))
        .at("/usage/scrape/remaining").asInt();
  }
}
