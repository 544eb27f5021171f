package dev.videoautomation.suite.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.videoautomation.suite.Service;
import dev.videoautomation.suite.contract.JdkExchange;

/**
 * Recovery must not reveal whether an address is registered, by its answer or by its timing: 200 code requests for a
 * registered (claimed, so verified) address and 200 for an unknown one, interleaved through the gateway, have medians
 * within 1 ms. The per-address and per-recipient hourly limits are raised for this suite (ReliabilitySuite).
 */
@ExtendWith(ReliabilitySuite.class)
class RecoveryTimingIT {
  private static final int SAMPLES = 200;
  private static final int WARM_UP = 30;
  private static final double MAX_MEDIAN_GAP_MS = 1.0;

  @Test
  void shouldTakeAsLongForARegisteredAddressAsForAnUnknownOne() throws Exception {
    var registered = claimedAddress();
    // One unknown address, asked as often as the registered one: both then have the same history (an earlier code
    // to void, a recipient count to raise), and only registration tells them apart.
    var unknown = "nobody-" + UUID.randomUUID() + "@suite.test";
    for (int i = 0; i < WARM_UP; i++) {
      askForCode(registered);
      askForCode(unknown);
    }

    var registeredMs = new ArrayList<Double>();
    var unknownMs = new ArrayList<Double>();
    for (int i = 0; i < SAMPLES; i++) {
      // Alternate which goes first, so neither always follows the other's work.
      if (i % 2 == 0) {
        registeredMs.add(askForCode(registered));
        unknownMs.add(askForCode(unknown));
      } else {
        unknownMs.add(askForCode(unknown));
        registeredMs.add(askForCode(registered));
      }
    }

    var registeredMedian = median(registeredMs);
    var unknownMedian = median(unknownMs);
    var gap = Math.abs(registeredMedian - unknownMedian);
    ReliabilitySuite.figure("recovery-timing", String.format(Locale.ROOT, "Recovery code requests "
        + "(`POST /v1/api_keys/recover {email}` through the gateway, %d interleaved samples each): median %.2f ms "
        + "for a registered address, %.2f ms for an unknown one, %.2f ms apart (at most %.1f allowed) "
        + "(RecoveryTimingIT)", SAMPLES, registeredMedian, unknownMedian, gap, MAX_MEDIAN_GAP_MS));
    assertThat(gap).as("median gap in ms (registered %.2f, unknown %.2f)", registeredMedian, unknownMedian)
        .isLessThan(MAX_MEDIAN_GAP_MS);
  }

  /** One recovery code request; its time in milliseconds. Every answer must be the same 202. */
  private static double askForCode(String email) throws Exception {
    var request = HttpRequest.newBuilder(ReliabilitySuite.gateway().resolve("/v1/api_keys/recover"))
        .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
        .POST(HttpRequest.BodyPublishers.ofString("{\"email\":\"" + email + "\"}")).build();
    var started = System.nanoTime();
    var response = ReliabilitySuite.RAW.send(request, HttpResponse.BodyHandlers.ofString());
    var elapsed = (System.nanoTime() - started) / 1e6;
    // Judged against the OpenAPI snapshot outside the measured time.
    JdkExchange.check(request, response);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    assertThat(response.body()).isEqualTo("{\"status\":\"code_sent_if_registered\"}");
    return elapsed;
  }

  /** An address a claim verified: an anonymous registration claimed with the code mailed to it (the log mailer). */
  private static String claimedAddress() throws Exception {
    var email = "timing-" + UUID.randomUUID() + "@suite.test";
    var registration = ReliabilitySuite.json(ReliabilitySuite.send(post("/v1/auth/agent",
        "{\"type\":\"anonymous\",\"requested_credential_type\":\"api_key\"}")));
    var claimToken = registration.get("claim_token").asText();
    assertThat(ReliabilitySuite.send(post("/v1/auth/agent/claim", "{\"claim_token\":\"" + claimToken
        + "\",\"email\":\"" + email + "\"}")).statusCode()).isEqualTo(200);
    var completed = ReliabilitySuite.send(post("/v1/auth/agent/claim/complete", "{\"claim_token\":\"" + claimToken
        + "\",\"code\":\"" + mailedCode(email) + "\"}"));
    assertThat(completed.statusCode()).as(completed.body()).isEqualTo(200);
    return email;
  }

  private static HttpRequest.Builder post(String path, String json) {
    return HttpRequest.newBuilder(ReliabilitySuite.gateway().resolve(path)).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json));
  }

  /** The code of the last mail to {@code email} in auth's log (the embedded default mailer writes mails there). */
  private static String mailedCode(String email) throws Exception {
    var mail = Pattern.compile("to \\[?" + Pattern.quote(email) + "[\\s\\S]{0,300}?code is (\\d{6})");
    var log = ReliabilitySuite.suite().logFile(Service.AUTH);
    var deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      var matcher = mail.matcher(Files.readString(log));
      String code = null;
      while (matcher.find()) {
        code = matcher.group(1);
      }
      if (code != null) {
        return code;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no code mailed to " + email + " in " + log);
  }

  private static double median(List<Double> values) {
    var sorted = values.stream().sorted().toList();
    var middle = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }
}
