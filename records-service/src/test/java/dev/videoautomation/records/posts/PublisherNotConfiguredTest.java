package dev.videoautomation.records.posts;

import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.videoautomation.records.Simulated.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.time.Instant;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

import dev.videoautomation.platform.testing.InjectWireMock;
import dev.videoautomation.platform.testing.PostgresResource;
import dev.videoautomation.platform.testing.WireMockResource;
import dev.videoautomation.records.Fixtures;
import dev.videoautomation.records.Simulated;
import dev.videoautomation.records.accounts.AccountVerifier;

/** Without RECORDS_PUBLISHER_API_KEY a due post fails with publisher_not_configured; nothing is sent. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(value = WireMockResource.class, initArgs = @ResourceArg(name = "properties",
    value = Simulated.PROPERTIES))
class PublisherNotConfiguredTest {
  @InjectWireMock
  WireMockServer wireMock;

  @Inject
  AccountVerifier verifier;

  @Inject
  PostPublisher publisher;

  @Test
  void shouldFailADuePostSayingWhatToConfigure() {
    wireMock.resetAll();
    var client = Simulated.newClient();
    var account = Fixtures.activeAccount(wireMock, verifier, client);
    var asset = Fixtures.asset(wireMock, client)[0];
    String id = as(client).body("{\"accountId\": \"" + account + "\", \"videoId\": \"" + asset + "\", "
            + "\"scheduledAt\": " + Instant.now().minusSeconds(1).toEpochMilli() + "}")
        .when().post("/v1/posts").then().statusCode(201).extract().path("postId");

    publisher.runOnce();

    as(client).when().get("/v1/posts/" + id).then().statusCode(200)
        .body("status", equalTo("failed"))
        .body("errorCode", equalTo("publisher_not_configured"))
        .body("errorMessage", containsString("RECORDS_PUBLISHER_API_KEY"));
    wireMock.verify(0, postRequestedFor(urlPathEqualTo("/api/post")));
  }
}
