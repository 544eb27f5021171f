package dev.videoautomation.platform.calls;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * A charge that never got an answer is refunded by its operationId before the failure reaches the agent, so a charge
 * billing commits after the owner gave up is given back (issue 32: 200 concurrent charges on one key).
 */
@QuarkusTest
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "quarkus.rest-client.billing-client.url"))
class UnconfirmedChargeTest {
  /** billing-service's internal API on loopback. */
  @InjectWireMock
  WireMockServer billing;

  @Inject
  CreditsCalls credits;

  @BeforeEach
  void reset() {
    billing.resetAll();
    billing.stubFor(post("/internal/credits/refund").willReturn(okJson(
        "{\"operationId\":\"trk_1\",\"status\":\"refunded\",\"creditsRefunded\":8,\"balance\":50,\"replayed\":false}")));
  }

  @Test
  void shouldRefundAChargeWhoseEveryAttemptGotA504() {
    billing.stubFor(post("/internal/credits/charge").willReturn(aResponse().withStatus(504)));

    assertThatThrownBy(() -> credits.charge("cli_1", "trk_1", "music.generate", 1, null))
        .isInstanceOf(OwnerUnavailable.class);

    billing.verify(3, postRequestedFor(urlEqualTo("/internal/credits/charge")));
    billing.verify(1, postRequestedFor(urlEqualTo("/internal/credits/refund")).withRequestBody(equalToJson(
        "{\"clientId\":\"cli_1\",\"operationId\":\"trk_1\",\"reason\":\"charge_unconfirmed\"}")));
  }

  @Test
  void shouldRefundNothingWhenBillingRefusesTheCharge() {
    billing.stubFor(post("/internal/credits/charge").willReturn(aResponse().withStatus(402)
        .withHeader("Content-Type", "application/json")
        .withBody("{\"error\":\"insufficient_credits\",\"message\":\"Not enough credits.\",\"balance\":1,\"cost\":8}")));

    assertThatThrownBy(() -> credits.charge("cli_1", "trk_2", "music.generate", 1, null))
        .isInstanceOfSatisfying(OwnerRefusal.class, refusal -> assertThat(refusal.error().getError())
            .isEqualTo("insufficient_credits"));

    billing.verify(1, postRequestedFor(urlEqualTo("/internal/credits/charge")));
    billing.verify(0, postRequestedFor(urlEqualTo("/internal/credits/refund")));
  }

  @Test
  void shouldKeepTheChargeThatARetryConfirmed() {
    billing.stubFor(post("/internal/credits/charge").inScenario("busy").whenScenarioStateIs("Started")
        .willReturn(aResponse().withStatus(504)).willSetStateTo("answered"));
    billing.stubFor(post("/internal/credits/charge").inScenario("busy").whenScenarioStateIs("answered")
        .willReturn(okJson("{\"operationId\":\"trk_3\",\"status\":\"charged\",\"creditsCharged\":8,\"balance\":42,"
            + "\"remaining\":42,\"replayed\":true,\"chargedAt\":1}")));

    assertThat(credits.charge("cli_1", "trk_3", "music.generate", 1, null).creditsCharged()).isEqualTo(8);
    billing.verify(0, postRequestedFor(urlEqualTo("/internal/credits/refund")));
  }
}
