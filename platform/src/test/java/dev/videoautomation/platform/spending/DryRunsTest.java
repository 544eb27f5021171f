package dev.videoautomation.platform.spending;

import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.TestTokens;
import dev.videoautomation.platform.testing.WireMockResource;

/**
 * The owners' side of a dry run, end to end: the real call's validation first, then a 200 {@code DryRun} instead of
 * any work; a charging operation asks billing's quote (with the agent's key and {@code Max-Credits}) and charges
 * nothing.
 */
@QuarkusTest
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = "quarkus.rest-client.billing-client.url"))
class DryRunsTest {
  /** billing-service's internal API on loopback. */
  /** billing-service's internal API on loopback. */
  @InjectWireMock
  WireMockServer billing;

  @BeforeEach
  void reset() {
    billing.resetAll();
    DryRunProbeResource.WORK_DONE.set(0);
  }

  private static RequestSpecification agent() {
    return given().header("Authorization", "Bearer " + TestTokens.forClientKey("cli_test", "key_sub1",
        Set.of("api.write"), null)).contentType("application/json");
  }

  @Test
  void shouldAnswerAFreeOperationsDryRunWithoutDoingItsWork() {
    agent().body("{\"prompt\":\"x\"}").queryParam("dryRun", "true").when().post("/v1/overlay").then()
        .statusCode(200).body("dryRun", equalTo(true)).body("wouldRun", equalTo(true))
        .body("cost.credits", equalTo(0)).body("balance", nullValue()).body("refusal", nullValue());
    assertThat(DryRunProbeResource.WORK_DONE).hasValue(0);
    assertThat(billing.getAllServeEvents()).isEmpty();
    agent().body("{\"prompt\":\"x\"}").queryParam("dryRun", "false").when().post("/v1/overlay").then()
        .statusCode(200).body("done", equalTo(1));
  }

  @Test
  void shouldValidateADryRunAsTheRealCall() {
    agent().body("{\"prompt\":\"\"}").queryParam("dryRun", "true").when().post("/v1/overlay").then()
        .statusCode(400).body("error", equalTo("invalid_request")).body("field", equalTo("prompt"));
    assertThat(DryRunProbeResource.WORK_DONE).hasValue(0);
  }

  @Test
  void shouldQuoteAChargingOperationWithTheKeyAndCap() {
    billing.stubFor(post("/internal/credits/quote").willReturn(okJson(
        "{\"credits\":5,\"balance\":3,\"remaining\":3,\"wouldCharge\":false,\"refusal\":"
            + "{\"error\":\"insufficient_credits\",\"message\":\"Not enough credits.\",\"balance\":3,\"cost\":5}}")));
    agent().header("Max-Credits", "9").body("{\"prompt\":\"x\"}").queryParam("dryRun", "true")
        .when().post("/v1/music").then()
        .statusCode(200).body("dryRun", equalTo(true)).body("wouldRun", equalTo(false))
        .body("cost.credits", equalTo(5)).body("balance.credits", equalTo(3))
        .body("refusal.error", equalTo("insufficient_credits")).body("refusal.cost", equalTo(5));
    billing.verify(1, postRequestedFor(urlEqualTo("/internal/credits/quote")).withRequestBody(equalToJson(
        "{\"clientId\":\"cli_test\",\"operation\":\"music.generate\",\"quantity\":1,"
            + "\"attributes\":{\"model\":\"v4\"},\"keyId\":\"key_sub1\",\"maxCredits\":9}")));
    billing.verify(0, postRequestedFor(urlEqualTo("/internal/credits/charge")));
    assertThat(DryRunProbeResource.WORK_DONE).hasValue(0);
  }

  @Test
  void shouldSayAChargingOperationWouldRunWhenTheQuoteCharges() {
    billing.stubFor(post("/internal/credits/quote").willReturn(okJson(
        "{\"credits\":5,\"balance\":50,\"remaining\":50,\"wouldCharge\":true,\"refusal\":null}")));
    agent().body("{\"prompt\":\"x\"}").queryParam("dryRun", "true").when().post("/v1/music").then()
        .statusCode(200).body("wouldRun", equalTo(true)).body("cost.credits", equalTo(5))
        .body("balance.credits", equalTo(50)).body("refusal", nullValue());
    assertThat(DryRunProbeResource.WORK_DONE).hasValue(0);
  }
}
